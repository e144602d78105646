"""The public API that the package docstrings of ``games.rules`` and of each game's package
(``games.rules.<name>``) document, and RuleError."""

import importlib
import inspect
import re

import pytest

import games.rules
from games.rules import RuleError, gettext_noop, oh_hell
from games.rules import errors as errors_module

# (module, name, attributes its package's docstring promises on it)
DOCUMENTED = [
    ("games.rules", "RuleError", ("message",)),
    ("games.rules.oh_hell", "OhHellRules", ("with_options",)),
    ("games.rules.oh_hell", "PRESETS", ()),
    ("games.rules.oh_hell", "max_cards", ()),
    ("games.rules.oh_hell", "schedule", ()),
    ("games.rules.oh_hell", "plan", ()),
    ("games.rules.oh_hell", "DealPlan", ()),
    ("games.rules.oh_hell", "dealer_for", ()),
    ("games.rules.oh_hell", "bidding_order", ()),
    ("games.rules.oh_hell", "is_no_trump", ()),
    ("games.rules.oh_hell", "hook_applies", ()),
    ("games.rules.oh_hell", "forbidden_bid", ()),
    (
        "games.rules.oh_hell",
        "Bidding",
        ("place", "to_bid", "forbidden", "can_change", "announcement"),
    ),
    ("games.rules.oh_hell", "check_bids", ()),
    ("games.rules.oh_hell", "check_tricks", ()),
    ("games.rules.oh_hell", "announce", ()),
    ("games.rules.oh_hell", "Announcement", ()),
    ("games.rules.oh_hell", "complete_tricks", ()),
    ("games.rules.oh_hell", "tally_tricks", ()),
    ("games.rules.oh_hell", "taps_agree", ()),
    ("games.rules.oh_hell", "deal_score", ()),
    ("games.rules.oh_hell", "explain_score", ()),
    ("games.rules.oh_hell", "explain_deal", ()),
    ("games.rules.kozel", "explain_deal", ()),
    ("games.rules.oh_hell", "score_game", ()),
    ("games.rules.oh_hell", "GameResult", ("winners",)),
    ("games.rules.oh_hell", "DealRecord", ()),
    ("games.rules.oh_hell", "Adjustment", ()),
    ("games.rules.oh_hell", "standings", ()),
    ("games.rules.oh_hell", "settle_up", ()),
    ("games.rules.kozel", "KozelRules", ()),
    ("games.rules.kozel", "PRESETS", ()),
    ("games.rules.kozel", "deal_defeat_points", ()),
    ("games.rules.kozel", "DealEntry", ()),
    ("games.rules.kozel", "score_match", ()),
    ("games.rules.kozel", "MatchResult", ()),
]


@pytest.mark.parametrize(
    ("module", "name", "attributes"),
    DOCUMENTED,
    ids=[f"{module}.{name}" for module, name, _ in DOCUMENTED],
)
def test_every_name_a_package_docstring_documents_is_importable(module, name, attributes):
    package = importlib.import_module(module)
    assert name in package.__doc__  # the table above follows the docstring
    thing = getattr(package, name)
    for attribute in attributes:
        assert hasattr(thing, attribute), f"{name}.{attribute}"


def test_the_package_exports_rule_error_and_its_translation_marker():
    """The package docstring: "Every refusal is a `RuleError`"."""
    assert sorted(games.rules.__all__) == ["RuleError", "gettext_noop"]


def test_an_announcement_calls_over_under_or_even():
    """ "Announcement(call=OVER|UNDER|EVEN, by, bids, tricks)" (seed 001's three words)."""
    assert "call=OVER|UNDER|EVEN" in oh_hell.__doc__
    assert [call.name for call in oh_hell.Call] == ["OVER", "UNDER", "EVEN"]


def test_the_package_docstring_says_where_each_games_api_is():
    assert "``games.rules.<name>``" in games.rules.__doc__


def field_names(cls) -> list[str]:
    return list(inspect.signature(cls).parameters)


