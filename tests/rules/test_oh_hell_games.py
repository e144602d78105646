"""Oh Hell: whole games under every preset, scored deal by deal by hand (seeds 000, 001, 002).

Each game below is a score sheet: one row per deal with everyone's bid, tricks and the
points worked out by hand from the rule source in the comment beside it ("b/t" is bid /
tricks taken). The totals under each game are the rows added up by hand, with the running
sums written out. ``score_game`` must agree with the sheet.
"""

from dataclasses import replace
from typing import NamedTuple

import pytest

from games.rules.errors import RuleError
from games.rules.oh_hell import (
    PRESETS,
    DealRecord,
    OhHellRules,
    Tally,
    TieBreak,
    plan,
    score_game,
    settle_up,
    standings,
)


class Game(NamedTuple):
    rules: OhHellRules
    players: int
    first_dealer: int
    rows: tuple  # (bids, tricks, scores) per deal, by seat
    totals: tuple[int, ...]
    standings: tuple  # (seat, total, place, made bids, winner), best first


def records(game: Game) -> list[DealRecord]:
    return [DealRecord(bids=bids, tricks=tricks) for bids, tricks, _scores in game.rows]


# -- classic (seed 001), 4 players: 1 .. 13 cards; 10 + bid; a miss scores 0 -------------------

CLASSIC_4 = Game(
    rules=PRESETS["classic"],
    players=4,
    first_dealer=0,
    rows=(
        # 1 card: 0/0 10, 1/1 10 + 1 = 11, 0/0 10, 0/0 10
        ((0, 1, 0, 0), (0, 1, 0, 0), (10, 11, 10, 10)),
        # 2 cards: 1/1 11, 0/0 10, 1/0 miss 0, 1/1 11
        ((1, 0, 1, 1), (1, 0, 0, 1), (11, 10, 0, 11)),
        # 3: 1/1 11, 1/1 11, 1/1 11, 1/0 0
        ((1, 1, 1, 1), (1, 1, 1, 0), (11, 11, 11, 0)),
        # 4: 2/2 12, 1/1 11, 0/0 10, 1/1 11 (the bids come out even: no hook in seed 001)
        ((2, 1, 0, 1), (2, 1, 0, 1), (12, 11, 10, 11)),
        # 5: 2/1 0, 2/2 12, 1/1 11, 1/1 11
        ((2, 2, 1, 1), (1, 2, 1, 1), (0, 12, 11, 11)),
        # 6: 0/1 0, 3/3 13, 2/2 12, 0/0 10
        ((0, 3, 2, 0), (1, 3, 2, 0), (0, 13, 12, 10)),
        # 7: 3/3 13, 2/2 12, 1/0 0, 2/2 12
        ((3, 2, 1, 2), (3, 2, 0, 2), (13, 12, 0, 12)),
        # 8: 2/2 12, 2/3 0, 2/1 0, 2/2 12
        ((2, 2, 2, 2), (2, 3, 1, 2), (12, 0, 0, 12)),
        # 9: 4/4 14, 1/1 11, 3/3 13, 0/1 0
        ((4, 1, 3, 0), (4, 1, 3, 1), (14, 11, 13, 0)),
        # 10: 3/3 13, 3/2 0, 3/3 13, 3/2 0
        ((3, 3, 3, 3), (3, 2, 3, 2), (13, 0, 13, 0)),
        # 11: 5/5 15, 0/0 10, 4/4 14, 1/2 0
        ((5, 0, 4, 1), (5, 0, 4, 2), (15, 10, 14, 0)),
        # 12: 3/3 13, 4/4 14, 2/2 12, 2/3 0
        ((3, 4, 2, 2), (3, 4, 2, 3), (13, 14, 12, 0)),
        # 13, no trump (4 x 13 = 52): 6/6 16, 0/0 10, 5/4 0, 3/3 13
        ((6, 0, 5, 3), (6, 0, 4, 3), (16, 10, 0, 13)),
    ),
    # seat 0: 10, 21, 32, 44, 44, 44, 57, 69, 83, 96, 111, 124, 140
    # seat 1: 11, 21, 32, 43, 55, 68, 80, 80, 91, 91, 101, 115, 125
    # seat 2: 10, 10, 21, 31, 42, 54, 54, 54, 67, 80, 94, 106, 106
    # seat 3: 10, 21, 21, 32, 43, 53, 65, 77, 77, 77, 77, 77, 90
    totals=(140, 125, 106, 90),
    standings=(
        (0, 140, 1, 11, True),  # missed deals 5 and 6: 13 - 2 = 11 made
        (1, 125, 2, 11, False),  # missed 8 and 10: 13 - 2 = 11
        (2, 106, 3, 9, False),  # missed 2, 7, 8, 13: 13 - 4 = 9
        (3, 90, 4, 8, False),  # missed 3, 9, 10, 11, 12: 13 - 5 = 8
    ),
)

# -- Italian (seed 000), 4 players from seat 2: 1 .. 13 cards, the last deal at no-trump --------

