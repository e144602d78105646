"""Skull King: what holds for any game the scorekeeper can enter, under any options."""

from hypothesis import assume, given
from hypothesis import strategies as st

from games.rules import skull_king as sk
from games.rules.errors import RuleError
from games.rules.rounds import Plan, places_of

table_rules = st.builds(
    sk.Rules,
    scoring=st.sampled_from(sk.Scoring),
    kraken=st.booleans(),
    white_whale=st.booleans(),
    loot=st.booleans(),
    rounds=st.one_of(st.just(()), st.lists(st.integers(1, 8), min_size=1, max_size=6)),
)


@st.composite
def rounds(draw: st.DrawFn, rules: sk.Rules, players: int, cards: int) -> dict:
    """A round the cards could have made: the tricks (some perhaps taken by the Kraken,
    the White Whale or Graybeard), any bids, and bonuses from one deck: the captures and
    Rascal's wager by players who won a trick."""
    short = draw(st.integers(0, sk.short_allowed(rules, players, cards)))
    taken = cards - short
    winners = draw(st.lists(st.integers(0, players - 1), min_size=taken, max_size=taken))
    tricks = [winners.count(seat) for seat in range(players)]
    bids = draw(st.lists(st.integers(0, cards), min_size=players, max_size=players))
    bonuses: list[dict] = [{} for _ in range(players)]
    takers = [seat for seat in range(players) if tricks[seat]]
    if takers:
        fourteens = sk.STANDARD_FOURTEENS
        for seat in takers:
            count = draw(st.integers(0, fourteens))
            fourteens -= count
            if count:
                bonuses[seat]["fourteens"] = count
        for key in ("black_fourteen", "skull_king"):
            seat = draw(st.sampled_from([None, *takers]))
            if seat is not None:
                bonuses[seat][key] = True
        mermaids = sk.MERMAIDS - any(bonus.get("skull_king") for bonus in bonuses)
        for seat in takers:
            count = draw(st.integers(0, mermaids))
            mermaids -= count
            if count:
                bonuses[seat]["mermaids"] = count
        if not any(bonus.get("skull_king") for bonus in bonuses):
            seat = draw(st.sampled_from([None, *takers]))
            most = min(sk.PIRATES, sk.trick_size(players) - 1)
            if seat is not None:
                bonuses[seat]["pirates"] = draw(st.integers(1, most))
    wager = draw(st.sampled_from([None, *takers]))  # Rascal's wager: by a trick's winner
    if wager is not None:
        bonuses[wager]["wager"] = draw(st.sampled_from([10, 20]))
    if rules.scoring == sk.Scoring.RASCAL:
        for seat in range(players):
            if draw(st.booleans()):
                bonuses[seat]["cannonball"] = True
    if rules.loot:
        pairs = draw(
            st.lists(
                st.tuples(st.integers(0, players - 1), st.integers(0, players - 1)).filter(
                    lambda pair: pair[0] != pair[1] and (tricks[pair[0]] or tricks[pair[1]])
                ),
                max_size=sk.LOOT_CARDS,
                unique_by=lambda pair: frozenset(pair),
            )
        )
        for one, other in pairs:
            bonuses[one].setdefault("loot", []).append(other)
            bonuses[other].setdefault("loot", []).append(one)
    return {"bids": bids, "tricks": tricks, "bonuses": bonuses}


@st.composite
def games(draw: st.DrawFn) -> tuple:
    rules = draw(table_rules)
    players = draw(st.integers(sk.MIN_PLAYERS, sk.MAX_PLAYERS))
    first_dealer = draw(st.integers(0, players - 1))
    cards = sk.schedule(rules, players)  # at most 8 cards: every table can be dealt them
    played = draw(st.integers(0, len(cards)))
    entries = [draw(rounds(rules, players, n)) for n in cards[:played]]
    return rules, players, first_dealer, entries


