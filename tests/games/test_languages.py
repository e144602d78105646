"""Every table's language: English, Italian, Polish and Russian (issue 7, docs/languages.md).

The catalogues in locale/ are complete and compiled; every message the code and the
templates mark is in them; every page, refusal and announcement comes out in the
visitor's language with no English sentence of ours left on it; plurals take the
right form in Polish and Russian; dates and decimals follow the language.

No GNU gettext is needed: the catalogues are read with polib, the templates' messages
are found with Django's own `templatize` and the Python ones with `ast`.
"""

from __future__ import annotations

import ast
import json
import re
from datetime import UTC, datetime
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext
from django.utils.translation.template import templatize

from games import services
from games.kinds import kind_of
from games.models import Game
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    HTMX,
    client_of,
    enter_kozel_deal,
    place_bids,
    play_deal,
    start_kozel,
    start_oh_hell,
)
from tests.games.test_stats import play_three_sessions, play_two_matches

ROOT = Path(settings.BASE_DIR)
TEMPLATES = ROOT / "templates"
LANGUAGES = ["it", "pl", "ru"]  # English is the source language
NPLURALS = {"it": 2, "pl": 4, "ru": 4}
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


# -- the catalogues ------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language) -> None:
    po = catalogue(language)

    assert po.untranslated_entries() == []
    assert [entry.msgid for entry in po.fuzzy_entries()] == []
    assert not po.metadata_is_fuzzy  # a fuzzy header would lose the plural rule
    assert f"nplurals={NPLURALS[language]};" in po.metadata["Plural-Forms"]
    for entry in po.translated_entries():
        if entry.msgid_plural:
            forms = [entry.msgstr_plural[n] for n in range(NPLURALS[language])]
            assert all(forms), entry.msgid
        else:
            forms = [entry.msgstr]
        expected = set(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
        for form in forms:
            # A singular form may leave its number out ("a card"), never add one.
            assert set(PLACEHOLDER.findall(form)) <= expected, (entry.msgid, form)
            if not entry.msgid_plural:
                assert set(PLACEHOLDER.findall(form)) == expected, (entry.msgid, form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_says_what_the_catalogue_says(language) -> None:
    po = catalogue(language)
    mo = polib.mofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.mo"))

    def pairs(entries) -> dict:
        return {
            (entry.msgctxt, entry.msgid): entry.msgstr or tuple(sorted(entry.msgstr_plural.items()))
            for entry in entries
            if entry.msgid
        }

    assert pairs(mo) == pairs(po.translated_entries()), "run manage.py compilemessages"
    assert po.metadata["Plural-Forms"] == mo.metadata["Plural-Forms"]


def marked_in_python() -> set[tuple[str | None, str]]:
    """(context, msgid) of every string our Python marks, and of every refusal raised
    with a plain string (games.views.message() looks those up at run time)."""
    calls = {
        "_": (None, 0),
        "gettext": (None, 0),
        "gettext_lazy": (None, 0),
        "gettext_noop": (None, 0),
        "ngettext": (None, 0),
        "ngettext_lazy": (None, 0),
        "plural": (None, 0),  # games/views/offline.py: the phone's sentences, by number
        "pgettext": (0, 1),
        "pgettext_lazy": (0, 1),
        "npgettext": (0, 1),
        "RuleError": (None, 0),
        "Conflict": (None, 0),
    }
    found = set()
    paths = [*(ROOT / "games").rglob("*.py"), *(ROOT / "scorekeeper").rglob("*.py")]
    for path in paths:
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in calls:
                continue
            context_at, msgid_at = calls[name]
            args = node.args
            if len(args) <= msgid_at or not isinstance(args[msgid_at], ast.Constant):
                continue
            if not isinstance(args[msgid_at].value, str):
                continue
            context = args[context_at].value if context_at is not None else None
            found.add((context, args[msgid_at].value))
    return found


TEMPLATE_CALL = re.compile(
    r"\b(gettext|ngettext|pgettext|npgettext)\(((?:u?(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
    r"(?:, *)?)+)"
)
TEMPLATE_STRING = re.compile(r"u?('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def marked_in_templates() -> set[tuple[str | None, str]]:
    """What makemessages would take from the templates: Django's templatize turns
    {% translate %} and {% blocktranslate %} into gettext() calls, and our
    as makemessages does."""
    found = set()
    django_templates = [
        templatize(path.read_text(), origin=str(path))
        for path in (ROOT / "templates").rglob("*.html")
    ]
    for written in django_templates:
        for call in TEMPLATE_CALL.finditer(written):
            strings = [ast.literal_eval(s) for s in TEMPLATE_STRING.findall(call.group(2))]
            if call.group(1).startswith("p") or call.group(1).startswith("np"):
                found.add((strings[0], strings[1]))
            else:
                found.add((None, strings[0]))
    return found


def test_the_finder_sees_what_the_templates_and_the_code_mark() -> None:
    # A check of the check: strings we know are marked, in each way they can be.
    in_templates = marked_in_templates()
    assert (None, "Score sheet") in in_templates  # {% translate %}
    assert (None, "Deal %(n)s of %(total)s") in in_templates  # {% blocktranslate with n=... %}
    assert (None, "%(n)s trick played.") in in_templates  # {% trans %}...{% pluralize %}
    assert ("dealer badge", "D") in in_templates  # Jinja2's pgettext()
    assert (None, "Language") in in_templates  # {% translate %}
    stake = "What each player pays at %(stake)s a point"
    assert (None, stake) in in_templates  # {% blocktranslate %}
    assert (None, "%(deals)s deal") in in_templates  # {% blocktranslate count %}
    assert ("language", "Change") in in_templates  # a context in Django's
    in_python = marked_in_python()
    assert (None, "OVER by %(by)s") in in_python  # gettext
    assert (None, "Pick a bid.") in in_python  # gettext_lazy
    assert (None, "Oh Hell is for %(low)s to %(high)s players.") in in_python  # the rules
    assert (None, "The table is full.") in in_python  # a plain RuleError in a view
    kept = "No connection · %(n)s entry kept on this phone"
    assert (None, kept) in in_python  # ngettext, the phone's words
    assert (None, "%(cards)s card") in in_python  # games/views/offline.py's plural()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_the_code_and_the_templates_show_is_in_the_catalogue(language) -> None:
    translated = {
        (entry.msgctxt, entry.msgid) for entry in catalogue(language).translated_entries()
    }

    missing = (marked_in_python() | marked_in_templates()) - translated

    assert sorted(missing, key=str) == [], (
        "run manage.py makemessages, translate and compilemessages (docs/languages.md)"
    )


# -- pages in each language ------------------------------------------------------------


class VisibleText(HTMLParser):
    """The text a visitor sees or hears: text nodes and the attributes a screen reader
    reads, leaving out scripts, styles and anything marked with another language
    (the switcher names each language in itself)."""

    ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "data-copied"}
    VOID = {"input", "meta", "link", "br", "img", "hr", "source", "wbr", "area", "col"}

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[tuple[str, bool]] = []
        self.chunks: list[str] = []

    def skipping(self) -> bool:
        return any(skip for _tag, skip in self.stack)

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        lang = attributes.get("lang")
        skip = tag in ("script", "style") or (
            lang is not None and tag != "html" and lang != self.language
        )
        if not skip and not self.skipping():
            for name, value in attributes.items():
                if value and (name in self.ATTRIBUTES or name.startswith("data-msg-")):
                    self.chunks.append(" ".join(value.split()))
        if tag not in self.VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag, attrs) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data) -> None:
        text = " ".join(data.split())
        if text and not self.skipping():
            self.chunks.append(text)


