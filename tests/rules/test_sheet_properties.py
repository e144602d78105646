"""A score sheet for any game: what holds for any game the table can enter, under any
options, and for any JSON a hostile file can hold (games.rules.sheet)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import sheet
from games.rules.errors import RuleError
from games.rules.rounds import Plan

limits = st.none() | st.integers(min_value=1, max_value=300)
options = st.builds(
    sheet.Rules,
    lowest_wins=st.booleans(),
    target=limits,
    rounds=st.none() | st.integers(min_value=1, max_value=8),
    out_at=limits,
    dealer=st.booleans(),
    teams=st.booleans(),
)
# Small numbers make the targets and thresholds come into play; the bounds sometimes.
points = st.one_of(
    st.integers(min_value=-60, max_value=120),
    st.sampled_from([-sheet.MOST_POINTS, 0, sheet.MOST_POINTS]),
)


@st.composite
def games(draw: st.DrawFn) -> tuple[sheet.Rules, int, int, list[dict], bool]:
    """Options, a table, a first dealer, and rounds as the form would send them (null for
    the sides out) until the game ends or the table stops; ``ended``: it said so."""
    rules = draw(options)
    players = 4 if rules.teams else draw(st.integers(sheet.MIN_PLAYERS, sheet.MAX_PLAYERS))
    first_dealer = draw(st.integers(0, players - 1))
    entries: list[dict] = []
    result = sheet.score(rules, players, first_dealer, entries)
    for _ in range(draw(st.integers(0, 10))):
        if result.finished:
            break
        out = set(result.next_round.sitting_out)
        entries.append(
            {
                "points": [
                    None if set(side) <= out else draw(points, label="points")
                    for side in result.sides
                ]
            }
        )
        result = sheet.score(rules, players, first_dealer, entries)
    return rules, players, first_dealer, entries, draw(st.booleans(), label="ended")


@given(games())
@settings(max_examples=300)
def test_each_total_is_the_sum_of_its_sides_points(game) -> None:
    rules, players, first_dealer, entries, ended = game
    result = sheet.score(rules, players, first_dealer, entries, ended)

    for side in range(len(result.sides)):
        got = [entry["points"][side] for entry in entries]
        assert result.totals[side] == sum(value or 0 for value in got)
        running = 0
        for played, value in zip(result.rounds, got, strict=True):
            running += value or 0
            assert played.totals[side] == running


@given(games())
@settings(max_examples=300)
def test_the_winners_are_the_first_places_once_the_game_is_over_and_nobody_before(game) -> None:
    rules, players, first_dealer, entries, ended = game
    result = sheet.score(rules, players, first_dealer, entries, ended)

    first = tuple(side for side, place in enumerate(result.places) if place == 1)
    if result.finished:
        assert result.winners == first and result.winners
        assert result.next_round is None
    else:
        assert result.winners == () and result.next_round.number == len(entries) + 1
    assert sorted(result.places)[0] == 1
    assert all(1 <= place <= len(result.sides) for place in result.places)


@given(games())
@settings(max_examples=300)
def test_a_side_out_stays_out_scores_no_more_and_is_marked(game) -> None:
    rules, players, first_dealer, entries, ended = game
    result = sheet.score(rules, players, first_dealer, entries, ended)

    assert rules.out_at is not None or not result.out
    for side in result.out:
        assert result.totals[side] >= rules.out_at
        assert str(result.marks[side]) == f"out at {result.totals[side]}"
        gone = [played.points[side] is None for played in result.rounds]
        assert gone == sorted(gone)  # once out, out for good
    for side in set(range(len(result.sides))) - result.out:
        assert result.marks[side] is None
        assert all(played.points[side] is not None for played in result.rounds)


@given(games())
@settings(max_examples=200)
def test_every_cell_explains_itself_and_the_dealer_is_never_a_player_out(game) -> None:
    rules, players, first_dealer, entries, ended = game
    result = sheet.score(rules, players, first_dealer, entries, ended)

    for played in result.rounds:
        for side, whys in enumerate(played.whys):
            assert whys, (played.plan.number, side)
            said = str(whys[0])
            if played.points[side] is None:
                assert said == "out of the game"
            else:
                assert said == f"round {played.plan.number}: {sheet.signed(played.points[side])}"
        if rules.dealer:
            assert played.plan.dealer not in played.plan.sitting_out
        else:
            assert played.plan.dealer is None


@given(games())
@settings(max_examples=200)
def test_scoring_the_checked_rounds_again_gives_the_same_result(game) -> None:
    rules, players, first_dealer, entries, ended = game
    result = sheet.score(rules, players, first_dealer, entries, ended)

    again = sheet.score(rules, players, first_dealer, [r.entry for r in result.rounds], ended)

    assert again == result


@given(games())
@settings(max_examples=200)
def test_the_next_plan_is_what_the_phone_drew_ahead_unless_someone_went_out(game) -> None:
    rules, players, first_dealer, entries, _ended = game
    result = sheet.score(rules, players, first_dealer, entries)
    if not result.rounds or result.finished:
        return

    last = result.rounds[-1].plan
    ahead = sheet.plan_after(rules, players, first_dealer, last)

    if result.next_round.sitting_out == last.sitting_out:
        assert ahead == result.next_round
    else:
        assert ahead.number == result.next_round.number


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
rounds_of_json = st.one_of(
    json_values,
    st.fixed_dictionaries({"points": json_values}),
    st.fixed_dictionaries({"points": st.lists(json_values, min_size=3, max_size=3)}),
)


@given(entry=rounds_of_json, rules=options)
@settings(max_examples=400)
def test_any_json_for_a_round_is_refused_with_a_rule_error_or_accepted_as_plain_numbers(
    entry, rules
) -> None:
    players = 4 if rules.teams else 3
    try:
        got = sheet.check_round(rules, players, Plan(number=1), entry)
    except RuleError as refused:
        assert str(refused)
        return
    assert list(got) == ["points"]
    assert all(type(value) is int for value in got["points"])
    assert all(abs(value) <= sheet.MOST_POINTS for value in got["points"])


@given(entries=st.lists(rounds_of_json, max_size=4) | json_values, rules=options)
@settings(max_examples=300)
def test_any_json_for_a_whole_game_is_scored_or_refused_with_a_rule_error(entries, rules) -> None:
    players = 4 if rules.teams else 3
    try:
        sheet.score(rules, players, 0, entries)
    except RuleError as refused:
        assert str(refused)
