# Khrap Club. `make demo` runs the club with no servers at all; `make test` runs the whole suite.
# The interpreter the venv is made from: Debian's (and Ubuntu's) /usr/bin/python3 where it is 3.11 or
# newer with its venv module, else the first python3 on the PATH. The distributions build it with
# profile-guided and link-time optimisation, which a plain source build (pyenv's default) lacks: on
# this code it spends 15-20 % less CPU (the test suite, the engine's bench).
PYTHON ?= $(shell /usr/bin/python3 -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' \
	2>/dev/null && echo /usr/bin/python3 || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell sha1sum pyproject.toml 2>/dev/null | cut -c1-12)
HOST   ?= 127.0.0.1
PORT   ?= 8000
# daphne processes of `make serve`: one per core (python -m club.serve opens the socket once and
# starts them all on it, as --fd; it starts again any that dies).
WEB_PROCESSES ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: venv demo test serve lint migrate messages clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@rm -f $(VENV)/.installed-* && touch $@

# The embedded default: SQLite file, in-memory channel layer, tasks in-process.
demo: export DEBUG ?= 1
demo: export HTTPS_ONLY ?= 0
demo: venv
	env -u DATABASE_URL -u REDIS_URL $(BIN)/python manage.py migrate --no-input -v0
	@# The seed prints the logins and where to open the site (the host names ALLOWED_HOSTS lists).
	env -u DATABASE_URL -u REDIS_URL $(BIN)/python manage.py seed_demo --address $(HOST):$(PORT)
	env -u DATABASE_URL -u REDIS_URL $(BIN)/daphne -b $(HOST) -p $(PORT) \
		--websocket-max-message-size 65536 club.asgi:application

# Four streams at once (tests/streams.py): the browser and server tests, the table tests in two, the rest.
test: venv
	$(BIN)/python -m tests.streams $(PYTEST_ARGS)

lint: venv
	$(BIN)/ruff check .

messages: venv
	DEBUG=1 $(BIN)/python manage.py makemessages -l ru -l bg --ignore=.venv --ignore=tests
	DEBUG=1 $(BIN)/python manage.py compilemessages --ignore=.venv

# Production shape: PostgreSQL and Redis from DATABASE_URL and REDIS_URL, a strong SECRET_KEY,
# WEB_PROCESSES daphne processes on one port (one per core), one Celery worker and beat, and a worker
# for the nightly jobs (their own queue: a long one never holds up the tables' clock).
# docker/compose.yaml runs the same three commands.
# The worker and beat keep the tables' time (TABLE_CLOCK=celery, the default with REDIS_URL): a task
# per turn deadline and beat's sweeper; README "Background jobs".
migrate: venv
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py collectstatic --no-input -v0

# Checked when make reads this file: as a line of serve's recipe it came only after the migrate
# prerequisite had migrated (on a fresh checkout: created) the demo's SQLite file.
ifneq ($(filter serve,$(MAKECMDGOALS)),)
ifeq ($(and $(DATABASE_URL),$(REDIS_URL)),)
$(error serve needs DATABASE_URL and REDIS_URL)
endif
endif

serve: migrate
	@# No --proxy-headers: daphne would take the client-written, left-most X-Forwarded-For entry as
	@# the peer address; club/client_ip.py reads the header with TRUSTED_PROXY_COUNT instead.
	@# Started only after migrate has finished (this target's prerequisite); Ctrl-C stops all three.
	trap 'kill 0' INT TERM EXIT; \
	$(BIN)/celery -A club worker --loglevel=INFO --concurrency=2 --max-tasks-per-child=1000 \
		--queues=$${CELERY_QUEUE:-celery} & \
	$(BIN)/celery -A club worker --loglevel=INFO --concurrency=1 --hostname=nightly@%h \
		--queues=$${CELERY_NIGHTLY_QUEUE:-$${CELERY_QUEUE:-celery}.nightly} & \
	$(BIN)/celery -A club beat --loglevel=INFO --schedule=$${CELERY_BEAT_SCHEDULE_FILE:-/tmp/khrap-celerybeat-schedule} & \
	$(BIN)/python -m club.serve --processes $(WEB_PROCESSES) $(BIN)/daphne -b $(HOST) -p $(PORT) --websocket-max-message-size 65536 club.asgi:application

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
