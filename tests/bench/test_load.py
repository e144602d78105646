"""The load test's budget: a step passes under the p95 budget with no error, and a design
carries its last step before the first that failed."""

from bench.load.run import Step, carried


def step(tables: int = 500, p95: float = 100.0, errors: int = 0, counted: bool = True) -> Step:
    return Step(
        tables=tables,
        requests=20_000,
        errors=errors,
        rate=tables * 1.25,
        p95_ms=p95,
        entries=900,
        cpu_ms=2.0,
        trivial_ms=0.5,
        counted=counted,
    )


def test_a_step_passes_under_150_ms_with_no_error_and_its_figures_counted() -> None:
    assert step().passed
    assert not step(p95=150.0).passed  # the budget is "under 150 ms"
    assert not step(errors=1).passed
    assert not step(counted=False).passed  # the opening rush never ended


def test_a_design_carries_the_last_step_before_its_first_failure() -> None:
    assert carried([step(250), step(500), step(750, p95=400.0), step(1000)]) == 500
    assert carried([step(250, errors=3), step(500)]) == 0
    assert carried([]) == 0


def test_the_trivial_views_tables_per_core_and_the_share_a_table_reaches() -> None:
    # 0.5 ms a request at 1.25 requests a second a table: 1,600 tables a core.
    assert step().trivial_tables == 1600
    assert step().share == 0.25  # a request costs 2 ms, four trivial views