ITALIAN_4 = Game(
    rules=PRESETS["italian"],
    players=4,
    first_dealer=2,
    rows=(
        # 1: 0/0 10, 0/0 10, 1/1 11, 0/0 10
        ((0, 0, 1, 0), (0, 0, 1, 0), (10, 10, 11, 10)),
        # 2: 1/1 11, 1/1 11, 0/0 10, 1/0 0
        ((1, 1, 0, 1), (1, 1, 0, 0), (11, 11, 10, 0)),
        # 3: 1/2 0, 0/0 10, 1/1 11, 0/0 10
        ((1, 0, 1, 0), (2, 0, 1, 0), (0, 10, 11, 10)),
        # 4: 1/1 11, 2/2 12, 1/0 0, 1/1 11
        ((1, 2, 1, 1), (1, 2, 0, 1), (11, 12, 0, 11)),
        # 5: 2/2 12, 1/1 11, 1/1 11, 2/1 0
        ((2, 1, 1, 2), (2, 1, 1, 1), (12, 11, 11, 0)),
        # 6: 1/1 11, 2/2 12, 2/1 0, 2/2 12
        ((1, 2, 2, 2), (1, 2, 1, 2), (11, 12, 0, 12)),
        # 7: 2/2 12, 2/3 0, 2/2 12, 0/0 10
        ((2, 2, 2, 0), (2, 3, 2, 0), (12, 0, 12, 10)),
        # 8: 3/3 13, 2/2 12, 2/2 12, 1/1 11
        ((3, 2, 2, 1), (3, 2, 2, 1), (13, 12, 12, 11)),
        # 9: 2/2 12, 3/2 0, 2/2 12, 3/3 13
        ((2, 3, 2, 3), (2, 2, 2, 3), (12, 0, 12, 13)),
        # 10: 4/4 14, 2/2 12, 3/2 0, 2/2 12
        ((4, 2, 3, 2), (4, 2, 2, 2), (14, 12, 0, 12)),
        # 11: 3/3 13, 3/3 13, 3/3 13, 3/2 0
        ((3, 3, 3, 3), (3, 3, 3, 2), (13, 13, 13, 0)),
        # 12: 4/4 14, 3/4 0, 3/2 0, 3/2 0
        ((4, 3, 3, 3), (4, 4, 2, 2), (14, 0, 0, 0)),
        # 13, no trump: 4/3 0, 4/4 14, 3/3 13, 3/3 13
        ((4, 4, 3, 3), (3, 4, 3, 3), (0, 14, 13, 13)),
    ),
    # seat 0: 10, 21, 21, 32, 44, 55, 67, 80, 92, 106, 119, 133, 133
    # seat 1: 10, 21, 31, 43, 54, 66, 66, 78, 78, 90, 103, 103, 117
    # seat 2: 11, 21, 32, 32, 43, 43, 55, 67, 79, 79, 92, 92, 105
    # seat 3: 10, 10, 20, 31, 31, 43, 53, 64, 77, 89, 89, 89, 102
    totals=(133, 117, 105, 102),
    standings=(
        (0, 133, 1, 11, True),  # missed deals 3 and 13
        (1, 117, 2, 10, False),  # missed 7, 9, 12
        (2, 105, 3, 9, False),  # missed 4, 6, 10, 12
        (3, 102, 4, 9, False),  # missed 2, 5, 11, 12
    ),
)

# -- Oh Well (seed 000), 4 players from seat 1: 8 deals of 13; made 10, made zero 12 ------------

OH_WELL_4 = Game(
    rules=PRESETS["oh_well"],
    players=4,
    first_dealer=1,
    rows=(
        # 3/3 10, 4/4 10, 2/2 10, 4/4 10 (3 + 4 + 2 + 4 = 13)
        ((3, 4, 2, 4), (3, 4, 2, 4), (10, 10, 10, 10)),
        # 0/0 12, 5/6 0, 3/3 10, 4/4 10
        ((0, 5, 3, 4), (0, 6, 3, 4), (12, 0, 10, 10)),
        # 2/2 10, 2/3 0, 5/5 10, 3/3 10
        ((2, 2, 5, 3), (2, 3, 5, 3), (10, 0, 10, 10)),
        # 4/5 0, 0/0 12, 4/4 10, 4/4 10
        ((4, 0, 4, 4), (5, 0, 4, 4), (0, 12, 10, 10)),
        # 3/3 10, 3/3 10, 3/7 0, 0/0 12
        ((3, 3, 3, 0), (3, 3, 7, 0), (10, 10, 0, 12)),
        # 6/6 10, 1/2 0, 0/0 12, 5/5 10
        ((6, 1, 0, 5), (6, 2, 0, 5), (10, 0, 12, 10)),
        # 2/2 10, 4/4 10, 4/4 10, 2/3 0
        ((2, 4, 4, 2), (2, 4, 4, 3), (10, 10, 10, 0)),
        # 0/1 0, 6/6 10, 3/3 10, 3/3 10
        ((0, 6, 3, 3), (1, 6, 3, 3), (0, 10, 10, 10)),
    ),
    # seat 0: 10 + 12 + 10 + 0 + 10 + 10 + 10 + 0 = 62
    # seat 1: 10 + 0 + 0 + 12 + 10 + 0 + 10 + 10 = 52
    # seat 2: 10 + 10 + 10 + 10 + 0 + 12 + 10 + 10 = 72
    # seat 3: 10 + 10 + 10 + 10 + 12 + 10 + 0 + 10 = 72
    totals=(62, 52, 72, 72),
    standings=(
        (2, 72, 1, 7, True),  # a tie for the win: both win (seed 000 names no tie-break)
        (3, 72, 1, 7, True),
        (0, 62, 3, 6, False),  # two players ahead: third place
        (1, 52, 4, 5, False),
    ),
)

# -- down and up with the hook (seed 002), 4 players from seat 3: 10 .. 1 .. 10 ------------------

