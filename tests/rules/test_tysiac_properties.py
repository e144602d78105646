"""Tysiąc / Тысяча: what holds for any game a table can enter, under any options, and for
any JSON a hostile file can hold (games.rules.tysiac)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import tysiac as t
from games.rules.errors import RuleError

options = st.builds(
    t.Rules,
    steps=st.sampled_from(t.STEPS),
    rounding=st.sampled_from(list(t.Rounding)),
    endgame=st.sampled_from(list(t.Endgame)),
    bolts=st.booleans(),
    five_five_five=st.sampled_from(list(t.FiveFiveFive)),
    given_up=st.sampled_from(list(t.GivenUp)),
    sitting_out=st.sampled_from(list(t.SittingOut)),
    talon=st.booleans(),
)


def shares_of(cuts: list[int]) -> list[int]:
    """120 card points cut in three."""
    return [cuts[0], cuts[1] - cuts[0], 120 - cuts[1]]


@st.composite
def deals(draw: st.DrawFn, rules: t.Rules, players: int, plan) -> dict:
    """A deal the table could play: 120 card points shared by the players in it, some
    marriages, perhaps given up, the talon where it counts. Contracts are mostly low, so
    that they are made and games get near 1000."""
    seats = [seat for seat in range(players) if seat not in plan.sitting_out]
    entry: dict = {
        "bidder": draw(st.sampled_from(seats), label="bidder"),
        "contract": rules.steps
        * draw(st.integers(100 // rules.steps, 400 // rules.steps) | st.just(100 // rules.steps)),
    }
    if rules.given_up != t.GivenUp.OFF and draw(st.integers(0, 9)) == 0:
        entry["given_up"] = True
    else:
        cuts = draw(
            st.lists(st.integers(0, 120), min_size=2, max_size=2)
            .map(sorted)
            .filter(lambda cuts: not set(shares_of(cuts)) & t.IMPOSSIBLE_CARD_POINTS)
        )
        shares = shares_of(cuts)  # no card is worth 1: no share of 1 or 119
        points: list = [None] * players
        for seat, share in zip(seats, shares, strict=True):
            points[seat] = share
        entry["points"] = points
        suits = draw(st.lists(st.sampled_from("HDCS"), unique=True, max_size=4), label="suits")
        entry["marriages"] = {suit: draw(st.sampled_from(seats)) for suit in suits}
    if rules.talon and plan.sitting_out:
        marriage = draw(st.none() | st.sampled_from("HDCS"), label="talon marriage")
        aces = draw(st.integers(0, 1 if marriage else 3), label="aces")
        entry["talon"] = {"aces": aces, "marriage": marriage}
    return entry


@st.composite
def games(draw: st.DrawFn) -> tuple[t.Rules, int, int, list[dict]]:
    """Options, a table, a first dealer, and deals until the game is over or the table
    stops."""
    rules = draw(options)
    players = draw(st.sampled_from([3, 4]))
    first_dealer = draw(st.integers(0, players - 1))
    entries: list[dict] = []
    plan = t.first_plan(rules, players, first_dealer)
    for _ in range(draw(st.integers(0, 30))):
        entries.append(draw(deals(rules, players, plan)))
        result = t.score(rules, players, first_dealer, entries)
        if result.finished:
            break
        plan = result.next_round
    return rules, players, first_dealer, entries


@given(games())
@settings(max_examples=150, deadline=None)
def test_each_total_is_the_last_plus_the_deals_points(game) -> None:
    rules, players, first_dealer, entries = game
    result = t.score(rules, players, first_dealer, entries)

    last = (0,) * players
    for scored in result.rounds:
        for seat in range(players):
            if scored.points[seat] is None:  # sat out, nothing changed
                assert seat in scored.plan.sitting_out
                assert scored.totals[seat] == last[seat]
            else:
                assert scored.totals[seat] == last[seat] + scored.points[seat]
        last = scored.totals
    assert result.totals == last
    for seat in range(players):
        assert result.totals[seat] == sum(s.points[seat] or 0 for s in result.rounds)


@given(games())
@settings(max_examples=150, deadline=None)
def test_the_game_is_over_exactly_when_someone_has_1000(game) -> None:
    rules, players, first_dealer, entries = game
    result = t.score(rules, players, first_dealer, entries)

    reached = [seat for seat in range(players) if result.totals[seat] >= t.GAME]
    assert result.finished == bool(reached) == bool(result.winners)
    assert set(result.winners) <= set(reached)
    if result.finished:
        bidder = result.rounds[-1].entry["bidder"]
        assert result.winners == ((bidder,) if bidder in reached else result.winners)
        assert result.next_round is None
    else:
        assert result.next_round == t.plan_of(rules, players, first_dealer, len(entries) + 1)
    for scored in result.rounds[:-1]:  # nobody reached 1000 before the last deal
        assert max(scored.totals) < t.GAME
    assert result.places == tuple(
        1 + sum(other > total for other in result.totals) for total in result.totals
    )


@given(games())
@settings(max_examples=150, deadline=None)
def test_the_endgame_options_hold_after_every_deal(game) -> None:
    rules, players, first_dealer, entries = game
    result = t.score(rules, players, first_dealer, entries)

    last = (0,) * players
    for scored in result.rounds:
        bidder = scored.entry["bidder"]
        for seat, total in enumerate(scored.totals):
            if rules.five_five_five != t.FiveFiveFive.OFF:
                assert total not in (555, -555)
            if rules.endgame == t.Endgame.BARREL:
                # between 880 and 1000 only 880 itself; 1000 only by a contract
                assert total == t.BARREL or not t.BARREL <= total < t.GAME
                assert total < t.GAME or seat == bidder
            if rules.endgame == t.Endgame.OVER_800 and last[seat] > t.OVER and seat != bidder:
                assert scored.points[seat] in (0, None)  # only a contract counts
        last = scored.totals


@given(games())
@settings(max_examples=100, deadline=None)
def test_a_checked_deal_checks_to_itself_and_scores_the_same(game) -> None:
    rules, players, first_dealer, entries = game
    result = t.score(rules, players, first_dealer, entries)

    checked = [scored.entry for scored in result.rounds]
    for scored in result.rounds:
        assert t.check_round(rules, players, scored.plan, scored.entry) == scored.entry
    assert t.score(rules, players, first_dealer, checked) == result


@given(games())
@settings(max_examples=100, deadline=None)
def test_every_deal_explains_each_player_in_at_least_one_line(game) -> None:
    rules, players, first_dealer, entries = game
    result = t.score(rules, players, first_dealer, entries)

    for scored in result.rounds:
        assert len(scored.whys) == players
        for lines in scored.whys:
            assert lines and all(str(line) for line in lines)


json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.integers(0, 4)
    | st.floats(allow_nan=True)
    | st.text(max_size=3)
    | st.sampled_from(["H", "D", "C", "S"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(["aces", "marriage", "H", "S", "x"]), inner, max_size=3)
    ),
    max_leaves=12,
)
fields = st.sampled_from(["bidder", "contract", "given_up", "points", "marriages", "talon"])


@given(
    st.dictionaries(fields, json, max_size=6) | json,
    options,
    st.sampled_from([3, 4]),
)
@settings(max_examples=500, deadline=None)
def test_any_json_is_checked_or_refused_with_a_rule_error(entry, rules, players) -> None:
    plan = t.first_plan(rules, players, 0)
    try:
        checked = t.check_round(rules, players, plan, entry)
    except RuleError:
        return
    assert t.check_round(rules, players, plan, checked) == checked
    t.score(rules, players, 0, [checked])
