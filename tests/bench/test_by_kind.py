"""bench/load/by_kind.py: the gunicorn settings of ``run.py --by-kind`` count each
request's CPU under its kind, and run.py divides what two readings of the workers'
files give."""

import json
import runpy
import types
from pathlib import Path

import pytest

from bench.load import by_kind

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("method", "path", "kind"),
    [
        ("GET", "/s/abc123/live/", "GET live"),
        ("GET", "/s/abc123/", "GET page"),
        ("GET", "/s/abc123/sheet/", "GET page"),
        ("POST", "/s/abc123/bid/", "POST bid"),
        ("POST", "/s/abc123/tricks/", "POST tricks"),
        ("GET", "/bench/trivial/", "GET trivial"),
        ("GET", "/static/app.js", "GET other"),
    ],
)
def test_a_request_is_counted_under_what_it_asks_for(method, path, kind) -> None:
    assert by_kind.kind_of(method, path) == kind


def test_the_project_settings_and_hooks_are_kept(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BENCH_KINDS_DIR", str(tmp_path))
    settings = runpy.run_path(str(ROOT / "bench" / "load" / "by_kind.py"))
    project = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    for name in ("wsgi_app", "bind", "workers", "preload_app", "timeout", "GC_THRESHOLD"):
        assert settings[name] == project[name]
    for hook in ("pre_fork", "post_fork"):
        code, projects = settings[hook].__code__, project[hook].__code__
        assert (code.co_filename, code.co_firstlineno, code.co_code) == (
            projects.co_filename,
            projects.co_firstlineno,
            projects.co_code,
        )


def test_each_request_adds_its_cpu_to_its_kind_and_the_counts_are_written(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(by_kind, "FOLDER", tmp_path)
    monkeypatch.setattr(by_kind, "_counted", {})
    monkeypatch.setattr(by_kind, "_written", 0.0)

    def answer(method: str, path: str, status: int) -> None:
        request = types.SimpleNamespace(method=method, path=path)
        by_kind.pre_request(None, request)
        sum(range(20_000))  # some CPU
        by_kind.post_request(None, request, {}, types.SimpleNamespace(status_code=status))

    answer("GET", "/s/a/live/", 204)
    (written,) = tmp_path.glob("*.json")
    assert json.loads(written.read_text()).keys() == {"GET live 204"}  # written at once
    answer("GET", "/s/a/live/", 204)
    answer("POST", "/s/a/bid/", 200)
    assert json.loads(written.read_text())["GET live 204"][0] == 1  # not again so soon
    monkeypatch.setattr(by_kind, "_written", 0.0)  # as if half a second had gone
    answer("GET", "/s/a/live/", 204)
    counts = json.loads(written.read_text())
    assert {kind: count for kind, (count, _cpu) in counts.items()} == {
        "GET live 204": 3,
        "POST bid 200": 1,
    }
    assert all(cpu > 0 for _count, cpu in counts.values())


def test_two_readings_give_the_requests_between_and_their_mean_cpu(tmp_path) -> None:
    (tmp_path / "1.json").write_text(json.dumps({"GET live 204": [10, 0.004]}))
    (tmp_path / "2.json").write_text(json.dumps({"GET live 204": [30, 0.016]}))
    before = by_kind.read(tmp_path)
    assert before == {"GET live 204": (40, pytest.approx(0.020))}
    (tmp_path / "1.json").write_text(
        json.dumps({"GET live 204": [110, 0.054], "POST bid 200": [2, 0.016]})
    )
    (tmp_path / "2.json").write_text(json.dumps({"GET live 204": [30, 0.016]}))
    found = by_kind.between(before, by_kind.read(tmp_path))
    assert found == {"GET live 204": (100, pytest.approx(0.5)), "POST bid 200": (2, 8.0)}