DOWN_AND_UP_4 = Game(
    rules=PRESETS["down_and_up_hook"],
    players=4,
    first_dealer=3,
    rows=(
        # 10 cards, bids 1 + 6 + 2 + 0 = 9 != 10: 1/1 11, 6/6 16, 2/3 0, 0/0 10
        ((1, 6, 2, 0), (1, 6, 3, 0), (11, 16, 0, 10)),
        # 9, bids 8: 1/1 11, 5/5 15, 2/2 12, 0/1 0
        ((1, 5, 2, 0), (1, 5, 2, 1), (11, 15, 12, 0)),
        # 8, bids 7: 1/1 11, 5/4 0, 1/2 0, 0/1 0
        ((1, 5, 1, 0), (1, 4, 2, 1), (11, 0, 0, 0)),
        # 7, bids 6: 1/1 11, 4/4 14, 1/1 11, 0/1 0
        ((1, 4, 1, 0), (1, 4, 1, 1), (11, 14, 11, 0)),
        # 6, bids 5: 1/1 11, 3/3 13, 1/2 0, 0/0 10
        ((1, 3, 1, 0), (1, 3, 2, 0), (11, 13, 0, 10)),
        # 5, bids 4: 1/1 11, 3/3 13, 0/0 10, 0/1 0
        ((1, 3, 0, 0), (1, 3, 0, 1), (11, 13, 10, 0)),
        # 4, bids 3: 1/1 11, 2/2 12, 0/1 0, 0/0 10
        ((1, 2, 0, 0), (1, 2, 1, 0), (11, 12, 0, 10)),
        # 3, bids 4: 1/1 11, 2/2 12, 1/0 0, 0/0 10
        ((1, 2, 1, 0), (1, 2, 0, 0), (11, 12, 0, 10)),
        # 2, bids 1: 0/0 10, 1/0 0, 0/1 0, 0/1 0
        ((0, 1, 0, 0), (0, 0, 1, 1), (10, 0, 0, 0)),
        # 1, bids 2: 0/0 10, 1/1 11, 1/0 0, 0/0 10
        ((0, 1, 1, 0), (0, 1, 0, 0), (10, 11, 0, 10)),
        # 2, bids 3: 1/1 11, 1/1 11, 1/0 0, 0/0 10
        ((1, 1, 1, 0), (1, 1, 0, 0), (11, 11, 0, 10)),
        # 3, bids 2: 1/1 11, 1/1 11, 0/1 0, 0/0 10
        ((1, 1, 0, 0), (1, 1, 1, 0), (11, 11, 0, 10)),
        # 4, bids 3: 1/1 11, 2/2 12, 0/0 10, 0/1 0
        ((1, 2, 0, 0), (1, 2, 0, 1), (11, 12, 10, 0)),
        # 5, bids 4: 1/2 0, 3/3 13, 0/0 10, 0/0 10
        ((1, 3, 0, 0), (2, 3, 0, 0), (0, 13, 10, 10)),
        # 6, bids 5: 1/1 11, 3/3 13, 1/1 11, 0/1 0
        ((1, 3, 1, 0), (1, 3, 1, 1), (11, 13, 11, 0)),
        # 7, bids 6: 1/1 11, 4/4 14, 1/1 11, 0/1 0
        ((1, 4, 1, 0), (1, 4, 1, 1), (11, 14, 11, 0)),
        # 8, bids 7: 1/1 11, 5/6 0, 1/1 11, 0/0 10
        ((1, 5, 1, 0), (1, 6, 1, 0), (11, 0, 11, 10)),
        # 9, bids 8: 1/1 11, 6/6 16, 1/1 11, 0/1 0
        ((1, 6, 1, 0), (1, 6, 1, 1), (11, 16, 11, 0)),
        # 10, bids 9: 1/1 11, 6/7 0, 2/2 12, 0/0 10
        ((1, 6, 2, 0), (1, 7, 2, 0), (11, 0, 12, 10)),
    ),
    # seat 0: 11 x 8 = 88, + 10 + 10 = 108, + 11 x 3 = 141, + 0 = 141, + 11 x 5 = 196
    # seat 1: 16, 31, 31, 45, 58, 71, 83, 95, 95, 106, 117, 128, 140, 153, 166, 180, 180,
    #         196, 196
    # seat 2: 0, 12, 12, 23, 23, 33, 33, 33, 33, 33, 33, 33, 43, 53, 64, 75, 86, 97, 109
    # seat 3: 10, 10, 10, 10, 20, 20, 30, 40, 40, 50, 60, 70, 70, 80, 80, 80, 90, 90, 100
    totals=(196, 196, 109, 100),
    standings=(
        (0, 196, 1, 18, True),  # a tie on 196: shared by default
        (1, 196, 1, 15, True),  # missed deals 3, 9, 17, 19: 19 - 4 = 15 made
        (2, 109, 3, 10, False),
        (3, 100, 4, 10, False),
    ),
)

# -- Nomination Whist, 4 players: 10 .. 1 .. 10, hook, trump rotation, a miss scores its tricks -