def visible_text(html: str, language: str) -> list[str]:
    parser = VisibleText(language)
    parser.feed(html)
    return parser.chunks


def english_leftovers(language: str):
    """A pattern that finds, as whole words, any English message of our catalogue whose
    translation differs from it ("Oh Hell" and "10" stay the same in every language)."""
    patterns = []
    for entry in catalogue(language).translated_entries():
        sources = [entry.msgid, entry.msgid_plural] if entry.msgid_plural else [entry.msgid]
        translations = set(entry.msgstr_plural.values()) if entry.msgid_plural else {entry.msgstr}
        for source in sources:
            if source in translations or not re.search(r"[A-Za-z]{2}", source):
                continue
            words = re.findall(r"[A-Za-z]+", PLACEHOLDER.sub(" ", source))
            if PLACEHOLDER.search(source) and len(words) == 1 and len(words[0]) <= 3:
                continue  # "to %(value)s": "to" is a Polish word too
            parts = [re.escape(part) for part in PLACEHOLDER.split(source)]
            patterns.append(r"(?<!\w)" + r".+?".join(parts) + r"(?!\w)")
    # Longest first, so a sentence is reported rather than a word inside it.
    patterns.sort(key=len, reverse=True)
    return re.compile("|".join(patterns))


LEFTOVERS = {language: None for language in LANGUAGES}