@given(games())
def test_every_round_the_cards_could_make_is_accepted_and_checks_to_itself(game) -> None:
    rules, players, first_dealer, entries = game
    for number, entry in enumerate(entries, start=1):
        plan = sk.plan_of(rules, players, first_dealer, number)
        once = sk.check_round(rules, players, plan, entry)

        assert sk.check_round(rules, players, plan, once) == once


@given(games())
def test_totals_are_the_sums_of_the_rounds_points(game) -> None:
    rules, players, first_dealer, entries = game

    result = sk.score(rules, players, first_dealer, entries)

    for seat in range(players):
        assert result.totals[seat] == sum(scored.points[seat] for scored in result.rounds)
    running = [0] * players
    for scored in result.rounds:
        running = [total + points for total, points in zip(running, scored.points, strict=True)]
        assert scored.totals == tuple(running)
    assert result.places == places_of(result.totals)


@given(games())
def test_the_game_ends_after_its_last_round_with_the_best_totals_winning(game) -> None:
    rules, players, first_dealer, entries = game

    result = sk.score(rules, players, first_dealer, entries)

    last = len(sk.schedule(rules, players))
    assert result.finished == (len(entries) == last)
    if result.finished:
        assert result.next_round is None
        assert result.winners == tuple(
            seat for seat in range(players) if result.totals[seat] == max(result.totals)
        )
    else:
        assert result.winners == ()
        assert result.next_round == sk.plan_of(rules, players, first_dealer, len(entries) + 1)


@given(games())
def test_each_players_lines_end_in_their_points(game) -> None:
    """One line alone is the bid's figure; more end in their sum ("round: +90")."""
    rules, players, first_dealer, entries = game

    result = sk.score(rules, players, first_dealer, entries)

    for scored in result.rounds:
        for points, whys in zip(scored.points, scored.whys, strict=True):
            if whys[-1].template == "round: %(points)s":
                assert whys[-1].params["points"] == sk.scoring.signed(points)
            else:  # "bid 3, took 3: 20 × 3 = 60", "bid 2, took 4: a miss, 0"
                said = whys[0].template % whys[0].params
                assert said.rsplit(" ", 1)[-1] == sk.scoring.number(points)


@given(
    rules=table_rules,
    cards=st.integers(1, 10),
    bid=st.integers(0, 10),
    tricks=st.integers(0, 10),
    fourteens=st.integers(0, 3),
    pirates=st.integers(0, 6),
    king=st.booleans(),
)
def test_captures_count_nothing_for_a_missed_bid_off_by_more_than_one(
    rules, cards, bid, tricks, fourteens, pirates, king
) -> None:
    """The rulebook: bonuses only for an exact bid; Rascal: half of them off by one."""
    assume(abs(bid - tricks) >= 2)
    captures = {"fourteens": fourteens, "pirates": pirates, "skull_king": king}

    assert (
        sk.round_score(rules, cards, bid, tricks, captures, 0)[0]
        == (sk.round_score(rules, cards, bid, tricks, {}, 0)[0])
    )


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["bids", "tricks", "bonuses", *sk.BONUS_KEYS, "x"]), children
        )
    ),
    max_leaves=20,
)


@given(
    rules=table_rules,
    players=st.integers(2, 8),
    cards=st.integers(1, 8),
    entry=st.one_of(
        JSON,
        st.fixed_dictionaries({"bids": JSON, "tricks": JSON, "bonuses": JSON}),
        st.fixed_dictionaries(
            {
                "bids": st.lists(st.integers(0, 3), min_size=3, max_size=3),
                "tricks": st.just([1, 1, 1]),
                "bonuses": st.lists(JSON, min_size=3, max_size=3),
            }
        ),
    ),
)
def test_any_json_is_checked_or_refused_with_a_rule_error(rules, players, cards, entry) -> None:
    plan = Plan(number=1, dealer=0, cards=cards)
    try:
        checked = sk.check_round(rules, players, plan, entry)
    except RuleError as refused:
        assert str(refused)
    else:
        assert list(checked) == ["bids", "tricks", "bonuses"]
        assert len(checked["bonuses"]) == players
