"""One JSON file for the phone: path -> source of every module MicroPython needs to run
games.rules (the rules, the shims in ``micropython/``, the dataclass table and `figures`).
The page writes each file under /lib of MicroPython's file system and imports from there.

``python -m games.phone_rules.bundle OUT.json`` writes it; the site serves it as the static
file ``phone_rules/rules.json`` (scorekeeper/staticfiles.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from games.phone_rules.fields import as_module

HERE = Path(__file__).resolve().parent
GAMES = HERE.parent


def files() -> dict[str, str]:
    """Path under /lib -> source, sorted by path."""
    found = {"games/__init__.py": "", "games/phone_rules/__init__.py": ""}
    for path in sorted((GAMES / "rules").rglob("*.py")):
        found[path.relative_to(GAMES.parent).as_posix()] = path.read_text()
    found["games/phone_rules/figures.py"] = (HERE / "figures.py").read_text()
    for path in sorted((HERE / "micropython").rglob("*.py")):
        found[path.relative_to(HERE / "micropython").as_posix()] = path.read_text()
    found["_dataclass_fields.py"] = as_module()
    return dict(sorted(found.items()))


def text() -> str:
    """The bundle as JSON text: the same sources give the same bytes."""
    return json.dumps(files(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def write(out: Path) -> int:
    body = text()
    out.write_text(body)
    return len(body.encode())


if __name__ == "__main__":
    print(f"{sys.argv[1]}: {write(Path(sys.argv[1]))} bytes")
