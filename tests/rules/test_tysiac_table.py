"""Tysiąc / Тысяча: the options a table chooses, the presets, who deals and who sits out."""

import dataclasses

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError
from games.rules.rounds import Plan

# -- options ---------------------------------------------------------------------------------


def test_the_defaults_are_the_plainest_game_every_house_rule_off() -> None:
    assert t.Rules() == t.Rules(
        steps=10,
        rounding=t.Rounding.NONE,
        endgame=t.Endgame.NONE,
        bolts=False,
        five_five_five=t.FiveFiveFive.OFF,
        given_up=t.GivenUp.OFF,
        sitting_out=t.SittingOut.DEALER,
        talon=False,
    )


@pytest.mark.parametrize(
    ("option", "enum"),
    [
        ("rounding", t.Rounding),
        ("endgame", t.Endgame),
        ("five_five_five", t.FiveFiveFive),
        ("given_up", t.GivenUp),
        ("sitting_out", t.SittingOut),
    ],
)
def test_every_choice_may_be_given_as_its_string(option, enum) -> None:
    for choice in enum:
        rules = t.Rules(**{option: choice.value})

        assert getattr(rules, option) is choice


@pytest.mark.parametrize("steps", [5, 10])
def test_contracts_go_up_in_steps_of_5_or_10(steps) -> None:
    assert t.Rules(steps=steps).steps == steps


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"steps": 7}, "steps"),
        ({"steps": "5"}, "steps"),  # a number, not its text
        ({"steps": 5.0}, "steps"),
        ({"steps": True}, "steps"),
        ({"steps": None}, "steps"),
        ({"rounding": "three"}, "rounding"),
        ({"rounding": None}, "rounding"),
        ({"rounding": [1]}, "rounding"),
        ({"rounding": {}}, "rounding"),
        ({"endgame": "pit"}, "endgame"),
        ({"five_five_five": "555"}, "five_five_five"),
        ({"given_up": True}, "given_up"),
        ({"sitting_out": "left_of_dealer"}, "sitting_out"),
        ({"bolts": 1}, "bolts"),
        ({"bolts": "yes"}, "bolts"),
        ({"talon": None}, "talon"),
    ],
)
def test_an_option_out_of_its_choices_is_refused_by_name(options, option) -> None:
    with pytest.raises(RuleError) as refused:
        t.Rules(**options)

    assert option in str(refused.value)


def test_the_options_cannot_change_once_chosen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.PRESETS["russian"].steps = 10  # type: ignore[misc]


# -- presets --------------------------------------------------------------------------------


def test_the_russian_preset_is_the_issues_tysyacha() -> None:
    # steps of 5, rounding to 5, the barrel, bolts, 555 to zero, given up = the greater of
    # 60 and half; the player sitting out scores nothing; the dealer sits out.
    assert t.PRESETS["russian"] == t.Rules(
        steps=5,
        rounding="five",
        endgame="barrel",
        bolts=True,
        five_five_five="zero",
        given_up="greater",
        sitting_out="dealer",
        talon=False,
    )


def test_the_polish_preset_is_the_issues_tysiac() -> None:
    # steps of 10, rounding to 10, over 800 only contracts count, the talon for the one
    # sitting out, the rest off.
    assert t.PRESETS["polish"] == t.Rules(
        steps=10,
        rounding="ten",
        endgame="over_800",
        bolts=False,
        five_five_five="off",
        given_up="off",
        sitting_out="dealer",
        talon=True,
    )


def test_there_are_the_two_presets_and_no_other() -> None:
    assert set(t.PRESETS) == {"russian", "polish"}


# -- the table and its plans ------------------------------------------------------------------


def test_three_or_four_players_sit_at_the_table() -> None:
    assert (t.MIN_PLAYERS, t.MAX_PLAYERS) == (3, 4)


@pytest.mark.parametrize("players", [2, 5, 0, -3, True, "3", 3.0, None])
def test_a_table_of_other_than_three_or_four_is_refused(players) -> None:
    with pytest.raises(RuleError, match="3 or 4 players"):
        t.first_plan(t.Rules(), players, 0)


@pytest.mark.parametrize(("players", "first_dealer"), [(3, 3), (4, 4), (3, -1), (3, True)])
def test_a_first_dealer_who_is_not_a_player_is_refused(players, first_dealer) -> None:
    with pytest.raises(RuleError, match="first dealer"):
        t.first_plan(t.Rules(), players, first_dealer)
    with pytest.raises(RuleError, match="first dealer"):
        t.score(t.Rules(), players, first_dealer, [])


def test_with_three_the_deal_passes_clockwise_and_nobody_sits_out() -> None:
    plans = [t.plan_of(t.Rules(), 3, 2, number) for number in range(1, 5)]

    assert plans == [
        Plan(number=1, dealer=2),
        Plan(number=2, dealer=0),
        Plan(number=3, dealer=1),
        Plan(number=4, dealer=2),
    ]


@pytest.mark.parametrize(
    ("sitting_out", "out"),
    [
        # dealers 3, 0, 1, 2, 3: the dealer sits out ...
        ("dealer", [3, 0, 1, 2, 3]),
        # ... or the seat on the dealer's right, seat - 1 (who dealt the deal before)
        ("right_of_dealer", [2, 3, 0, 1, 2]),
    ],
)
def test_with_four_the_dealer_or_the_seat_on_the_right_sits_out(sitting_out, out) -> None:
    rules = t.Rules(sitting_out=sitting_out)
    plans = [t.plan_of(rules, 4, 3, number) for number in range(1, 6)]

    assert [plan.dealer for plan in plans] == [3, 0, 1, 2, 3]
    assert [plan.sitting_out for plan in plans] == [(seat,) for seat in out]


def test_the_first_plan_is_deal_1_dealt_by_the_first_dealer() -> None:
    assert t.first_plan(t.PRESETS["polish"], 4, 1) == Plan(number=1, dealer=1, sitting_out=(1,))


def test_the_plan_after_a_deal_is_the_next_one() -> None:
    rules = t.Rules(sitting_out="right_of_dealer")
    plan = t.plan_of(rules, 4, 0, 6)  # dealer 1, seat 0 sits out

    assert t.plan_after(rules, 4, 0, plan) == Plan(number=7, dealer=2, sitting_out=(1,))


def test_the_next_round_of_a_game_under_way_is_the_plan_after_its_last_deal() -> None:
    rules = t.PRESETS["russian"]
    deals = [{"bidder": 1, "contract": 100, "points": [None, 100, 20, 0]}]
    result = t.score(rules, 4, 0, deals)

    assert result.next_round == t.plan_after(rules, 4, 0, result.rounds[-1].plan)
    assert result.next_round == Plan(number=2, dealer=1, sitting_out=(1,))


@pytest.mark.parametrize(
    ("rules", "players", "talon_seat"),
    [
        (t.PRESETS["polish"], 4, 2),  # the dealer of deal 1 sits out and scores the talon
        (t.Rules(talon=True, sitting_out="right_of_dealer"), 4, 1),
        (t.PRESETS["russian"], 4, None),  # the one sitting out scores nothing
        (t.PRESETS["polish"], 3, None),  # nobody sits out
    ],
)
def test_the_form_is_told_who_scores_the_talon(rules, players, talon_seat) -> None:
    facts = t.form_facts(rules, players, t.first_plan(rules, players, 2))

    assert facts == {
        "marriages": [("H", 100), ("D", 80), ("C", 60), ("S", 40)],
        "talon_seat": talon_seat,
        "steps": rules.steps,
    }
