"""Thin function views, one module per page family: load, check access (access.get_game),
parse, call a service, render."""
