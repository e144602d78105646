# Scorekeeper. `make run` to play, `make test` to check everything.

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: venv run dev test lint fmt bench

venv: $(VENV)/.installed

# Reinstall only when pyproject.toml changed since the last install.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[dev]'
	touch $@

# At home, on the LAN: DEBUG off whatever the shell says, the secret key generated
# once into .secret_key, this machine's LAN address allowed, hashed and compressed
# static files served by whitenoise. `migrate` also creates the cache's table.
run: export SCOREKEEPER_DEBUG = 0
run: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@$(BIN)/python manage.py lan_url --port $(PORT)
	$(BIN)/gunicorn -c gunicorn.conf.py --bind 0.0.0.0:$(PORT)

# For developers: Django's debug pages, runserver's reloading, unhashed static files.
dev: venv
	SCOREKEEPER_DEBUG=1 $(BIN)/python manage.py migrate --noinput
	SCOREKEEPER_DEBUG=1 $(BIN)/python manage.py runserver 0.0.0.0:$(PORT)

# One process a core and one more (pytest-xdist; docs/performance.md, "The test suite's
# time"): the browser tests' pauses (a person's 500 ms between two taps, a poll's period)
# leave a core idle with one a core. TEST_WORKERS=0 runs everything in this one process,
# TEST_WORKERS=4 in four.
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(len(os.sched_getaffinity(0)) + 1)")

test: venv
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Server time, page weight, Lighthouse, the one-thumb walk, the load test
# (docs/performance.md) and the rules under MicroPython (docs/phone.md), each printing its
# budgets; the load test serves the previous design too (BENCH_OLD=b9186fb, empty to leave
# it out). About 55 minutes on two cores, not part of `make test`. Knobs for a short run:
# BENCH_ROUNDS, BENCH_SESSIONS, BENCH_DATABASES, BENCH_LIGHTHOUSE_RUNS, BENCH_TABLE_STEPS,
# BENCH_SECONDS, BENCH_PHONE_RUNS, BENCH_DRAW_RUNS, BENCH_WALK_GAMES (bench/*.py say what each does). Every
# script runs; the target fails if any budget failed.
bench: venv
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	cd bench && npm ci --no-audit --no-fund --silent
	@status=0; \
	for script in bench/run.py bench/weight.py bench/backlog.py bench/phone_rules.py bench/offline_draw.py \
		bench/lighthouse.py bench/walk.py bench/load/run.py; do \
		echo "== $$script"; $(BIN)/python $$script || status=1; \
	done; exit $$status
