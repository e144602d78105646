"""`from __future__ import annotations` for MicroPython, which never evaluates annotations."""

annotations = None
