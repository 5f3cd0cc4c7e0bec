# Enigma Table: `make run` serves the site, `make test` proves it.
SHELL := /bin/bash
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium

# The first Python >= 3.12 on the PATH (pyenv reads .python-version, which asks for 3.13.0).
PYTHON ?= $(shell for p in python3.13 python3.12 python3 python; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { echo $$p; break; }; \
	done)

.PHONY: run backup test lint format chromium hosting-tools screenshots bench soak clean

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "Enigma Table needs Python 3.12 or newer (3.13 recommended)."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files make re-running quick: pip only runs when a requirements file changed.
$(VENV)/.run-installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev-installed: requirements.txt requirements-s3.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	@touch $@ $(VENV)/.run-installed

# A real site (DEBUG=false) is checked first: what it still needs is said, with how to fix it.
run: $(VENV)/.run-installed
	@if [ "$${DEBUG:-true}" != "true" ]; then \
		$(BIN)/python manage.py check --deploy --fail-level ERROR; \
	fi
	$(BIN)/python manage.py migrate --noinput
	@if [ "$${DEBUG:-true}" != "true" ]; then \
		$(BIN)/python manage.py collectstatic --noinput -v0; \
		$(BIN)/python manage.py first_steps; \
	else \
		$(BIN)/python manage.py seed_demo; \
	fi
	$(BIN)/python -m uvicorn enigma_site.asgi:application --host $(HOST) --port $(PORT)

# A backup of the database and the pictures into DATA_DIR/backups (what the nightly timer runs).
# It installs nothing newer than what the running server was started with.
backup: | $(BIN)/python
	$(BIN)/python manage.py backup

# Browser tests drive Debian's Chromium: Playwright's own download can't be reached here.
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's chromium for the browser tests…"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "Browser tests need Chromium at $(CHROMIUM): run 'sudo apt-get install chromium'" \
				"or set CHROMIUM=/path/to/chromium."; exit 1; \
		fi; \
	fi

# The hosting recipes in deploy/ are checked by the programs that read them: systemd's
# systemd-analyze and Debian's nginx (Caddy comes from requirements-dev.txt).
hosting-tools:
	@for tool in systemd-analyze:systemd nginx:nginx; do \
		command -v $${tool%%:*} >/dev/null || [ -x /usr/sbin/$${tool%%:*} ] && continue; \
		if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's $${tool##*:} for the hosting tests…"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $${tool##*:} >/dev/null; \
		else \
			echo "The hosting tests need $${tool%%:*}: run 'sudo apt-get install $${tool##*:}'."; exit 1; \
		fi; \
	done

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

format: $(VENV)/.dev-installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# PYTEST_ARGS narrows a run, e.g. PYTEST_ARGS="-m 'not looks'" (CI's second database).
# TEST_WORKERS: pytest-xdist processes (a test database, server and browser each), one a core.
# The browser pass names its 20 slowest tests (where CI's time goes). Two passes: a worker that has started a browser test's server and Playwright's event loop
# keeps them, and the Django test-client tests must run where neither is.
TEST_WORKERS ?= 2
test: $(VENV)/.dev-installed chromium hosting-tools lint
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile \
		--cov=sessions.rules --cov-report=term-missing:skip-covered --cov-fail-under=95 \
		$(PYTEST_ARGS) tests/unit tests/integration
	CHROMIUM_PATH=$(CHROMIUM) $(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile --durations=20 \
		$(PYTEST_ARGS) tests/browser

# The README's pictures (docs/images/), taken in Chromium from the demo (seed_demo) as it is
# played: run it whenever a screen they show changes, and commit the pictures with the change.
screenshots: $(VENV)/.dev-installed chromium
	FRONT_DOOR_PICTURES=docs/images CHROMIUM_PATH=$(CHROMIUM) $(BIN)/pytest -p no:cacheprovider -q \
		tests/browser/test_front_door_pictures_in_browser.py

bench: $(VENV)/.dev-installed chromium
	CHROMIUM_PATH=$(CHROMIUM) $(BIN)/python -m tests.bench

# Not in CI: 20 minutes (SOAK_MINUTES) on a scratch PostgreSQL database with faults
# (tests/bench/soak.py); each worker's memory every 10 minutes. Two may run at once, each from
# its own clone with its own SOAK_DATABASE_URL (the ports are free ones).
soak: $(VENV)/.dev-installed
	$(BIN)/python -m tests.bench.soak

clean:
	rm -rf $(VENV) staticfiles artifacts .pytest_cache .ruff_cache .hypothesis .coverage