NOMINATION_WHIST_4 = Game(
    rules=PRESETS["nomination_whist"],
    players=4,
    first_dealer=0,
    rows=(
        # 10, bids 9: 3/3 13, 3/4 miss: 4 tricks = 4, 2/2 12, 1/1 11
        ((3, 3, 2, 1), (3, 4, 2, 1), (13, 4, 12, 11)),
        # 9, bids 8: 2/3 -> 3, 2/2 12, 2/2 12, 2/2 12
        ((2, 2, 2, 2), (3, 2, 2, 2), (3, 12, 12, 12)),
        # 8, bids 7: 2/2 12, 2/2 12, 2/2 12, 1/2 -> 2
        ((2, 2, 2, 1), (2, 2, 2, 2), (12, 12, 12, 2)),
        # 7, bids 6: 2/2 12, 2/3 -> 3, 1/1 11, 1/1 11
        ((2, 2, 1, 1), (2, 3, 1, 1), (12, 3, 11, 11)),
        # 6, bids 5: 2/2 12, 1/1 11, 1/1 11, 1/2 -> 2
        ((2, 1, 1, 1), (2, 1, 1, 2), (12, 11, 11, 2)),
        # 5, no trump, bids 4: 1/1 11, 1/1 11, 1/2 -> 2, 1/1 11
        ((1, 1, 1, 1), (1, 1, 2, 1), (11, 11, 2, 11)),
        # 4, bids 3: 11, 11, 11, 0/1 -> 1
        ((1, 1, 1, 0), (1, 1, 1, 1), (11, 11, 11, 1)),
        # 3, bids 4: 11, 11, 11, 1/0 -> 0 tricks = 0
        ((1, 1, 1, 1), (1, 1, 1, 0), (11, 11, 11, 0)),
        # 2, bids 3: 1/1 11, 1/0 -> 0, 1/1 11, 0/0 10
        ((1, 1, 1, 0), (1, 0, 1, 0), (11, 0, 11, 10)),
        # 1, no trump, bids 0: 0/1 -> 1, 0/0 10, 0/0 10, 0/0 10
        ((0, 0, 0, 0), (1, 0, 0, 0), (1, 10, 10, 10)),
        # 2, bids 1: 0/0 10, 1/1 11, 0/1 -> 1, 0/0 10
        ((0, 1, 0, 0), (0, 1, 1, 0), (10, 11, 1, 10)),
        # 3, bids 2: 1/1 11, 0/0 10, 1/1 11, 0/1 -> 1
        ((1, 0, 1, 0), (1, 0, 1, 1), (11, 10, 11, 1)),
        # 4, bids 3: 1/2 -> 2, 1/1 11, 1/1 11, 0/0 10
        ((1, 1, 1, 0), (2, 1, 1, 0), (2, 11, 11, 10)),
        # 5, bids 4: 2/2 12, 1/1 11, 1/1 11, 0/1 -> 1
        ((2, 1, 1, 0), (2, 1, 1, 1), (12, 11, 11, 1)),
        # 6, no trump, bids 5: 2/2 12, 2/2 12, 1/2 -> 2, 0/0 10
        ((2, 2, 1, 0), (2, 2, 2, 0), (12, 12, 2, 10)),
        # 7, bids 8: 12, 12, 12, 2/1 -> 1
        ((2, 2, 2, 2), (2, 2, 2, 1), (12, 12, 12, 1)),
        # 8, bids 7: 3/3 13, 2/2 12, 2/2 12, 0/1 -> 1
        ((3, 2, 2, 0), (3, 2, 2, 1), (13, 12, 12, 1)),
        # 9, bids 8: 3/4 -> 4, 3/3 13, 2/2 12, 0/0 10
        ((3, 3, 2, 0), (4, 3, 2, 0), (4, 13, 12, 10)),
        # 10, bids 9: 13, 13, 13, 0/1 -> 1
        ((3, 3, 3, 0), (3, 3, 3, 1), (13, 13, 13, 1)),
    ),
    # seat 0: 13, 16, 28, 40, 52, 63, 74, 85, 96, 97, 107, 118, 120, 132, 144, 156, 169, 173, 186
    # seat 1: 4, 16, 28, 31, 42, 53, 64, 75, 75, 85, 96, 106, 117, 128, 140, 152, 164, 177, 190
    # seat 2: 12, 24, 36, 47, 58, 60, 71, 82, 93, 103, 104, 115, 126, 137, 139, 151, 163, 175,
    #         188
    # seat 3: 11, 23, 25, 36, 38, 49, 50, 50, 60, 70, 80, 81, 91, 92, 102, 103, 104, 114, 115
    totals=(186, 190, 188, 115),
    standings=(
        (1, 190, 1, 16, True),  # missed deals 1, 4, 9
        (2, 188, 2, 16, False),  # missed 6, 11, 15
        (0, 186, 3, 15, False),  # missed 2, 10, 13, 18
        (3, 115, 4, 10, False),  # made 1, 2, 4, 6, 9, 10, 11, 13, 15, 18
    ),
)

# -- Wizard-style, 4 players from seat 1: 1 .. 15 cards of 60; 20 + 10 a trick; -10 a trick off -

WIZARD_4 = Game(
    rules=PRESETS["wizard_style"],
    players=4,
    first_dealer=1,
    rows=(
        # 1: 0/0 20, 1/1 20 + 10 = 30, 0/0 20, 0/0 20
        ((0, 1, 0, 0), (0, 1, 0, 0), (20, 30, 20, 20)),
        # 2: 1/1 30, 1/0 -10, 0/0 20, 1/1 30
        ((1, 1, 0, 1), (1, 0, 0, 1), (30, -10, 20, 30)),
        # 3: 30, 30, 30, 1/0 -10
        ((1, 1, 1, 1), (1, 1, 1, 0), (30, 30, 30, -10)),
        # 4: 2/2 20 + 20 = 40, 1/1 30, 0/0 20, 0/1 -10
        ((2, 1, 0, 0), (2, 1, 0, 1), (40, 30, 20, -10)),
        # 5: 2/1 -10, 2/2 40, 0/0 20, 2/2 40
        ((2, 2, 0, 2), (1, 2, 0, 2), (-10, 40, 20, 40)),
        # 6: 3/3 50, 1/1 30, 1/1 30, 0/1 -10
        ((3, 1, 1, 0), (3, 1, 1, 1), (50, 30, 30, -10)),
        # 7: 2/2 40, 2/2 40, 2/3 -10, 2/0 -20
        ((2, 2, 2, 2), (2, 2, 3, 0), (40, 40, -10, -20)),
        # 8: 3/3 50, 3/3 50, 1/1 30, 0/1 -10
        ((3, 3, 1, 0), (3, 3, 1, 1), (50, 50, 30, -10)),
        # 9: 4/4 60, 2/2 40, 2/2 40, 0/1 -10
        ((4, 2, 2, 0), (4, 2, 2, 1), (60, 40, 40, -10)),
        # 10: 0/0 20, 4/4 60, 3/3 50, 2/3 -10
        ((0, 4, 3, 2), (0, 4, 3, 3), (20, 60, 50, -10)),
        # 11: 5/5 70, 3/3 50, 2/3 -10, 0/0 20
        ((5, 3, 2, 0), (5, 3, 3, 0), (70, 50, -10, 20)),
        # 12: 4/4 60, 4/4 60, 2/2 40, 1/2 -10
        ((4, 4, 2, 1), (4, 4, 2, 2), (60, 60, 40, -10)),
        # 13: 6/6 80, 3/3 50, 3/3 50, 0/1 -10
        ((6, 3, 3, 0), (6, 3, 3, 1), (80, 50, 50, -10)),
        # 14: 5/5 70, 5/5 70, 4/3 -10, 0/1 -10
        ((5, 5, 4, 0), (5, 5, 3, 1), (70, 70, -10, -10)),
        # 15, no trump: 6/3 3 off -30, 5/6 -10, 4/5 -10, 0/1 -10
        ((6, 5, 4, 0), (3, 6, 5, 1), (-30, -10, -10, -10)),
    ),
    # seat 0: 20, 50, 80, 120, 110, 160, 200, 250, 310, 330, 400, 460, 540, 610, 580
    # seat 1: 30, 20, 50, 80, 120, 150, 190, 240, 280, 340, 390, 450, 500, 570, 560
    # seat 2: 20, 40, 70, 90, 110, 140, 130, 160, 200, 250, 240, 280, 330, 320, 310
    # seat 3: 20, 50, 40, 30, 70, 60, 40, 30, 20, 10, 30, 20, 10, 0, -10
    totals=(580, 560, 310, -10),
    standings=(
        (0, 580, 1, 13, True),  # missed deals 5 and 15
        (1, 560, 2, 13, False),  # missed 2 and 15
        (2, 310, 3, 11, False),  # missed 7, 11, 14, 15
        (3, -10, 4, 4, False),  # made 1, 2, 5, 11
    ),
)

