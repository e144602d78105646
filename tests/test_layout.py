"""The shape of the code that the rest relies on (README.md, "Layout"): views are thin and
stand alone, and every game goes through its Kind."""

import ast
from pathlib import Path

import pytest

from games.kinds import KINDS, kind_of

GAMES = Path(__file__).resolve().parent.parent / "games"


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("view", sorted(p.name for p in (GAMES / "views").glob("*.py")))
def test_no_view_module_imports_another(view: str) -> None:
    imported = imported_modules(GAMES / "views" / view)
    assert not [name for name in imported if name.startswith("games.views")]


def test_an_unknown_game_is_an_error() -> None:
    with pytest.raises(KeyError):
        kind_of("chess")


@pytest.mark.django_db
def test_every_game_has_a_table_and_screens() -> None:
    """Each Kind's table gives what the app asks of it (games/tables, games/screens)."""
    for kind in KINDS.values():
        table = kind.table
        screens = table.screens()
        files = table.files()
        for name in ("load", "prefetched", "deal_state", "restore", "create", "chart"):
            assert callable(getattr(table, name)), (kind.name, name)
        for name in ("table_context", "sheet", "correct", "offline_state", "ahead", "preview"):
            assert callable(getattr(screens, name)), (kind.name, name)
        assert isinstance(screens.ENTRIES, dict)
        assert screens.SHEET_TEMPLATE.startswith("games/")
        for name in ("csv_rows", "deals_json", "summary", "read_deals"):
            assert callable(getattr(files, name)), (kind.name, name)


def test_the_phones_rules_name_no_round_game() -> None:
    """games/phone_rules/figures.py finds a round game's rules module by the name its Kind
    gives (a sixth game touches no list there)."""
    source = (GAMES / "phone_rules" / "figures.py").read_text()
    for kind in KINDS.values():
        if kind.rounds is not None:
            short = kind.rounds.__name__.rsplit(".", 1)[-1]
            assert f'"{short}"' not in source and f"import {short}" not in source, short
            assert f" {short}," not in source, short


def test_the_phone_finds_each_round_games_rules_by_its_name() -> None:
    from games.phone_rules import figures

    for kind in KINDS.values():
        if kind.rounds is not None:
            assert figures.round_game(kind.rounds.__name__.rsplit(".", 1)[-1]) is kind.rounds
    for unknown in ("oh_hell", "chess", "errors", "../x"):
        with pytest.raises(KeyError):
            figures.round_game(unknown)
