"""The shape of the code that the rest relies on (README.md, "Layout"): views are thin and
stand alone, and every game goes through its Kind."""

import ast
import re
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
    """Each Kind's table gives what the app asks of it (games/tables, games/screens,
    games/stats)."""
    for kind in KINDS.values():
        table = kind.table
        screens = table.screens()
        files = table.files()
        for name in ("load", "prefetched", "deal_state", "restore", "create", "chart", "settle"):
            assert callable(getattr(table, name)), (kind.name, name)
        figures = table.stats()
        for name in ("scored", "player_stats", "head_to_head", "winners"):
            assert callable(getattr(figures, name)), (kind.name, name)
        assert figures.TEMPLATE.startswith("games/")
        for name in ("table_context", "sheet", "correct", "offline_state", "ahead", "preview"):
            assert callable(getattr(screens, name)), (kind.name, name)
        assert isinstance(screens.ENTRIES, dict)
        assert callable(table.big().big_screen), kind.name  # games/screens/big.py
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


def game_names() -> dict[str, set[str]]:
    """Each game's name as code or prose writes it, from its registration: ``oh_hell``,
    ``OhHell``, its English label when the label is a name ("Oh Hell", "Skull King"), and
    the names a label gives in brackets ("Tysiąc", "Тысяча")."""
    found = {}
    for kind in KINDS.values():
        names = {kind.name, kind.name.replace("_", "")}
        label = str(kind.label)
        if ":" not in label and "(" not in label:
            names.add(label)
        if "(" in label:
            names.update(label.split("(", 1)[1].rstrip(")").split(", "))
        found[kind.name] = {name.lower() for name in names}
    return found


ROOT = GAMES.parent


def own_places(kind) -> list[str]:
    """A game's own files, as paths from the repository's root: its rules package (or
    module), its templates and its modules named after it (its table, screens, services)."""
    package = kind.rules.__module__.split(".")[2]
    return [
        f"games/rules/{package}/",
        f"games/rules/{package}.py",
        f"templates/games/{kind.name}",
        *(
            f"games/{part}/{kind.name}"
            for part in ("tables", "screens", "services", "views", "options")
        ),
    ]


#: The registration names every game; the migrations are history.
EVERY_GAMES_PLACES = ("games/kinds.py", "games/migrations/")


def shared_files() -> list[Path]:
    """Every Python module and template outside the places of EVERY_GAMES_PLACES."""
    found = [*GAMES.rglob("*.py"), *(ROOT / "scorekeeper").rglob("*.py")]
    found += (ROOT / "templates").rglob("*.html")
    return sorted(
        path
        for path in found
        if not path.relative_to(ROOT).as_posix().startswith(EVERY_GAMES_PLACES)
    )


#: Words of the cards a game may be named after (a suit, say Spades): such a name is looked
#: for as a game's name is written, capitalised or as code names its module ("rules.spades",
#: "spades_stats", "spades.html"), not as the suit in a sentence ("clubs or spades").
CARD_WORDS = {"spades", "hearts", "diamonds", "clubs"}


def named(name: str, text: str) -> bool:
    if name not in CARD_WORDS:
        return name in text.lower()
    title = name.capitalize()
    code = rf"[./]{name}\b|\b{name}_|\b{name}\.(py|html)\b|import [\w, ]*\b{name}\b"
    return re.search(rf"{code}|\b{title}(\b|[A-Z])", text) is not None


def named_games(text: str) -> set[str]:
    """The games whose names ``text`` holds, whatever the case."""
    return {game for game, names in game_names().items() if any(named(n, text) for n in names)}


def test_no_shared_code_names_a_game() -> None:
    """Issue 39: outside a game's rules package, templates, options, registration and its
    own modules, no code or comment names a game: a sixth game touches its own files only
    (README.md, "Adding a game")."""
    found = []
    for path in shared_files():
        where = path.relative_to(ROOT).as_posix()
        mine = {kind.name for kind in KINDS.values() if where.startswith(tuple(own_places(kind)))}
        found += [f"{where}: {game}" for game in sorted(named_games(path.read_text()) - mine)]
    assert found == []


def test_the_search_for_names_finds_every_game() -> None:
    written = "OhHellTable, games.rules.kozel, 'Skull King', Tysiąc a 4, any_game"
    assert named_games(written) == {"oh_hell", "kozel", "skull_king", "tysiac", "any_game"}
    for kind in KINDS.values():  # every registered game, as its own template names it
        assert named_games(f"templates/games/{kind.name}.html") == {kind.name}
    assert named_games("any game, a score sheet, the round, the deal") == set()
    assert named("spades", "from games.rules import kozel, spades")
    assert named("spades", "games.rules.spades, SpadesTable")
    assert named("spades", "Spades: four players")
    assert not named("spades", "clubs or spades. Suit.SPADES")


def test_the_most_seats_are_the_registrys() -> None:
    from games.models import MAX_SEATS

    assert max(kind.players[1] for kind in KINDS.values()) == MAX_SEATS
