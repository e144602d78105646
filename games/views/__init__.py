"""Thin function views: load, check access (access.get_game), parse, call a service, render."""
