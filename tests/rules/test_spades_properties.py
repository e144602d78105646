"""Spades: what holds for any game the scorekeeper can enter, under any table options."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import spades
from games.rules.errors import RuleError
from games.rules.rounds import places_of

table_rules = st.builds(
    spades.Rules,
    target=st.sampled_from(spades.TARGETS),
    failed_nil=st.sampled_from(spades.FailedNil),
    blind_nil=st.sampled_from(spades.BlindNil),
    bags=st.booleans(),
    bag_limit=st.sampled_from(spades.BAG_LIMITS),
    bag_penalty=st.sampled_from(spades.BAG_PENALTIES),
    mercy=st.sampled_from(spades.MERCY_LINES),
    min_team_bid=st.sampled_from(spades.MIN_TEAM_BIDS),
    ten_for_200=st.booleans(),
    moon=st.sampled_from(spades.Moon),
    moon_points=st.integers(1, 1000),
)


def blind_allowed(rules: spades.Rules, plan: spades.Hand, side: int) -> bool:
    return spades.blind_nil_why_not(rules, plan, side) is None


@st.composite
def hands(draw: st.DrawFn, rules: spades.Rules, plan: spades.Hand) -> dict:
    """A hand the cards could make and the table's options allow: each side's nils, its
    contract split among its other bidders (at most 13, at least the least team bid), blind
    marks where blind nil is allowed, 13 tricks won by anyone; per team when no nil."""
    bids, blind = [0] * 4, [False] * 4
    for side, seats in enumerate(spades.SIDES):
        patterns = [(), (seats[0],), (seats[1],)]
        if rules.min_team_bid == 0:
            patterns.append(seats)
        nils = draw(st.sampled_from(patterns))
        bidders = [seat for seat in seats if seat not in nils]
        if bidders:
            low = max(rules.min_team_bid, len(bidders))
            contract = draw(st.integers(low, spades.TRICKS))
            first = contract if len(bidders) == 1 else draw(st.integers(1, contract - 1))
            bids[bidders[0]] = first
            if len(bidders) == 2:
                bids[bidders[1]] = contract - first
        for seat in nils:
            blind[seat] = blind_allowed(rules, plan, side) and draw(st.booleans())
    winners = draw(st.lists(st.integers(0, 3), min_size=13, max_size=13))
    tricks = [winners.count(seat) for seat in range(4)]
    entry = {"bids": bids, "blind": blind}
    if 0 not in bids and draw(st.booleans()):
        entry["team_tricks"] = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
    else:
        entry["tricks"] = tricks
    return entry


@st.composite
def games(draw: st.DrawFn) -> tuple:
    """Hands entered one at a time, each against the plan the game before it gives, until
    the game is over or for up to 25 hands."""
    rules = draw(table_rules)
    first_dealer = draw(st.integers(0, 3))
    tally = spades.Tally(rules, 4, first_dealer)
    entries = []
    for _ in range(draw(st.integers(0, 25))):
        plan = tally.result().next_round
        if plan is None:
            break
        entry = draw(hands(rules, plan))
        tally.add(entry)
        entries.append(entry)
    return rules, first_dealer, entries


@settings(max_examples=150)
@given(games())
def test_every_hand_the_cards_could_make_is_accepted_and_checks_to_itself(game) -> None:
    rules, first_dealer, entries = game

    result = spades.score(rules, 4, first_dealer, entries)

    for scored in result.rounds:
        again = spades.check_round(rules, 4, scored.plan, scored.entry)
        assert again == scored.entry


@settings(max_examples=150)
@given(games())
def test_totals_are_the_sums_of_the_hands_points(game) -> None:
    rules, first_dealer, entries = game

    result = spades.score(rules, 4, first_dealer, entries)

    running = [0, 0]
    for scored in result.rounds:
        running = [total + points for total, points in zip(running, scored.points, strict=True)]
        assert scored.totals == tuple(running)
    assert result.totals == tuple(running)
    assert result.places == places_of(result.totals)


@settings(max_examples=150)
@given(games())
def test_the_bags_carried_stay_under_the_limit(game) -> None:
    rules, first_dealer, entries = game

    result = spades.score(rules, 4, first_dealer, entries)

    if rules.bags:
        assert all(0 <= mark.params["count"] < rules.bag_limit for mark in result.marks)
    else:
        assert result.marks == (None, None)


@settings(max_examples=150)
@given(games())
def test_the_game_ends_only_as_the_rules_say_and_then_takes_no_hand(game) -> None:
    rules, first_dealer, entries = game

    result = spades.score(rules, 4, first_dealer, entries)

    for number, scored in enumerate(result.rounds, start=1):
        totals = scored.totals
        over = [side for side in (0, 1) if totals[side] >= rules.target]
        under = [side for side in (0, 1) if rules.mercy and totals[side] <= rules.mercy]
        moon = rules.moon == spades.Moon.WINS and any(
            "the game is won" in why.template and "moon" in why.template
            for whys in scored.whys
            for why in whys
        )
        decided = (
            moon or len(over) == 1 or ((len(over) == 2 or len(under)) and totals[0] != totals[1])
        )
        last = number == len(result.rounds)
        assert decided == (last and result.finished)
    if result.finished:
        assert len(result.winners) == 1
        assert result.next_round is None
    else:
        assert result.winners == ()
        assert result.next_round.number == len(entries) + 1
        assert result.next_round.dealer == (first_dealer + len(entries)) % 4


@settings(max_examples=150)
@given(games())
def test_each_sides_lines_end_in_its_points(game) -> None:
    """One figure alone says the points at its end; more end in their sum ("hand: +53")."""
    rules, first_dealer, entries = game

    result = spades.score(rules, 4, first_dealer, entries)

    for scored in result.rounds:
        for points, whys in zip(scored.points, scored.whys, strict=True):
            sums = [why for why in whys if why.template == "hand: %(points)s"]
            if sums:
                assert sums[0].params["points"] == spades.scoring.signed(points)
            else:
                said = str(whys[0]).removesuffix(f" ({whys[0].rule})")
                figure = said.rsplit(" ", 1)[-1].lstrip("+")
                assert figure in (spades.scoring.number(points), "won")


@given(rules=table_rules, data=st.data())
def test_tricks_per_team_score_as_the_same_tricks_per_player(rules, data) -> None:
    plan = spades.first_plan(rules, 4, 0)
    entry = data.draw(hands(rules, plan))
    if "team_tricks" in entry or 0 in entry["bids"]:
        return
    tricks = entry["tricks"]
    per_team = dict(entry, team_tricks=[tricks[0] + tricks[2], tricks[1] + tricks[3]])
    del per_team["tricks"]

    by_player = spades.score(rules, 4, 0, [entry]).rounds[0]
    by_team = spades.score(rules, 4, 0, [per_team]).rounds[0]

    assert (by_player.points, by_player.whys) == (by_team.points, by_team.whys)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from([*spades.ENTRY_KEYS, "x"]), children)
    ),
    max_leaves=20,
)


@given(
    rules=table_rules,
    entry=st.one_of(
        JSON,
        st.fixed_dictionaries({"bids": JSON, "blind": JSON, "tricks": JSON}),
        st.fixed_dictionaries(
            {
                "bids": st.lists(st.integers(-1, 14), min_size=4, max_size=4),
                "blind": st.lists(st.booleans(), min_size=4, max_size=4),
                "tricks": st.lists(st.integers(-1, 14), min_size=4, max_size=4),
            }
        ),
        st.fixed_dictionaries(
            {
                "bids": st.lists(st.integers(0, 13), min_size=4, max_size=4),
                "team_tricks": st.lists(st.integers(0, 13), min_size=2, max_size=2),
            }
        ),
    ),
)
def test_any_json_is_checked_or_refused_with_a_rule_error(rules, entry) -> None:
    plan = spades.Hand(number=2, dealer=1, cards=13, behind=(0, 120))
    try:
        checked = spades.check_round(rules, 4, plan, entry)
    except RuleError as refused:
        assert str(refused)
    else:
        assert set(checked) in ({"bids", "blind", "tricks"}, {"bids", "blind", "team_tricks"})
        tricks = checked.get("tricks") or checked["team_tricks"]
        assert sum(tricks) == 13