# -- Oh Well (seed 000), 3 players: 9 deals of 17 cards -----------------------------------------

OH_WELL_3 = Game(
    rules=PRESETS["oh_well"],
    players=3,
    first_dealer=0,
    rows=(
        ((5, 6, 5), (5, 6, 6), (10, 10, 0)),  # 5 + 6 + 6 = 17 tricks
        ((0, 9, 8), (0, 9, 8), (12, 10, 10)),  # made zero 12
        ((6, 6, 6), (6, 6, 5), (10, 10, 0)),
        ((4, 7, 6), (4, 8, 5), (10, 0, 0)),
        ((0, 0, 17), (0, 0, 17), (12, 12, 10)),  # every trick still scores just 10 in Oh Well
        ((8, 8, 0), (9, 8, 0), (0, 10, 12)),
        ((3, 10, 3), (3, 10, 4), (10, 10, 0)),
        ((7, 5, 5), (7, 5, 5), (10, 10, 10)),
        ((1, 1, 1), (1, 1, 15), (10, 10, 0)),
    ),
    # seat 0: 10, 22, 32, 42, 54, 54, 64, 74, 84
    # seat 1: 10, 20, 30, 30, 42, 52, 62, 72, 82
    # seat 2: 0, 10, 10, 10, 20, 32, 32, 42, 42
    totals=(84, 82, 42),
    standings=(
        (0, 84, 1, 8, True),
        (1, 82, 2, 8, False),
        (2, 42, 3, 4, False),
    ),
)

# -- Italian with seed 000's table variants, 7 players from seat 4: 1 .. 7 cards --------------
# the hook, slams from 5 cards (50 / 25 + tricks) and a made zero worth 5 + the cards.

ITALIAN_VARIANTS = PRESETS["italian"].with_options(hook=True, slams=True, zero="five_plus_cards")

ITALIAN_VARIANTS_7 = Game(
    rules=ITALIAN_VARIANTS,
    players=7,
    first_dealer=4,
    rows=(
        # 1 card, bids 0 != 1: made zeros 5 + 1 = 6; seat 4 0/1 -> 0
        ((0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 0), (6, 6, 6, 6, 0, 6, 6)),
        # 2, bids 3: 1/1 11, zeros 5 + 2 = 7, seat 3 1/0 0, seat 5 1/1 11
        ((1, 0, 0, 1, 0, 1, 0), (1, 0, 0, 0, 0, 1, 0), (11, 7, 7, 0, 7, 11, 7)),
        # 3, bids 2: zeros 5 + 3 = 8, 1/1 11, seat 4 0/1 0
        ((0, 1, 0, 1, 0, 0, 0), (0, 1, 0, 1, 1, 0, 0), (8, 11, 8, 11, 0, 8, 8)),
        # 4, bids 3: zeros 5 + 4 = 9; seat 3 bid 3 of 4 and made it: under 5 cards no small
        # slam, 10 + 3 = 13; seat 4 0/1 0
        ((0, 0, 0, 3, 0, 0, 0), (0, 0, 0, 3, 1, 0, 0), (9, 9, 9, 13, 0, 9, 9)),
        # 5, dealer seat 1 bids 1 (0 would make 5 + 0 = 5): seat 2 takes all 5, 50 + 5 = 55;
        # seat 1 1/0 0; zeros 5 + 5 = 10
        ((0, 1, 5, 0, 0, 0, 0), (0, 0, 5, 0, 0, 0, 0), (10, 0, 55, 10, 10, 10, 10)),
        # 6, dealer seat 2 bids 1 (bids 7 != 6): seat 5 takes 5 of 6, 25 + 5 = 30; seat 0
        # 1/1 11; seat 2 1/0 0; zeros 5 + 6 = 11
        ((1, 0, 1, 0, 0, 5, 0), (1, 0, 0, 0, 0, 5, 0), (11, 11, 0, 11, 11, 30, 11)),
        # 7, no trump, bids 8: seat 6 bid all 7 and took 6, 0; seat 3 1/1 11; zeros 5 + 7 = 12
        ((0, 0, 0, 1, 0, 0, 7), (0, 0, 0, 1, 0, 0, 6), (12, 12, 12, 11, 12, 12, 0)),
    ),
    # seat 0: 6, 17, 25, 34, 44, 55, 67
    # seat 1: 6, 13, 24, 33, 33, 44, 56
    # seat 2: 6, 13, 21, 30, 85, 85, 97
    # seat 3: 6, 6, 17, 30, 40, 51, 62
    # seat 4: 0, 7, 7, 7, 17, 28, 40
    # seat 5: 6, 17, 25, 34, 44, 74, 86
    # seat 6: 6, 13, 21, 30, 40, 51, 51
    totals=(67, 56, 97, 62, 40, 86, 51),
    standings=(
        (2, 97, 1, 6, True),
        (5, 86, 2, 7, False),
        (0, 67, 3, 7, False),
        (3, 62, 4, 6, False),
        (1, 56, 5, 6, False),
        (6, 51, 6, 6, False),
        (4, 40, 7, 4, False),
    ),
)

