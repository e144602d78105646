"""bench/backlog.py's game is one the rules accept in full, and as long as a session may
be, so the benchmark measures the longest legal backlog and not a refusal."""

from bench import backlog
from games import limits
from games.rules import tysiac


def test_the_benchmarks_game_is_the_longest_a_session_may_hold_and_never_ends() -> None:
    rules = tysiac.PRESETS["russian"]
    game = backlog.rounds_of_a_long_game(backlog.most_rounds())

    result = tysiac.score(rules, 3, 0, game)

    assert len(game) == limits.MOST_DEALS
    assert len(result.rounds) == limits.MOST_DEALS
    assert not result.finished


def test_its_entries_are_the_forms_fields_of_each_round() -> None:
    sent = backlog.entry(7, {"bidder": 1, "contract": 200, "points": [0, 120, 0]})

    assert sent["action"] == "round"
    fields = sent["fields"]
    assert fields["deal"] == "7" and fields["e.bidder"] == "1" and fields["e.contract"] == "200"
    assert [fields[f"e.points.{seat}"] for seat in range(3)] == ["0", "120", "0"]
    assert fields["idem"]