def leftovers(html: str, language: str) -> list[str]:
    if LEFTOVERS[language] is None:
        LEFTOVERS[language] = english_leftovers(language)
    pattern = LEFTOVERS[language]
    return [
        f"{match.group(0)!r} in {chunk!r}"
        for chunk in visible_text(html, language)
        for match in [pattern.search(chunk)]
        if match
    ]


#: Latin words a Russian page may show: the players' names, the app's and a game's
#: own names, and file formats.
LATIN_IN_RUSSIAN = {"Anna", "Ben", "Carla", "Dan", "Scorekeeper", "Oh", "Hell", "QR", "CSV"}
LATIN_IN_RUSSIAN |= {"JSON", "json", "Wi", "Fi", "Nomination", "Whist", "Well", "Wizard"}


def latin_words(html: str) -> set[str]:
    words = set()
    for chunk in visible_text(html, "ru"):
        words |= set(re.findall(r"[A-Za-z]{2,}", chunk))
    return words - LATIN_IN_RUSSIAN


@pytest.fixture
def table(notebook):
    """A notebook in use: finished and open sessions of both games, a deal scored, the
    bids of the next one placed (the announcement shows), corrections and history."""
    play_three_sessions(notebook)
    play_two_matches(notebook)
    game = start_oh_hell(notebook)
    play_deal(game, bids={BEN: 3, CARLA: 2, DAN: 2, ANNA: 2}, tricks=[2, 3, 2, 3])
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=DAN, points=-5, note="")
    place_bids(game, {CARLA: 1, DAN: 2, ANNA: 2, BEN: 1})  # 9 cards: 6 bid
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=45)
    enter_kozel_deal(match, points=60)  # eggs
    over = start_kozel(notebook, preset="short")
    enter_kozel_deal(over, points=0, took_trick=False)  # 6 of 6: Anna & Carla are the goat
    players = {player.name: player for player in notebook.players.all()}
    return {
        "game": game,
        "match": match,
        "over": over,
        "players": players,
        **round_games(notebook),
    }


def round_games(notebook) -> dict:
    """Skull King with a bonus and the next bids in, Тысяча for four with the Polish talon,
    and a Scala 40 sheet with a player out, then ended by the table."""

    def start(kind, preset, names):
        options = kind_of(kind).preset_options(preset)
        return services.start_game(
            notebook=notebook,
            kind=kind,
            preset=preset,
            options=options,
            names=names,
            first_dealer=0,
        )

    skull = start("skull_king", "advanced", ["Anna", "Ben", "Carla"])
    # one trick: Anna's Rascal takes a 14 and Ben's Loot (an alliance), and she wagers
    bonuses = [{"fourteens": 1, "loot": [1], "wager": 10}, {"loot": [0]}, {}]
    entry = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "bonuses": bonuses}
    services.record_round(game=skull, round_number=1, entry=entry)
    services.record_bids(game=skull, round_number=2, entry={"bids": [1, 1, 1]})
    thousand = start("tysiac", "polish", ["Anna", "Ben", "Carla", "Dan"])
    deal = {"bidder": 1, "contract": 120, "points": [None, 100, 20, 0], "marriages": {"H": 1}}
    services.record_round(game=thousand, round_number=1, entry={**deal, "talon": {"aces": 1}})
    sheet = start("any_game", "scala_40", ["Anna", "Ben", "Carla"])
    services.record_round(game=sheet, round_number=1, entry={"points": [20, 101, -5]})
    services.end_game(game=sheet)
    return {"skull": skull, "thousand": thousand, "sheet": sheet}