GAMES = {
    "classic-4": CLASSIC_4,
    "italian-4": ITALIAN_4,
    "oh_well-4": OH_WELL_4,
    "down_and_up_hook-4": DOWN_AND_UP_4,
    "nomination_whist-4": NOMINATION_WHIST_4,
    "wizard_style-4": WIZARD_4,
    "oh_well-3": OH_WELL_3,
    "italian_variants-7": ITALIAN_VARIANTS_7,
}

each_game = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))


# -- the score sheets --------------------------------------------------------------------------


@each_game
def test_the_sheet_is_a_legal_game_under_its_rules(game):
    # Seed 002's hook and the tricks adding up to the cards (RULES.md, play and tricks).
    """The rows fill the schedule, the tricks add up, and hooked deals never come out even."""
    deals = plan(game.rules, game.players, game.first_dealer)
    assert len(game.rows) == len(deals)
    for deal, (bids, tricks, _scores) in zip(deals, game.rows, strict=True):
        assert sum(tricks) == deal.cards
        if deal.hook:
            assert sum(bids) != deal.cards


@each_game
def test_every_deal_scores_what_the_sheet_works_out_by_hand(game):
    """Each sheet's rows cite their scoring rule (seeds 000, 001, 002, RULES.md presets)."""
    result = score_game(game.rules, game.players, game.first_dealer, records(game))
    assert [deal.scores for deal in result.deals] == [scores for _b, _t, scores in game.rows]


@each_game
def test_the_totals_are_the_deals_added_up_by_hand(game):
    """Seed 001: "A running account is kept of each player's cumulative score"."""
    result = score_game(game.rules, game.players, game.first_dealer, records(game))
    assert result.totals == game.totals
    assert result.deals[-1].totals == game.totals
    running = [0] * game.players
    for deal in result.deals:
        running = [total + score for total, score in zip(running, deal.scores, strict=True)]
        assert deal.totals == tuple(running)


@each_game
def test_the_standings_rank_by_total_and_ties_share_a_place(game):
    """Seed 000: "Vince la partita chi totalizza il maggior numero di punti"."""
    result = score_game(game.rules, game.players, game.first_dealer, records(game))
    assert [(s.seat, s.total, s.place, s.made_bids, s.winner) for s in result.standings] == list(
        game.standings
    )
    assert result.winners == tuple(seat for seat, *_rest, winner in game.standings if winner)


@each_game
def test_the_game_is_over_after_the_last_deal_of_the_schedule(game):
    """Seed 000: "L'ultima smazzata, che coincide con la fine della partita"."""
    result = score_game(game.rules, game.players, game.first_dealer, records(game))
    assert result.finished
    assert result.next_deal is None


@each_game
def test_a_record_beyond_the_schedule_is_refused(game):
    """Seed 000: the last deal "coincide con la fine della partita"."""
    extra = records(game)[-1]
    with pytest.raises(RuleError) as excinfo:
        score_game(game.rules, game.players, game.first_dealer, [*records(game), extra])
    assert str(excinfo.value) == "The game is over: the schedule has no more deals."


@each_game
def test_a_tally_goes_on_from_a_copy_and_leaves_the_original_as_it_was(game):
    """The table scores a new deal by adding it to a copy of its tally (games.tables): the
    copy ends where the whole sheet does, and the tally copied still reads the game before."""
    every = records(game)
    half = len(every) // 2
    tally = Tally(game.rules, game.players, game.first_dealer)
    for record in every[:half]:
        tally.add(record)
    before = tally.result()
    going_on = tally.copy()
    for record in every[half:]:
        going_on.add(record)

    assert going_on.result() == score_game(game.rules, game.players, game.first_dealer, every)
    assert (
        tally.result()
        == before
        == score_game(game.rules, game.players, game.first_dealer, every[:half])
    )


@each_game
def test_a_tally_of_its_first_deals_is_the_game_scored_to_there(game):
    """Undo's game on the phone (games.screens.oh_hell) starts from the table's tally."""
    every = records(game)
    tally = Tally(game.rules, game.players, game.first_dealer)
    for record in every:
        tally.add(record)
    for count in range(len(every) + 1):
        first = tally.upto(count)
        assert first.result() == score_game(
            game.rules, game.players, game.first_dealer, every[:count]
        )
        if count < len(every):
            first.add(every[count])  # and it goes on from there
            assert first.result() == score_game(
                game.rules, game.players, game.first_dealer, every[: count + 1]
            )


@each_game
def test_a_refused_deal_leaves_the_tally_as_it_was(game):
    tally = Tally(game.rules, game.players, game.first_dealer)
    for record in records(game):
        tally.add(record)
    before = tally.result()

    with pytest.raises(RuleError):
        tally.add(records(game)[-1])  # beyond the schedule

    assert tally.result() == before


@each_game
def test_a_game_in_progress_says_which_deal_comes_next(game):
    """Seed 000: each deal the next dealer to the left deals one more card (or the
    schedule's next)."""
    deals = plan(game.rules, game.players, game.first_dealer)
    for played in range(len(deals)):
        result = score_game(game.rules, game.players, game.first_dealer, records(game)[:played])
        assert not result.finished
        assert result.next_deal == deals[played]
        assert len(result.deals) == played


