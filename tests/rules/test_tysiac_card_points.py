"""Tysiąc / Тысяча (issue 38, item 7): card points no deal can make are refused, as Kozel
refuses them, and the 555 option is the one its source has (Thousand-Counter's
``isMagicNumber``: 555 and −555 both go back to 0). Worked out by hand in the comments."""

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError
from games.rules.rounds import Plan

THREE = Plan(number=1, dealer=0)
FOUR = Plan(number=1, dealer=0, sitting_out=(0,))
ALL = {"H": 0, "D": 0, "C": 0, "S": 0}  # every marriage, by seat 0: 280
ONE = "A player cannot have exactly 1 card point: no card is worth 1."
ONE_NINETEEN = "A player cannot have 119 card points: the others would have 1 between them."


def deal(bidder, contract, points, marriages=None) -> dict:
    return {"bidder": bidder, "contract": contract, "points": points} | (
        {"marriages": marriages} if marriages else {}
    )


# -- what the cards can make -------------------------------------------------------------


def test_the_card_values_are_the_sources() -> None:
    # pagat.com and zagraj.pl: ace 11, ten 10, king 4, queen 3, jack 2, nine 0, four suits
    assert t.CARD_VALUES == {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    assert t.CARD_POINTS == 4 * (11 + 10 + 4 + 3 + 2 + 0) == 120


def test_1_and_119_are_the_only_card_points_no_tricks_can_hold() -> None:
    """Every subset of the 24 cards, counted by how many cards it holds: a player's tricks
    are three cards each (the bidder's two cards given away are in the others' hands, and
    all 24 are played), so only subsets of 3, 6 … 24 cards count; the sums are the same."""
    by_size: dict[int, set[int]] = {0: {0}}
    for value in t.CARD_VALUES.values():
        for _suit in range(4):
            grown = {size: set(sums) for size, sums in by_size.items()}
            for size, sums in by_size.items():
                grown.setdefault(size + 1, set()).update(total + value for total in sums)
            by_size = grown
    any_cards = set().union(*by_size.values())
    whole_tricks = set().union(*(sums for size, sums in by_size.items() if size % 3 == 0))

    assert set(range(121)) - any_cards == {1, 119}
    assert set(range(121)) - whole_tricks == {1, 119} == t.IMPOSSIBLE_CARD_POINTS


@pytest.mark.parametrize(
    ("players", "plan", "points", "reason"),
    [
        (3, THREE, [1, 59, 60], ONE),  # no card is worth 1
        (3, THREE, [59, 60, 1], ONE),
        (3, THREE, [119, 1, 0], ONE_NINETEEN),  # the others: 1 and 0
        (3, THREE, [0, 119, 1], ONE_NINETEEN),  # seat order: the 119 comes first
        (3, THREE, [1, 119, 0], ONE),
        (4, FOUR, [None, 1, 60, 59], ONE),  # seat 0 sits out
        (4, FOUR, [None, 0, 119, 1], ONE_NINETEEN),
        (3, THREE, [2, 58, 60], None),  # a jack and two nines: 2
        (3, THREE, [118, 2, 0], None),  # 120 − a trick of J, 9, 9
        (3, THREE, [3, 0, 117], None),  # Q, 9, 9
        (3, THREE, [0, 0, 120], None),  # every trick
        (4, FOUR, [None, 2, 2, 116], None),  # two tricks of J, 9, 9: the four nines
    ],
)
def test_card_points_no_deal_can_make_are_refused_with_the_reason(
    players, plan, points, reason
) -> None:
    entry = deal(1, 100, points)
    if reason is None:
        assert t.check_round(t.Rules(), players, plan, entry)["points"] == points
        return
    with pytest.raises(RuleError) as refused:
        t.check_round(t.Rules(), players, plan, entry)

    assert str(refused.value) == reason


def test_a_game_with_1_card_point_names_the_deal() -> None:
    deals = [deal(0, 100, [100, 20, 0]), deal(1, 100, [1, 100, 19])]

    with pytest.raises(RuleError) as refused:
        t.score(t.Rules(), 3, 0, deals)

    assert str(refused.value) == f"Deal 2: {ONE}"


# -- 555 and −555 ----------------------------------------------------------------------------

# A bids 400 and takes no card point: −400; then bids 155 (steps of 5), takes none: −555.
TO_MINUS_555 = [deal(0, 400, [0, 60, 60]), deal(0, 155, [0, 60, 60])]


@pytest.mark.parametrize(
    ("option", "total", "said"),
    [
        ("off", -555, ["contract 155, made 0: −155"]),
        ("zero", 0, ["contract 155, made 0: −155", "exactly −555: back to 0 (555)"]),
    ],
)
def test_minus_555_goes_back_to_0_as_555_does(option, total, said) -> None:
    # −400 − 155 = −555; the defenders: 60 + 60 = 120 each
    result = t.score(t.Rules(steps=5, five_five_five=option), 3, 0, TO_MINUS_555)

    assert result.totals == (total, 120, 120)
    assert result.rounds[1].points[0] == total + 400
    assert [str(why) for why in result.rounds[1].whys[0]] == said


def test_555_still_goes_back_to_0() -> None:
    # A bids 400 with everything: +400; then as a defender 115 + 40 (spades) = 155: 555
    deals = [deal(0, 400, [120, 0, 0], ALL), deal(1, 100, [115, 5, 0], {"S": 0, "H": 1})]

    result = t.score(t.Rules(five_five_five="zero"), 3, 0, deals)

    assert result.totals[0] == 0
    assert [str(why) for why in result.rounds[1].whys[0]] == [
        "115 + 40 for marriages = 155",
        "exactly 555: back to 0 (555)",
    ]


@pytest.mark.parametrize("value", ["minus", "to_minus", -555])
def test_555_to_minus_555_is_no_option_any_more(value) -> None:
    with pytest.raises(RuleError) as refused:
        t.Rules(five_five_five=value)

    assert str(refused.value) == "Unknown value for the option five_five_five."


@pytest.mark.parametrize(
    ("earlier", "today"),
    [
        ({"five_five_five": "minus", "bolts": True}, {"five_five_five": "zero", "bolts": True}),
        ({"five_five_five": "zero"}, {"five_five_five": "zero"}),
        ({"five_five_five": "off"}, {"five_five_five": "off"}),
        ({}, {}),
    ],
)
def test_an_earlier_minus_555_is_read_as_back_to_0(earlier, today) -> None:
    assert t.Rules.from_earlier(earlier) == today
    assert t.Rules(**t.Rules.from_earlier(earlier))  # today's rules take it