def pages(table) -> list[str]:
    game, match, over = table["game"], table["match"], table["over"]
    finished = Game.objects.filter(notebook=game.notebook, finished_at__isnull=False).first()
    ben, carla = table["players"]["Ben"], table["players"]["Carla"]
    return [
        reverse("home"),
        reverse("new_session"),
        reverse("new_session") + "?kind=kozel",
        reverse("notebook"),
        reverse("game", args=[game.public_id]),
        reverse("sheet", args=[game.public_id]),
        reverse("correct", args=[game.public_id, 1]),
        reverse("history", args=[game.public_id]),
        reverse("share", args=[game.public_id]),
        *(reverse("big_screen", args=[session.public_id]) for session in (game, match, over)),
        reverse("settle_up", args=[game.public_id]) + "?stake=0.10",
        reverse("game", args=[match.public_id]),
        reverse("sheet", args=[match.public_id]),
        reverse("correct", args=[match.public_id, 2]),
        reverse("history", args=[match.public_id]),
        reverse("game", args=[over.public_id]),
        reverse("sheet", args=[over.public_id]),
        reverse("game", args=[finished.public_id]),
        reverse("finished"),
        reverse("statistics") + f"?a={ben.public_id}&b={carla.public_id}",
        reverse("player_statistics", args=[carla.public_id]),
        reverse("offline"),
        *[reverse("new_session") + f"?kind={kind}" for kind in ("skull_king", "tysiac")],
        reverse("new_session") + "?kind=any_game",
        *(
            reverse(name, args=args)
            for session in (table["skull"], table["thousand"], table["sheet"])
            for name, args in (
                ("game", [session.public_id]),
                ("sheet", [session.public_id]),
                ("correct", [session.public_id, 1]),
                ("history", [session.public_id]),
                ("big_screen", [session.public_id]),
            )
        ),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_comes_out_in_the_visitors_language_with_no_english_left(
    notebook, table, language
) -> None:
    client = client_of(notebook)
    found = {}
    for url in pages(table):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert f'<html lang="{language}">' in html, url
        problems = leftovers(html, language)
        if language == "ru":
            problems += [f"Latin word {word!r}" for word in sorted(latin_words(html))]
        if problems:
            found[url] = problems

    assert found == {}


def strings_in(value) -> list[str]:
    """Every string in a JSON value, however deep (an HTML form's text included)."""
    if isinstance(value, dict):
        return [text for each in value.values() for text in strings_in(each)]
    if isinstance(value, list):
        return [text for each in value for text in strings_in(each)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phones_offline_words_are_in_the_visitors_language(notebook, table, language):
    """What the scorekeeper's phone says while entries wait ("No connection · 2 entries
    kept on this phone", the offline table, the forms drawn ahead), for each game."""
    client = client_of(notebook)
    english = {}
    for session in (table["game"], table["match"], table["skull"], table["thousand"]):
        url = reverse("ahead", args=[session.public_id])
        said = client.get(url, HTTP_ACCEPT_LANGUAGE=language).json()
        in_english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
        same = set(strings_in(said["words"])) & set(strings_in(in_english["words"]))
        english[session.kind] = sorted(text for text in same if re.search("[a-z]{3,}", text))
        page = client.get(reverse("game", args=[session.public_id]), HTTP_ACCEPT_LANGUAGE=language)
        state = page.content.decode().split('id="offline-state" type="application/json">')[1]
        kept = json.loads(state.split("</script>")[0])["kept"]
        assert kept["1"] != "No connection · %(n)s entry kept on this phone", session.kind
        if session.kind == "skull_king":
            form = "".join(said["forms"].values())
            assert leftovers(form, language) == []

    assert english == {"oh_hell": [], "kozel": [], "skull_king": [], "tysiac": []}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_visit_shows_the_browsers_language_on_the_home_page(visitor, language) -> None:
    response = visitor.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")

    html = response.content.decode()
    assert leftovers(html, language) == []
    with translation.override(language):
        assert translation.gettext("New session") in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_error_pages_speak_the_visitors_language(db, visitor, language) -> None:
    response = visitor.get("/s/no-such-session/", HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 404
    assert leftovers(response.content.decode(), language) == []


# -- the switcher ------------------------------------------------------------------------


def test_every_page_has_the_switcher_with_the_current_language_chosen(client, game) -> None:
    response = client.get(reverse("sheet", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="pl")

    html = response.content.decode()
    assert f'action="{reverse("set_language")}"' in html
    assert f'name="next" value="{reverse("sheet", args=[game.public_id])}"' in html
    assert '<label for="language-select">Język</label>' in html
    assert '<option value="pl" lang="pl" selected>Polski</option>' in html
    assert '<option value="ru" lang="ru">Русский</option>' in html
    assert '<option value="en" lang="en">English</option>' in html


def test_switching_the_language_keeps_the_page_and_the_choice(client, game) -> None:
    page = reverse("game", args=[game.public_id])

    response = client.post(reverse("set_language"), {"language": "ru", "next": page})

    assert response.status_code == 302
    assert response["Location"] == page
    # The choice outlives the browser's own language.
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="ru">' in html
    assert "Сдача 1 из 19" in html
    back = client.post(reverse("set_language"), {"language": "en", "next": page})
    assert back["Location"] == page
    assert "Deal 1 of 19" in client.get(page, HTTP_ACCEPT_LANGUAGE="it").content.decode()


def test_a_page_drawn_by_a_refused_form_switches_back_to_the_page_that_sent_it(
    client, game
) -> None:
    page = f"http://testserver{reverse('game', args=[game.public_id])}"

    # Plain POST, a bid of 11 in a deal of 10 cards: the table comes back with a 422.
    response = client.post(
        reverse("bid", args=[game.public_id]),
        {"deal": 1, "seat": BEN, "bid": 11},
        HTTP_REFERER=page,
        HTTP_ACCEPT_LANGUAGE="pl",
    )

    assert response.status_code == 422
    assert f'name="next" value="{page}"' in response.content.decode()


def test_a_language_the_app_does_not_have_is_refused_and_changes_nothing(client, game) -> None:
    page = reverse("game", args=[game.public_id])

    client.post(reverse("set_language"), {"language": "xx", "next": page})

    assert '<html lang="en">' in client.get(page).content.decode()


# -- refusals, announcements, plurals, dates and numbers ----------------------------------


def test_a_refusal_of_the_rules_is_in_the_visitors_language(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2})  # Anna deals: 3 would make 10 of 10

    response = client.post(
        reverse("bid", args=[game.public_id]),
        {"deal": 1, "seat": ANNA, "bid": 3},
        HTTP_ACCEPT_LANGUAGE="ru",
        **HTMX,
    )

    assert response.status_code == 422
    assert "Запрет: при заказе 3 сумма заказов сравняется с числом взяток (10)." in (
        response.content.decode()
    )


def test_a_refusal_written_in_a_view_is_in_the_visitors_language(client) -> None:
    response = client.post(
        reverse("new_session"),
        {"kind": "oh_hell", "seat": ["Anna"], "new_name": "anna", "action": "add"},
        HTTP_ACCEPT_LANGUAGE="it",
    )

    assert response.status_code == 422
    assert "anna ha già un posto al tavolo." in response.content.decode()


def test_a_form_error_is_in_the_visitors_language(client, match) -> None:
    response = client.post(
        reverse("round", args=[match.public_id]),
        {"deal": 1, "e.team": 0, "e.points": 121},
        HTTP_ACCEPT_LANGUAGE="pl",
        **HTMX,
    )

    assert response.status_code == 422
    assert "Punkty z kart muszą być od 0 do 120." in response.content.decode()


def announced(response) -> str:
    return json.loads(response.headers["HX-Trigger"])["announce"]


@pytest.mark.parametrize(
    ("language", "call", "detail"),
    [
        ("en", "OVER by 1", "OVER by 1: 11 bid for 10."),
        ("it", "SOPRA di 1", "SOPRA di 1: dichiarate 11 su 10."),
        ("pl", "ZA DUŻO o 1", "ZA DUŻO o 1: zadeklarowano 11 na 10."),
        ("ru", "ПЕРЕБОР на 1", "ПЕРЕБОР на 1: заказано 11 из 10."),
    ],
)
def test_the_call_after_the_bids_is_shown_and_announced_in_the_visitors_language(
    client, game, language, call, detail
) -> None:
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2})

    response = client.post(
        reverse("bid", args=[game.public_id]),
        {"deal": 1, "seat": ANNA, "bid": 4},
        HTTP_ACCEPT_LANGUAGE=language,
        **HTMX,
    )

    assert call in response.content.decode()
    assert announced(response) == detail


@pytest.mark.parametrize(("language", "goat"), [("it", "capre"), ("pl", "kozły"), ("ru", "козлы")])
def test_the_goat_is_shown_in_the_visitors_language(client, notebook, language, goat) -> None:
    match = start_kozel(notebook)  # to 12
    enter_kozel_deal(match, points=0, took_trick=False)  # 6

    response = client.post(
        reverse("round", args=[match.public_id]),
        {"deal": 2, "e.team": 0, "e.points": 0, "e.zero_team_took_trick": "false"},
        HTTP_ACCEPT_LANGUAGE=language,
        **HTMX,
    )

    page = unescape(response.content.decode())
    assert f'<span class="chip-mark">{goat}</span>' in page
    assert "Ben & Dan" in page.split('class="announce-region"')[1]  # the winners


PLURALS = {
    # (singular, plural): {language: forms for 1, 2, 5 and 22}
    ("%(n)s trick played.", "%(n)s tricks played."): {
        "pl": ["Rozegrano 1 lewę.", "Rozegrano 2 lewy.", "Rozegrano 5 lew.", "Rozegrano 22 lewy."],
        "ru": ["Сыграна 1 взятка.", "Сыграно 2 взятки.", "Сыграно 5 взяток.", "Сыграно 22 взятки."],
        "it": ["1 presa giocata.", "2 prese giocate.", "5 prese giocate.", "22 prese giocate."],
    },
    ("%(n)s card", "%(n)s cards"): {
        "pl": ["1 karta", "2 karty", "5 kart", "22 karty"],
        "ru": ["1 карта", "2 карты", "5 карт", "22 карты"],
        "it": ["1 carta", "2 carte", "5 carte", "22 carte"],
    },
    ("%(n)s deal", "%(n)s deals"): {
        "pl": ["1 rozdanie", "2 rozdania", "5 rozdań", "22 rozdania"],
        "ru": ["1 сдача", "2 сдачи", "5 сдач", "22 сдачи"],
        "it": ["1 smazzata", "2 smazzate", "5 smazzate", "22 smazzate"],
    },
    ("%(n)s session", "%(n)s sessions"): {
        "pl": ["1 partia", "2 partie", "5 partii", "22 partie"],
        "ru": ["1 партия", "2 партии", "5 партий", "22 партии"],
        "it": ["1 partita", "2 partite", "5 partite", "22 partite"],
    },
    ("%(n)s bid for %(tricks)s trick", "%(n)s bid for %(tricks)s tricks"): {
        "pl": [
            "zadeklarowano 3 na 1 lewę",
            "zadeklarowano 3 na 2 lewy",
            "zadeklarowano 3 na 5 lew",
            "zadeklarowano 3 na 22 lewy",
        ],
        "ru": [
            "заказано 3 на 1 взятку",
            "заказано 3 на 2 взятки",
            "заказано 3 на 5 взяток",
            "заказано 3 на 22 взятки",
        ],
    },
    ("%(name)s take %(n)s defeat point.", "%(name)s take %(n)s defeat points."): {
        "pl": [
            "A & B dostają 1 punkt porażki.",
            "A & B dostają 2 punkty porażki.",
            "A & B dostają 5 punktów porażki.",
            "A & B dostają 22 punkty porażki.",
        ],
        "ru": [
            "A & B получают 1 штрафное очко.",
            "A & B получают 2 штрафных очка.",
            "A & B получают 5 штрафных очков.",
            "A & B получают 22 штрафных очка.",
        ],
    },
}
#: The catalogue's msgids name their numbers differently; map the table's keys onto them.
MSGIDS = {
    ("%(n)s card", "%(n)s cards"): ("%(cards)s card", "%(cards)s cards", "cards"),
    ("%(n)s deal", "%(n)s deals"): ("%(deals)s deal", "%(deals)s deals", "deals"),
    ("%(n)s session", "%(n)s sessions"): ("%(count)s session", "%(count)s sessions", "count"),
    ("%(n)s bid for %(tricks)s trick", "%(n)s bid for %(tricks)s tricks"): (
        "%(bids)s bid for %(tricks)s trick",
        "%(bids)s bid for %(tricks)s tricks",
        "tricks",
    ),
    ("%(name)s take %(n)s defeat point.", "%(name)s take %(n)s defeat points."): (
        "%(name)s take %(points)s defeat point.",
        "%(name)s take %(points)s defeat points.",
        "points",
    ),
}


@pytest.mark.parametrize(
    ("key", "language"),
    [(key, language) for key, by_language in PLURALS.items() for language in by_language],
)
def test_a_number_takes_the_right_form_of_its_noun(key, language) -> None:
    singular, plural, counted = MSGIDS.get(key, (*key, "n"))
    written = []
    with translation.override(language):
        for n in (1, 2, 5, 22):
            params = {"n": n, counted: n, "name": "A & B", "bids": 3}
            written.append(ngettext(singular, plural, n) % params)

    assert written == PLURALS[key][language]


def test_a_deal_of_one_card_and_one_of_two_say_so_in_polish(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")  # 1, 2, 3 ... cards

    first = client.get(reverse("game", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="pl")
    play_deal(game)
    second = client.get(reverse("game", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="pl")

    assert "1 karta" in first.content.decode()
    assert "2 karty" in second.content.decode()


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "Jan. 31, 2025, 8:15 p.m."),
        ("it", "31 Gennaio 2025, 20:15"),
        ("pl", "31 stycznia 2025, 20:15"),
        ("ru", "31 января 2025 г., 20:15"),
    ],
)
def test_the_session_list_writes_dates_as_the_language_does(
    client, game, language, written
) -> None:
    Game.objects.filter(pk=game.pk).update(updated_at=datetime(2025, 1, 31, 20, 15, tzinfo=UTC))

    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=language)

    assert written in response.content.decode()