def test_a_game_with_no_deal_played_has_everyone_on_zero():
    """Seed 001: the first deal has one card each; seat 3 was drawn to deal first (seed 002)."""
    result = score_game(PRESETS["classic"], 4, 3, [])
    assert result.totals == (0, 0, 0, 0)
    assert result.next_deal.number == 1
    assert result.next_deal.dealer == 3
    assert result.next_deal.cards == 1


# -- what the sheet shows per deal ---------------------------------------------------------------


def test_the_classic_game_passes_the_deal_left_and_plays_the_last_deal_at_no_trump():
    """Seed 001: the turn-up, and no-trump when 4 x 13 = 52 leaves nothing to turn up."""
    entered = [replace(record, trump="H") for record in records(CLASSIC_4)]
    result = score_game(CLASSIC_4.rules, 4, 0, entered)
    assert [deal.trump for deal in result.deals] == ["H"] * 12 + ["NT"]
    assert [deal.plan.dealer for deal in result.deals] == [0, 1, 2, 3] * 3 + [0]
    assert [deal.plan.cards for deal in result.deals] == list(range(1, 14))


def test_the_italian_game_records_the_last_deal_at_no_trump_whatever_was_entered():
    """Seed 000: "L'ultima smazzata viene giocata senza che venga determinata la briscola"."""
    entered = [replace(record, trump="S") for record in records(ITALIAN_4)]
    result = score_game(ITALIAN_4.rules, 4, 2, entered)
    assert [deal.trump for deal in result.deals] == ["S"] * 12 + ["NT"]
    assert result.deals[-1].plan.dealer == 2  # (2 + 12) % 4 = 2


def test_oh_well_keeps_the_suit_drawn_before_every_deal():
    """Seed 000, Oh Well: the trump is drawn before the deal, so 13-card deals have one."""
    suits = ["S", "H", "D", "C", "S", "H", "D", "C"]
    entered = [
        replace(record, trump=suit) for record, suit in zip(records(OH_WELL_4), suits, strict=True)
    ]
    result = score_game(OH_WELL_4.rules, 4, 1, entered)
    assert [deal.trump for deal in result.deals] == suits


def test_nomination_whist_records_the_rotations_trump_for_every_deal():
    """Nomination Whist preset (RULES.md, beyond the seeds): the rotation fixes the trump."""
    entered = [replace(record, trump="D") for record in records(NOMINATION_WHIST_4)]
    result = score_game(NOMINATION_WHIST_4.rules, 4, 0, entered)
    assert [deal.trump for deal in result.deals] == ["S", "H", "C", "D", "NT"] * 3 + [
        "S",
        "H",
        "C",
        "D",
    ]


def test_the_announcements_of_a_hooked_game_are_never_even():
    """Seed 002: "a hand will always be 'over-bid' or 'under-bid'"."""
    result = score_game(DOWN_AND_UP_4.rules, 4, 3, records(DOWN_AND_UP_4))
    # deal 1: 9 bid for 10 tricks -> under by 1; deal 8: 4 bid for 3 -> over by 1
    assert (result.deals[0].announcement.call, result.deals[0].announcement.by) == ("under", 1)
    assert (result.deals[7].announcement.call, result.deals[7].announcement.by) == ("over", 1)
    assert all(deal.announcement.call != "even" for deal in result.deals)


# -- ties ------------------------------------------------------------------------------------


def test_the_most_made_bids_tie_break_splits_equal_totals():
    """RULES.md, beyond the seeds: "optional tie-break on the total of made bids"."""
    rules = DOWN_AND_UP_4.rules.with_options(tie_break=TieBreak.MOST_MADE_BIDS)
    result = score_game(rules, 4, 3, records(DOWN_AND_UP_4))
    # seats 0 and 1 both on 196; seat 0 made 18 bids, seat 1 only 15
    assert [(s.seat, s.place, s.winner) for s in result.standings] == [
        (0, 1, True),
        (1, 2, False),
        (2, 3, False),
        (3, 4, False),
    ]
    assert result.winners == (0,)


def test_players_equal_on_total_and_made_bids_still_share_under_the_tie_break():
    """RULES.md, beyond the seeds: ties share the win; the tie-break on made bids may not
    split them."""
    rules = OH_WELL_4.rules.with_options(tie_break="most_made_bids")
    result = score_game(rules, 4, 1, records(OH_WELL_4))
    # seats 2 and 3: 72 points and 7 made bids each
    assert result.winners == (2, 3)
    assert [s.place for s in result.standings] == [1, 1, 3, 4]


@pytest.mark.parametrize(
    ("totals", "made", "tie_break", "ranking"),
    [
        # (seat, place, winner), best first
        ((50, 50, 40), (3, 5, 2), TieBreak.SHARED, [(0, 1, True), (1, 1, True), (2, 3, False)]),
        (
            (50, 50, 40),
            (3, 5, 2),
            TieBreak.MOST_MADE_BIDS,
            [(1, 1, True), (0, 2, False), (2, 3, False)],
        ),
        (
            (30, 40, 40, 40),
            (1, 2, 4, 2),
            TieBreak.MOST_MADE_BIDS,
            [(2, 1, True), (1, 2, False), (3, 2, False), (0, 4, False)],
        ),
        ((-5, 0, -5), (0, 0, 0), TieBreak.SHARED, [(1, 1, True), (0, 2, False), (2, 2, False)]),
    ],
)
def test_standings_rank_highest_total_first(totals, made, tie_break, ranking):
    """RULES.md: "the highest total wins (ties share the win)"."""
    result = standings(totals, made, tie_break)
    assert [(s.seat, s.place, s.winner) for s in result] == ranking