def parameter_names(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_oh_hell_rules_has_every_documented_option():
    """ "Every table option (schedule, cap, keep_card_to_turn, double_turn, custom_schedule,
    deck_size, trump, hook, hook_min_cards, hook_lifted_last_deal, made, zero, missed,
    slams, revoke_penalty, tie_break)"."""
    options = [
        "schedule",
        "cap",
        "keep_card_to_turn",
        "double_turn",
        "custom_schedule",
        "deck_size",
        "trump",
        "hook",
        "hook_min_cards",
        "hook_lifted_last_deal",
        "made",
        "zero",
        "missed",
        "slams",
        "revoke_penalty",
        "tie_break",
    ]
    assert sorted(field_names(oh_hell.OhHellRules)) == sorted(options)


def test_the_documented_presets_exist():
    """The package docstring: ``PRESETS`` maps the six named presets."""
    assert sorted(oh_hell.PRESETS) == sorted(
        ["classic", "italian", "oh_well", "down_and_up_hook", "nomination_whist", "wizard_style"]
    )
    assert all(isinstance(rules, oh_hell.OhHellRules) for rules in oh_hell.PRESETS.values())


@pytest.mark.parametrize(
    ("function", "parameters"),
    [
        (oh_hell.max_cards, ["players", "deck_size"]),
        (oh_hell.schedule, ["rules", "players"]),
        (oh_hell.plan, ["rules", "players", "first_dealer"]),
        (oh_hell.dealer_for, ["first_dealer", "deal_index", "players"]),
        (oh_hell.bidding_order, ["dealer", "players"]),
        (oh_hell.is_no_trump, ["rules", "players", "cards", "last", "number"]),
        (oh_hell.hook_applies, ["rules", "cards", "last"]),
        (oh_hell.forbidden_bid, ["cards", "other_bids", "hook"]),
        (
            oh_hell.Bidding,
            ["players", "dealer", "cards", "hook", "bids", "out_of_turn", "play_started"],
        ),
        (oh_hell.check_bids, ["bids", "cards", "hook", "players"]),
        (oh_hell.check_tricks, ["tricks", "cards", "players"]),
        (oh_hell.announce, ["bids", "cards"]),
        (oh_hell.Announcement, ["call", "by", "bids", "tricks"]),
        (oh_hell.complete_tricks, ["tricks", "cards"]),
        (oh_hell.tally_tricks, ["winners", "cards", "players"]),
        (oh_hell.deal_score, ["rules", "bid", "tricks", "cards"]),
        (oh_hell.score_game, ["rules", "players", "first_dealer", "records"]),
        (oh_hell.DealRecord, ["bids", "tricks", "trump", "revoke", "adjustments"]),
        (oh_hell.Adjustment, ["seat", "points", "note"]),
        (oh_hell.standings, ["totals", "made_bids", "tie_break"]),
        (oh_hell.settle_up, ["totals", "stake"]),
    ],
    ids=lambda value: getattr(value, "__name__", "params"),
)
def test_the_documented_calls_take_the_documented_arguments(function, parameters):
    """The package docstring's call signatures."""
    assert parameter_names(function)[: len(parameters)] == parameters


def test_the_documented_defaults_hold():
    """The package docstring: ``DealRecord(bids, tricks, trump=None, revoke=None,
    adjustments=(...))``."""
    assert inspect.signature(oh_hell.max_cards).parameters["deck_size"].default == 52
    record = oh_hell.DealRecord(bids=(0, 1, 0))
    assert (record.tricks, record.trump, record.revoke, record.adjustments) == (
        None,
        None,
        None,
        (),
    )
    assert oh_hell.Adjustment(seat=0, points=5).note == ""


def test_a_deal_plan_has_the_documented_fields():
    """ "Each deal's number, cards, dealer, no_trump, hook, last and fixed trump"."""
    assert field_names(oh_hell.DealPlan) == [
        "number",
        "cards",
        "dealer",
        "no_trump",
        "hook",
        "last",
        "trump",
    ]


def test_a_game_result_has_the_documented_parts():
    """ "every deal's scores and running totals, the totals, the standings (places, ties),
    winners, ``finished`` and ``next_deal``"."""
    result = oh_hell.score_game(
        oh_hell.PRESETS["classic"], 4, 0, [oh_hell.DealRecord((0, 1, 0, 0), (0, 1, 0, 0))]
    )
    assert result.deals[0].scores == (10, 11, 10, 10)  # seed 002: 10 for zero, 11 for 1
    assert result.deals[0].totals == (10, 11, 10, 10)
    assert result.totals == (10, 11, 10, 10)
    assert result.standings[0].place == 1
    assert result.winners == (1,)
    assert result.finished is False
    assert result.next_deal.number == 2


def test_the_kozel_names_have_the_documented_shape():
    """The package docstring's Kozel section (seed 004)."""
    kozel = importlib.import_module("games.rules.kozel")
    rules = kozel.KozelRules()
    assert (rules.match_limit, rules.two_point_from) == (12, 31)
    assert field_names(kozel.KozelRules) == ["match_limit", "two_point_from", "six_points", "eggs"]
    entry = kozel.DealEntry(team=0, points=70)
    assert (entry.zero_team_took_trick, entry.last_trick_seat) == (None, None)
    assert parameter_names(kozel.deal_defeat_points) == ["entry", "rules"]
    assert parameter_names(kozel.score_match) == ["rules", "first_dealer", "entries"]
    for part in ("outcomes", "finished", "goat", "next_dealer", "next_leader"):
        assert part in field_names(kozel.MatchResult)


# -- RuleError -----------------------------------------------------------------------------


def test_rule_error_is_one_exception_for_the_whole_package():
    """The package docstring: "Every refusal is a `RuleError`"."""
    assert RuleError is errors_module.RuleError is oh_hell.RuleError
    assert issubclass(RuleError, ValueError)
    assert gettext_noop("Deal %(number)s.") == "Deal %(number)s."


OH_HELL_REFUSALS = {
    "players": lambda: oh_hell.max_cards(8),
    "players not a number": lambda: oh_hell.schedule(oh_hell.OhHellRules(), "4"),
    "unknown option value": lambda: oh_hell.OhHellRules(schedule="sideways"),
    "deck": lambda: oh_hell.OhHellRules(deck_size=36),
    "cap": lambda: oh_hell.OhHellRules(cap=0),
    "hook min": lambda: oh_hell.OhHellRules(hook_min_cards=0),
    "revoke penalty": lambda: oh_hell.OhHellRules(revoke_penalty=-1),
    "double turn": lambda: oh_hell.OhHellRules(double_turn=True),
    "empty custom": lambda: oh_hell.OhHellRules(schedule="custom"),
    "custom too big": lambda: oh_hell.schedule(
        oh_hell.OhHellRules(schedule="custom", custom_schedule=(14,)), 4
    ),
    "custom zero": lambda: oh_hell.schedule(
        oh_hell.OhHellRules(schedule="custom", custom_schedule=(0,)), 4
    ),
    "first dealer": lambda: oh_hell.plan(oh_hell.OhHellRules(), 4, 4),
    "trump no-trump": lambda: oh_hell.check_trump(
        "NT", oh_hell.plan(oh_hell.OhHellRules(), 4, 0)[0]
    ),
    "trump suit": lambda: oh_hell.check_trump("X", oh_hell.plan(oh_hell.OhHellRules(), 4, 0)[0]),
    "bid": lambda: oh_hell.check_bid(6, 5),
    "bids count": lambda: oh_hell.check_bids((1, 1), 5, False, 4),
    "hook": lambda: oh_hell.check_bids((1, 2, 0, 2), 5, True, 4),
    "bidding seat": lambda: oh_hell.Bidding(4, 0, 5).place(9, 1),
    "bidding hook": lambda: oh_hell.Bidding(3, 0, 2, hook=True).place(1, 1).place(2, 1).place(0, 0),
    "bidding change": lambda: oh_hell.Bidding(3, 0, 2).place(1, 1).place(2, 1).place(1, 0),
    "bidding out of turn": lambda: oh_hell.Bidding(3, 0, 2).place(2, 1).place(2, 0),
    "play started": lambda: oh_hell.Bidding(3, 0, 2, play_started=True).place(1, 1),
    "tricks count": lambda: oh_hell.check_tricks((1, 1), 2, 4),
    "tricks range": lambda: oh_hell.check_tricks((3, 0, 0), 2, 3),
    "tricks sum": lambda: oh_hell.check_tricks((1, 0, 0), 2, 3),
    "tally": lambda: oh_hell.tally_tricks([0, 1, 2], 2, 3),
    "tally seat": lambda: oh_hell.tally_tricks([5], 2, 3),
    "game over": lambda: oh_hell.score_game(
        oh_hell.OhHellRules(schedule="custom", custom_schedule=(1,)),
        3,
        0,
        [oh_hell.DealRecord((0, 0, 1), (0, 0, 1))] * 2,
    ),
    "deal n": lambda: oh_hell.score_game(
        oh_hell.OhHellRules(), 3, 0, [oh_hell.DealRecord((0, 0, 1), (1, 1, 0))]
    ),
    "no tricks": lambda: oh_hell.score_game(
        oh_hell.OhHellRules(), 3, 0, [oh_hell.DealRecord((0, 0, 1))]
    ),
    "adjustment": lambda: oh_hell.score_game(
        oh_hell.OhHellRules(),
        3,
        0,
        [oh_hell.DealRecord((0, 0, 1), (0, 0, 1), adjustments=(oh_hell.Adjustment(0, 1.5),))],
    ),
}


def kozel_refusals():
    kozel = importlib.import_module("games.rules.kozel")
    return {
        "kozel match limit": lambda: kozel.KozelRules(match_limit=7),
        "kozel team": lambda: kozel.deal_defeat_points(
            kozel.DealEntry(team=2, points=60), kozel.KozelRules()
        ),
        "kozel 1 point": lambda: kozel.deal_defeat_points(
            kozel.DealEntry(team=0, points=1), kozel.KozelRules()
        ),
        "kozel deal n": lambda: kozel.score_match(kozel.KozelRules(), 0, [kozel.DealEntry(0, 121)]),
    }


def raised(refuse) -> RuleError:
    with pytest.raises(RuleError) as excinfo:
        refuse()
    return excinfo.value


# A sentence: a capital or a number first ("14 cards each is too many ..."), one line, no
# placeholder left unfilled, and a full stop at the end.
SENTENCE = re.compile(r"[A-Z0-9][^\n%{}]*[a-z0-9')]\.")


@pytest.mark.parametrize("refuse", list(OH_HELL_REFUSALS.values()), ids=list(OH_HELL_REFUSALS))
def test_every_oh_hell_refusal_is_a_plain_english_sentence_ending_with_a_period(refuse):
    """The package docstring: the message "is a short English sentence a player can read"."""
    error = raised(refuse)
    assert SENTENCE.fullmatch(str(error)), str(error)
    assert str(error) == error.message


@pytest.mark.parametrize(
    "refuse",
    [*OH_HELL_REFUSALS.values(), *kozel_refusals().values()],
    ids=[*OH_HELL_REFUSALS, *kozel_refusals()],
)
def test_a_rule_errors_message_is_its_template_filled_with_its_params(refuse):
    """The package docstring: "`error.template` and `error.params` let the web layer
    translate it"."""
    error = raised(refuse)
    assert isinstance(error.template, str)
    assert str(error) == error.template % error.params
    assert str(error).endswith((".", "?"))


@pytest.mark.parametrize(
    ("template", "params", "message"),
    [
        ("Play has started: the bids are closed.", {}, "Play has started: the bids are closed."),
        (
            "A bid is a whole number from 0 to %(cards)s.",
            {"cards": 5},
            "A bid is a whole number from 0 to 5.",
        ),
        ("Deal %(number)s: %(reason)s", {"number": 3, "reason": "No."}, "Deal 3: No."),
    ],
)
def test_a_rule_error_fills_its_template(template, params, message):
    """RuleError: "`str(error)` is the English sentence" -- the template filled with the params."""
    error = RuleError(template, **params)
    assert str(error) == message == template % params
    assert error.template == template
    assert error.params == params
