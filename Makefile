# The two promises of the README: `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format install install-dev demo messages benchmark loadtest guide clean

$(PY):
	$(PYTHON) -m venv $(VENV)

# Stamps make reinstalling cheap: pip runs again only when a requirements file changed.
.make-install: requirements.txt | $(PY)
	$(PIP) install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

.make-install-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PIP) install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ .make-install

install: .make-install
install-dev: .make-install-dev

demo: .make-install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo --port $(PORT)

# The server and, beside it, the worker that makes the long documents (tournaments.jobs).
# Stopping the server (Ctrl+C) stops the worker once, gracefully: in a session of its own, the
# worker does not get the terminal's Ctrl+C too (a second signal would cut a job short).
run: demo
	@setsid $(PY) manage.py db_worker --interval 1 --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver $(HOST):$(PORT)

lint: .make-install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache

format: .make-install-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The suite on every core (pytest-xdist; an idle worker takes queued tests from a busy one, as
# the browser tests are long); PYTEST_ARGS="-n 0" runs it in one process.
test: lint
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest -n auto --dist worksteal $(PYTEST_ARGS)

# Takes the user guide's screenshots again (docs/images/), walking the guide in Chromium.
guide: .make-install-dev
	GUIDE_SCREENSHOTS=1 $(VENV)/bin/pytest -m browser tests/browser/test_guide.py tests/browser/test_guide_tables.py \
		tests/browser/test_guide_season.py -p no:xdist

# Compiles locale/*/LC_MESSAGES/django.po into .mo with polib (no gettext tools needed).
messages: .make-install-dev
	$(PY) manage.py compile_translations

benchmark: .make-install
	$(PY) -m benchmarks

# gunicorn + PostgreSQL under 20 arbitres and 200 viewers (needs DATABASE_URL=postgres://…);
# options through LOADTEST_ARGS, e.g. LOADTEST_ARGS="--duration 20 --viewers 100".
loadtest: .make-install
	$(PY) -m benchmarks.load $(LOADTEST_ARGS)

clean:
	rm -rf $(VENV) .make-install .make-install-dev .pytest_cache .ruff_cache
