"""The load test's tables keep the pace our rule source gives a real table."""

import pytest

from bench.load import pace

#: Seed 002: "With 7 players, hands are: 7 cards, then 6,5,4,3,2,1, then 2,3,4,5,6,7,
#: for 13 hands to the game. A game should take 45 minutes."
SEVEN_PLAYERS_HANDS = [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


def test_seed_002s_game_of_seven_takes_about_45_minutes():
    minutes = pace.game_seconds(7, SEVEN_PLAYERS_HANDS) / 60
    assert 40 <= minutes <= 50


def test_a_trick_of_four_players_falls_every_16_seconds():
    assert pace.trick_seconds(4) == 16


@pytest.mark.parametrize("players", [4, 7])
def test_a_table_enters_about_one_thing_every_15_seconds(players):
    """Issue 6's 1.4 requests a second a table are the four phones of a table of four
    polling every 3 s (1.33) and the scorekeeper's entries: about 0.07 a second. A
    deal of 10 cards (or the seed's game of seven) is one bid per player, one tap per
    trick and its scoring."""
    hands = [10] if players == 4 else SEVEN_PLAYERS_HANDS
    entries = sum(players + cards + 1 for cards in hands)
    per_second = entries / pace.game_seconds(players, hands)
    assert 0.05 <= per_second <= 0.08