@pytest.mark.parametrize(("language", "average"), [("en", "15.5"), ("it", "15,5"), ("ru", "15,5")])
def test_statistics_write_decimals_as_the_language_does(
    notebook, client, language, average
) -> None:
    play_three_sessions(notebook)
    carla = notebook.players.get(name="Carla")

    response = client.get(
        reverse("player_statistics", args=[carla.public_id]), HTTP_ACCEPT_LANGUAGE=language
    )

    # Carla: 10 and 21 in her two finished sessions.
    assert f"<dd>{average}</dd>" in response.content.decode()


@pytest.mark.parametrize(
    ("language", "header", "eggs_row", "eggs_why"),
    [
        (
            "en",
            "round,cards,dealer,player",
            "2,,Ben,Anna & Carla,0,2",
            "60–60, eggs: no defeat points (eggs change nothing)",
        ),
        (
            "it",
            "mano,carte,mazziere,giocatore",
            "2,,Ben,Anna & Carla,0,2",
            "60–60, uova: nessun punto di penalità (le uova non cambiano nulla)",
        ),
        (
            "ru",
            "раунд,карты,сдающий,игрок",
            "2,,Ben,Anna & Carla,0,2",
            "60–60, яйца: штрафных очков нет (яйца ничего не меняют)",
        ),
    ],
)
def test_the_spreadsheet_export_is_in_the_visitors_language(
    client, match, language, header, eggs_row, eggs_why
) -> None:
    enter_kozel_deal(match, points=45)
    enter_kozel_deal(match, points=60)

    response = client.get(
        reverse("export_csv", args=[match.public_id]), HTTP_ACCEPT_LANGUAGE=language
    )

    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith(header)
    assert f'{eggs_row},"{eggs_why}"' in lines  # how the points came to be, last


def test_settling_up_writes_amounts_as_the_language_does(client, game) -> None:
    play_deal(game, bids={BEN: 3, CARLA: 2, DAN: 2, ANNA: 2}, tricks=[2, 3, 2, 3])

    response = client.get(
        reverse("settle_up", args=[game.public_id]) + "?stake=0.10", HTTP_ACCEPT_LANGUAGE="pl"
    )

    # Ben 13 leads; Anna and Carla 12 pay 0,10 each, Dan 0 pays 1,30.
    html = response.content.decode()
    assert "<td>0,10</td>" in html
    assert "<td>1,30</td>" in html