# -- illegal records --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "deal", "record", "message"),
    [
        # seed 002's hook: 8 cards and bids 2 + 2 + 2 + 2 = 8
        (
            DOWN_AND_UP_4,
            3,
            DealRecord(bids=(2, 2, 2, 2), tricks=(2, 2, 2, 2)),
            "Deal 3: The hook: the bids may not add up to the number of tricks (8).",
        ),
        # Nomination Whist's hook: 10 cards and bids 3 + 3 + 3 + 1 = 10
        (
            NOMINATION_WHIST_4,
            1,
            DealRecord(bids=(3, 3, 3, 1), tricks=(3, 3, 3, 1)),
            "Deal 1: The hook: the bids may not add up to the number of tricks (10).",
        ),
        # 7 players, hook on: 5 cards and bids 5 + 0 x 6 = 5
        (
            ITALIAN_VARIANTS_7,
            5,
            DealRecord(bids=(0, 0, 5, 0, 0, 0, 0), tricks=(0, 0, 5, 0, 0, 0, 0)),
            "Deal 5: The hook: the bids may not add up to the number of tricks (5).",
        ),
        # 2 cards, but tricks 1 + 0 + 0 + 0 = 1
        (
            CLASSIC_4,
            2,
            DealRecord(bids=(1, 0, 1, 1), tricks=(1, 0, 0, 0)),
            "Deal 2: The tricks add up to 1, but 2 were played: check the counts.",
        ),
        # 13 cards, but 3 + 4 + 2 + 5 = 14 tricks
        (
            OH_WELL_4,
            4,
            DealRecord(bids=(3, 4, 2, 4), tricks=(3, 4, 2, 5)),
            "Deal 4: The tricks add up to 14, but 13 were played: check the counts.",
        ),
        # 1 card: a bid of 2 is impossible
        (
            ITALIAN_4,
            1,
            DealRecord(bids=(0, 2, 0, 0), tricks=(0, 1, 0, 0)),
            "Deal 1: A bid is a whole number from 0 to 1.",
        ),
        # three bids at a table of four
        (
            WIZARD_4,
            6,
            DealRecord(bids=(3, 1, 1), tricks=(3, 1, 1, 1)),
            "Deal 6: Every player needs a bid.",
        ),
        # Oh Well's trump is drawn before the deal: a deal cannot be recorded at no-trump
        (
            OH_WELL_3,
            2,
            DealRecord(bids=(0, 9, 8), tricks=(0, 9, 8), trump="NT"),
            "Deal 2: This deal has a trump: pick its suit.",
        ),
    ],
)
def test_an_illegal_record_is_refused_naming_its_deal(game, deal, record, message):
    entered = [*records(game)[: deal - 1], record]
    with pytest.raises(RuleError) as excinfo:
        score_game(game.rules, game.players, game.first_dealer, entered)
    assert str(excinfo.value) == message
    assert excinfo.value.params["number"] == deal


def test_the_same_bids_are_legal_once_the_hook_is_lifted_in_the_last_deal():
    # the last deal of the down-and-up game: 10 cards, bids 1 + 6 + 2 + 1 = 10
    """Seed 002's hook, and RULES.md's option to lift it in the last deal."""
    last = DealRecord(bids=(1, 6, 2, 1), tricks=(1, 7, 2, 0))
    entered = [*records(DOWN_AND_UP_4)[:-1], last]
    with pytest.raises(RuleError):
        score_game(DOWN_AND_UP_4.rules, 4, 3, entered)
    lifted = DOWN_AND_UP_4.rules.with_options(hook_lifted_last_deal=True)
    result = score_game(lifted, 4, 3, entered)
    # 1/1 11, 6/7 0, 2/2 12, 1/0 0: the sheet's last row was (11, 0, 12, 10)
    assert result.deals[-1].scores == (11, 0, 12, 0)
    assert result.totals == (196, 196, 109, 90)  # seat 3: 100 - 10 = 90


# -- settling up --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "stake", "paid"),
    [
        # the classic game: 140 - 125 = 15, 140 - 106 = 34, 140 - 90 = 50; 15 + 34 + 50 = 99
        ((140, 125, 106, 90), 1, (-99, 15, 34, 50)),
        # half a unit a point: 7.5, 17, 25; the winner gets 49.5
        ((140, 125, 106, 90), 0.5, (-49.5, 7.5, 17, 25)),
        # Wizard-style at 2 a point: 2 x 20 = 40, 2 x 270 = 540, 2 x 590 = 1180; 1760 in all
        ((580, 560, 310, -10), 2, (-1760, 40, 540, 1180)),
        # a tie for the win: 72 - 62 = 10 and 72 - 52 = 20; the 30 is split, 15 each
        ((62, 52, 72, 72), 1, (10, 20, -15, -15)),
    ],
)
def test_settling_up_each_player_pays_the_winner_a_stake_per_point_of_difference(
    totals, stake, paid
):
    """Seed 000: "ogni giocatore versa al vincitore una somma convenuta per ogni punto di
    differenza tra i suoi e quelli del vincitore"."""
    assert settle_up(totals, stake) == pytest.approx(paid)


def test_a_refused_replay_after_a_revoke_names_the_deal_being_played_again():
    """Seed 000: after a revoke "la smazzata viene ripetuta (con lo stesso mazziere e lo
    stesso numero di carte)": the replay is deal 2 again, not a deal 3.

    The third record below is deal 2 played again (2 cards, dealer 1); its tricks add up
    to 1 + 1 + 1 + 0 = 3 instead of 2. The refusal must name deal 2, the number the
    result gives that record (``DealResult.plan.number``); naming "Deal 3" would point the
    table at the 3-card deal, which has not been played yet.
    """
    entered = [
        DealRecord(bids=(0, 1, 0, 0), tricks=(0, 1, 0, 0)),  # deal 1
        DealRecord(bids=(1, 0, 0, 1), revoke=3),  # deal 2, revoked
        DealRecord(bids=(0, 1, 0, 0), tricks=(1, 1, 1, 0)),  # deal 2 again: 3 tricks of 2
    ]
    with pytest.raises(RuleError) as excinfo:
        score_game(PRESETS["italian"], 4, 0, entered)
    assert str(excinfo.value) == (
        "Deal 2: The tricks add up to 3, but 2 were played: check the counts."
    )
