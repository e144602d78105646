"""games.rules on the phone, through MicroPython's WebAssembly port (issue 39, item 3b;
docs/phone.md "Rules on the phone (MicroPython)").

Pure Python, no Django. ``micropython/`` holds the few standard modules MicroPython lacks
(dataclasses, enum, collections.abc, __future__), written for it alone; `fields` lists every
dataclass's fields with CPython, since MicroPython drops annotation-only lines; `bundle`
gathers games.rules, the shims and that list into one JSON file for the phone; `figures`
scores a game from plain JSON and answers in plain JSON, and runs under both interpreters.
"""
