"""One settings module; every deployment knob is an environment variable (12-factor).

The embedded default needs no server at all: a SQLite file in the project folder, the in-memory
channel layer and Celery tasks run in-process. Setting ``DATABASE_URL`` and ``REDIS_URL`` switches to
PostgreSQL, channels-redis and a real Celery broker.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """A yes or a no; unset or blank is ``default``. Anything else stops the start: read as "no",
    HTTPS_ONLY=ture (a typo) served the site on plain HTTP and nothing said so."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(
        f"{name}={os.environ[name]!r} is not a yes or a no: write 1, true, yes or on, or 0, false, no "
        "or off (or leave it unset)."
    )


def env_list(name: str, default: str = "") -> list[str]:
    """Comma-separated items; unset or blank is ``default``."""
    value = os.environ.get(name, "").strip() or default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_number(name: str, default: float, *, kind: type = int, least: float = 0, most: float | None = None):
    """A whole number (``kind`` int) or a number of ``kind`` float, at least ``least`` (and at most
    ``most``); unset or blank is ``default``. Anything else stops the start naming the variable:
    int("abc") said only "invalid literal for int() with base 10", a negative pause or a sweep of
    0 seconds were taken as they came."""
    value = os.environ.get(name, "").strip()
    if not value:
        return kind(default)
    try:
        number = kind(value)
    except ValueError:
        number = None
    finite = number is not None and number == number and abs(number) != float("inf")  # not nan, not inf
    if not finite or number < least or (most is not None and number > most):
        what = "a whole number" if kind is int else "a number"
        bounds = f"of at least {least:g}" + (f" and at most {most:g}" if most is not None else "")
        raise ImproperlyConfigured(f"{name}={os.environ[name]!r} is not {what} {bounds}.")
    return number


# A host as ALLOWED_HOSTS matches it: a name (".example.org" for its subdomains too), an address, "*".
_HOST = re.compile(r"\*|\.?[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\]")
# An origin as CSRF_TRUSTED_ORIGINS matches it: a scheme, a host ("*." for subdomains), a port.
_ORIGIN = re.compile(
    r"https?://(\*\.)?([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*|\[[0-9A-Fa-f:.]+\])(:[0-9]+)?", re.IGNORECASE
)


def env_checked_list(name: str, default: str, pattern: re.Pattern[str], what: str, example: str) -> list[str]:
    """``env_list`` whose every item must match ``pattern``: a space for a comma or a URL for a host
    matched no request, and the site answered every page with a bare "Bad Request (400)"."""
    items = env_list(name, default)
    for item in items:
        if not pattern.fullmatch(item):
            raise ImproperlyConfigured(
                f"{name}: {item!r} is not {what}: separate them with commas, e.g. {example}."
            )
    return items


# pytest (>= 8.2) exports PYTEST_VERSION; the suite runs with DEBUG off, like production, but on
# plain HTTP against its live server and with a throwaway key.
TESTING = "PYTEST_VERSION" in os.environ

DEBUG = env_bool("DEBUG", False)

_INSECURE_PREFIX = "django-insecure-"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = _INSECURE_PREFIX + "dev-only-key-never-use-in-production"
    elif TESTING:
        SECRET_KEY = "test-" + secrets.token_urlsafe(50)
# Keys replaced by SECRET_KEY that still open what they signed (logins, password-reset links) while
# a new key is rolled out: without them a key changed after a leak logged every player out at once.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")


def _weak_key(key: str) -> bool:
    return key.startswith(_INSECURE_PREFIX) or len(key) < 50 or len(set(key)) < 5


if not DEBUG and not TESTING:
    # Refusing to start is kinder than signing sessions with a key anyone can read on GitHub, or
    # guess: sixty spaces or one letter repeated (Django's own test for a weak key, W009, which only
    # `check --deploy` ran). An old key still signs in: it is held to the same bar.
    if _weak_key(SECRET_KEY):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set to a random string of at least 50 characters when DEBUG is off "
            '(python -c "import secrets; print(secrets.token_urlsafe(64))").'
        )
    for _number, _old in enumerate(SECRET_KEY_FALLBACKS, start=1):
        if _weak_key(_old):
            raise ImproperlyConfigured(
                f"SECRET_KEY_FALLBACKS: key {_number} is not a random string of at least 50 characters "
                "(each old key is still trusted to sign in, as SECRET_KEY is)."
            )
        if _old == SECRET_KEY:
            raise ImproperlyConfigured(f"SECRET_KEY_FALLBACKS: key {_number} is SECRET_KEY itself.")

ALLOWED_HOSTS = env_checked_list(
    "ALLOWED_HOSTS",
    "localhost,127.0.0.1,[::1]",
    _HOST,
    "a host name (no scheme, path or port)",
    "khrap.example.org,www.khrap.example.org",
)
# Lower case, as a browser sends its Origin: Django compares them as strings, and "HTTPS://Khrap.org"
# matched no form ever sent.
CSRF_TRUSTED_ORIGINS = [
    origin.lower()
    for origin in env_checked_list(
        "CSRF_TRUSTED_ORIGINS",
        "",
        _ORIGIN,
        "an origin (a scheme and a host, with no path)",
        "https://khrap.example.org,https://www.khrap.example.org",
    )
]

INSTALLED_APPS = [
    "daphne",
    "club.admin_config.KhrapAdminConfig",  # django.contrib.admin with the club-managers' site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "template_partials",
    "club.axes_config.LoginAttemptsConfig",  # django-axes, named
    "club",
    "games",
    "ledger",
]

MIDDLEWARE = [
    # Content-Security-Policy and Permissions-Policy on every answer, the early 400s included.
    "club.middleware.SecurityHeadersMiddleware",
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE is a 413 before anything reads it (review 156).
    "club.body_limit.BodyLimitMiddleware",
    # A NUL character anywhere in the request is a 400 before anything reads the database.
    "club.middleware.RejectNulMiddleware",
    # The client's address through the site's proxies (X-Forwarded-For, right-most untrusted hop).
    "club.client_ip.ClientAddressMiddleware",
    # A redirect to HTTPS that can only loop (the proxy and BEHIND_PROXY disagree) is said in the log.
    "club.proxy_check.ProxyMisconfigMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Authentication before locale, so a logged-in user's preferred language can be used.
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A logged-in person's pages are never stored (a shared computer's Back after the log-out).
    "club.middleware.PrivatePagesNotStoredMiddleware",
    "club.middleware.UserLanguageMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # An htmx request sent to the log-in page goes there as a whole page, not into a section.
    "club.htmx_login.HtmxLoginRedirectMiddleware",
    "club.middleware.UserTimezoneMiddleware",
    # Last, as django-axes asks: it turns a lockout into a response.
    "axes.middleware.AxesMiddleware",
]

# A button htmx sends from a page older than the person's last log-in reloads the page and says why.
CSRF_FAILURE_VIEW = "club.htmx_login.csrf_failure"
ROOT_URLCONF = "club.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "club.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
            ],
            # {% url %} with its answers remembered (see the module): it replaces Django's tag.
            "builtins": ["club.templatetags.url_memo"],
        },
    },
]

# Database connections. On PostgreSQL every server process keeps a pool of DB_POOL_SIZE connections
# (psycopg_pool) that its threads share: a page or a socket's database call takes a connection and
# gives it back instead of opening one (a PostgreSQL connection costs a process fork and a login).
# Persistent per-thread connections (DB_CONN_MAX_AGE) are no substitute under ASGI: each request runs
# in a thread of its own, so its connection is never reused and lingers until the thread's objects
# are collected (under load: "too many clients"). A pooled connection is checked before it is handed
# out, so one that died (a database restart, a dropped connection) is replaced, not returned.
# The test run uses neither (its database is dropped at the end, which open connections prevent).
DB_POOL_SIZE = env_number("DB_POOL_SIZE", 0 if TESTING else 8)
DB_CONN_MAX_AGE = env_number("DB_CONN_MAX_AGE", 0)


def database_url() -> str:
    """DATABASE_URL, or the SQLite file of the project folder when it is unset. A blank one or one
    of a scheme no backend reads stops the start naming the variable (dj-database-url said only
    "Scheme '://' is unknown"), without showing the URL: it holds the database's password."""
    url = os.environ.get("DATABASE_URL")
    if url is None:
        return f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    url = url.strip()
    if not url:
        raise ImproperlyConfigured(
            "DATABASE_URL is set but blank: give the database's URL "
            "(postgres://USER:PASSWORD@HOST:5432/NAME), or unset it for the SQLite file of the project "
            "folder."
        )
    return url


_database_url = database_url()
try:
    _database = dj_database_url.parse(_database_url, conn_max_age=DB_CONN_MAX_AGE, conn_health_checks=True)
except (dj_database_url.UnknownSchemeError, ValueError):
    _scheme = _database_url.partition("://")[0] if "://" in _database_url else ""
    raise ImproperlyConfigured(
        f"DATABASE_URL: {_scheme!r} is no database this site reads: write "
        "postgres://USER:PASSWORD@HOST:5432/NAME (the URL itself is not shown: it holds a password)."
    ) from None
DATABASES = {"default": _database}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_SIZE > 0:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django returns a pooled connection when it closes it
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": env_number("DB_POOL_TIMEOUT", 10, kind=float, least=0.001),
    }  # with CONN_HEALTH_CHECKS, Django has the pool check a connection before handing it out
# Server-side parameters and prepared statements: a query a connection has run twice is planned
# once and kept. Planning the pages' joins cost PostgreSQL more CPU than running them (a deal page:
# ~2.4 ms of the database's CPU, 0.8 ms prepared), and the database shares the site's cores.
# DB_PREPARED_STATEMENTS=0 turns both off (Django's default), as a transaction-mode PgBouncer needs.
DB_PREPARED_STATEMENTS = env_bool("DB_PREPARED_STATEMENTS", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_PREPARED_STATEMENTS:
    # The cursor drops the connection's prepared statements when a migration changed a column they
    # return, instead of failing them until a restart (club/db_cursor.py).
    from club.db_cursor import ReplanningCursor

    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=2, cursor_factory=ReplanningCursor
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and a busy timeout let the in-process bots and the web requests share one file.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
if os.environ.get("TEST_DATABASE_NAME") and DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    # Several checkouts running their suites at once on one PostgreSQL server each need their own
    # test database (pytest-django otherwise takes test_<NAME> for all of them).
    DATABASES["default"]["TEST"] = {"NAME": os.environ["TEST_DATABASE_NAME"]}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "club.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Before Django's: a switched-off account's log-in is hashed once, as any other (review 112).
    "club.auth_backends.SwitchedOffAccountBackend",
    "django.contrib.auth.backends.ModelBackend",
]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
if TESTING:  # the suite's own cost (club/test_hashers.py); its daphne processes inherit it
    PASSWORD_HASHERS[0] = "club.test_hashers.CheapArgon2PasswordHasher"
AUTH_PASSWORD_VALIDATORS = [
    # The display name too: every player of his clubs reads it beside him, and Django's default
    # list (username, first and last name, address) let "GorgeousPetrovna" be her password (review 135).
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        "OPTIONS": {"user_attributes": ("username", "display_name", "first_name", "last_name", "email")},
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Failed-login throttling counts failures per username and client address. The client address is
# the right-most X-Forwarded-For hop not written by the client (club/client_ip.py): set
# TRUSTED_PROXY_COUNT to the number of reverse proxies in front of daphne (1 by default when
# BEHIND_PROXY is set, 0 otherwise; AXES_PROXY_COUNT is read as its old name). daphne runs without
# --proxy-headers, which would trust the left-most entry, the one a client writes.
AXES_FAILURE_LIMIT = env_number("AXES_FAILURE_LIMIT", 5, least=1)
AXES_COOLOFF_TIME = env_number("AXES_COOLOFF_HOURS", 1, kind=float, least=0.001)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# ...and per address over every username (password spraying): club/login_throttle.py.
AXES_HANDLER = "club.login_throttle.ClubAxesHandler"
LOGIN_ADDRESS_FAILURE_LIMIT = env_number("LOGIN_ADDRESS_FAILURE_LIMIT", 30, least=1)
# Password-reset mail for strangers' requests, per hour (club/password_reset.py).
RESET_MAILS_PER_ADDRESS = env_number("RESET_MAILS_PER_ADDRESS", 3)
RESET_REQUESTS_PER_NETWORK = env_number("RESET_REQUESTS_PER_NETWORK", 10)
# A reset mail goes out beside the answer, not before it (club/password_reset.py); the tests read
# their mail as soon as the page has answered.
RESET_MAIL_IN_BACKGROUND = env_bool("RESET_MAIL_IN_BACKGROUND", not TESTING)
# Accounts one client network may open per hour (club/views.py, register).
REGISTRATIONS_PER_NETWORK = env_number("REGISTRATIONS_PER_NETWORK", 20)
# Answers "another account uses this address" one client network may read per hour (registration
# and profile; club/password_reset.py): each says an account exists, which the reset page never does.
EMAIL_TAKEN_ANSWERS_PER_NETWORK = env_number("EMAIL_TAKEN_ANSWERS_PER_NETWORK", 10)
# Deals one member may report in a day (games/services/reports.py): each asks the managers to look.
REPORTS_PER_MEMBER_PER_DAY = env_number("REPORTS_PER_MEMBER_PER_DAY", 10)
# Clubs one person may open in a day (club/services.py, club_create; superusers are not counted).
CLUBS_PER_USER_PER_DAY = env_number("CLUBS_PER_USER_PER_DAY", 5)
# Times one person may join (or ask to join) one club in a day: leaving and coming back writes the
# club's log and asks its managers again each time.
JOINS_PER_CLUB_PER_DAY = env_number("JOINS_PER_CLUB_PER_DAY", 5)
# Practice tables one person may open in a day, over all his clubs (games/services/sessions.py,
# practice_table_open; his open one given back is not counted). Each writes a table, four seats,
# eight journals of treasury chips that are never deleted and six lines of the club's log: a script
# that opened and left one in a loop wrote 160 journals a minute and buried the managers' log.
# A player practises a few times a day.
PRACTICE_TABLES_PER_USER_PER_DAY = env_number("PRACTICE_TABLES_PER_USER_PER_DAY", 30)
# Times one member may sit down at one table in an hour (games/services/seating.py, table_sit). Each
# sit and leave books two journals that are never deleted, writes two lines of the club's log and
# sends the table to everyone watching it: a script sitting and leaving between deals did it a few
# times a second. A player who goes broke and buys in again sits down a few times in an evening.
SITS_PER_TABLE_PER_HOUR = env_number("SITS_PER_TABLE_PER_HOUR", 20)
# Seats one member may reserve at one coming table in an hour (games/services/schedule.py,
# seat_reserve): each reservation is a row that stays and sends the table to all who watch it, and
# reserving and cancelling in a loop had no end. A player changes his mind a few times.
RESERVATIONS_PER_TABLE_PER_HOUR = env_number("RESERVATIONS_PER_TABLE_PER_HOUR", 20)
# Table sockets one person may open in one server process (games/consumers.py): a burst (a dozen
# tabs after a restart, a few reloads), then one every two seconds. Each connect reads the table and
# the reader's rights, marks presence and renders the whole table (about 30 ms of the server's
# time): a script opening and closing sockets in a loop kept a core busy, never holding more than
# the twelve open sockets a person may have at once.
TABLE_CONNECT_BURST = env_number("TABLE_CONNECT_BURST", 30, least=1)
TABLE_CONNECTS_PER_SECOND = env_number("TABLE_CONNECTS_PER_SECOND", 0.5, kind=float, least=0.001)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "club.client_ip.axes_client_ip"
AXES_USERNAME_CALLABLE = "club.login_throttle.axes_username"
AXES_VERBOSE = False

LANGUAGE_CODE = "en"
LANGUAGES = [("ru", _("Russian")), ("bg", _("Bulgarian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Formats Django has no Bulgarian value for (dates and times with the month first and "p.m.").
FORMAT_MODULE_PATH = ["club.formats"]
USE_I18N = True
TIME_ZONE = "UTC"

# Django's defaults, named: the site's largest form is far below them, and it takes no file, so a
# body over the first is refused whole, unread (club.body_limit: a 413, review 156).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG or TESTING
# Without collectstatic (demo, tests) files come from the finders, looked up per request.
WHITENOISE_AUTOREFRESH = DEBUG or TESTING

# Security: on by default whenever DEBUG is off; HTTPS_ONLY=0 serves plain HTTP (tests, a LAN demo).
HTTPS_ONLY = env_bool("HTTPS_ONLY", not DEBUG and not TESTING)
SECURE_SSL_REDIRECT = HTTPS_ONLY
SESSION_COOKIE_SECURE = HTTPS_ONLY
CSRF_COOKIE_SECURE = HTTPS_ONLY
SECURE_HSTS_SECONDS = env_number("HSTS_SECONDS", 31536000) if HTTPS_ONLY else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS_ONLY
SECURE_HSTS_PRELOAD = HTTPS_ONLY
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None
# The old name is read only when the new one is unset: a mistyped AXES_PROXY_COUNT left behind
# stopped a start that set TRUSTED_PROXY_COUNT right.
TRUSTED_PROXY_COUNT = (
    env_number("TRUSTED_PROXY_COUNT", 0, most=20)
    if os.environ.get("TRUSTED_PROXY_COUNT", "").strip()
    else env_number("AXES_PROXY_COUNT", 1 if BEHIND_PROXY else 0, most=20)
)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
# The language switch's cookie as the session's: Django sends it with no Secure, HttpOnly or SameSite
# at all, so under HTTPS_ONLY it still went out on any plain-HTTP request to the host (a first visit
# typed without https://, before HSTS holds) and page scripts could read it. No script reads it.
LANGUAGE_COOKIE_SECURE = HTTPS_ONLY
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Database sessions, as Django keeps them, read with SQL compiled once per process (club/sessions.py).
SESSION_ENGINE = "club.sessions"
X_FRAME_OPTIONS = "DENY"

# Email: the console by default; SMTP when EMAIL_HOST is set.
# Blank is unset: EMAIL_HOST=" " chose SMTP to the host " ", and every reset mail failed later.
if os.environ.get("EMAIL_HOST", "").strip():
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"].strip()
    EMAIL_PORT = env_number("EMAIL_PORT", 587, least=1, most=65535)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Khrap Club <noreply@localhost>")

# Blank is unset. A URL without its scheme ("redis.internal:6379") started the site, and the first
# table socket, the worker and beat failed on it later.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(
        "REDIS_URL must start with redis://, rediss:// or unix:// (redis://HOST:6379/0), or be unset "
        "for the in-process channel layer and tasks."
    )

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis with a blocking connection pool: a burst of sockets waits for a
            # connection instead of failing at redis-py's 100 (club/channel_layer.py).
            "BACKEND": "club.channel_layer.PooledRedisChannelLayer",
            "CONFIG": {
                # redis-py 8 defaults to a 5 s socket timeout; channels-redis then drops any consumer
                # that receives nothing for 5 s (close code 1011). None waits as long as it must.
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                "capacity": 1500,
                "expiry": 60,
                # Connections per process and event loop; Redis's own limit is 10,000 clients.
                "pool_max_connections": env_number("REDIS_POOL_MAX_CONNECTIONS", 200, least=1),
                "pool_timeout": env_number("REDIS_POOL_TIMEOUT", 20, kind=float, least=0.001),
            },
        }
    }
else:
    # The in-memory layer, which the table clock's thread may call too (club/process_layer.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "club.process_layer.ProcessChannelLayer"}}

# Celery: with no REDIS_URL the tasks run in-process, so the embedded default needs no worker.
# Background jobs (games/tasks.py, README "Background jobs"): every task is idempotent, acknowledged
# only once it is done (a worker killed mid-task leaves the message to be delivered again) and
# bounded by time limits; tasks that touch the database retry with backoff on connection errors.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
# An eager task (the embedded default) that fails is recorded like a worker's (games/jobs.py), after
# its retries, rather than raised into whatever ran it (the ticker's thread).
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # the LOGGING below is the one place records are written
CELERY_WORKER_SEND_TASK_EVENTS = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Celery's default gives up after 100 reconnects (some 45 minutes of a Redis outage) and the worker
# exits: the tables' clock stopped for good under `make serve`, which restarts only daphne.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# One queue per deployment (or per test run: the tests start workers on their own queue).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# The nightly jobs run on a queue of their own, taken by a worker of their own (`make serve`, compose's
# "nightly" service). Each reads the whole books or deal log, for many minutes once they are long: on
# the one queue two of them at once held both processes of the worker, and meanwhile no turn expired,
# no bot moved and no table opened, at every table.
NIGHTLY_QUEUE = os.environ.get("CELERY_NIGHTLY_QUEUE", "") or f"{CELERY_TASK_DEFAULT_QUEUE}.nightly"
NIGHTLY_TASKS = (
    "games.members_dormant",
    "games.ledger_reconcile",
    "games.stats_recompute",
    "games.collusion_scan",
    "ledger.tasks.ledger_reconcile",
)
CELERY_TASK_ROUTES = {name: {"queue": NIGHTLY_QUEUE} for name in NIGHTLY_TASKS}
# Both queues are the ones a worker started without --queues takes: a deployment of one plain worker
# (`celery -A club worker`) still runs the nightly jobs, which would otherwise wait in a queue nobody
# reads. The production shape starts its clock worker with --queues=<CELERY_QUEUE> and the nightly
# worker with --queues=<CELERY_NIGHTLY_QUEUE>, so a long job never holds up the clock.
# Each on an exchange and routing key of its own, as Celery makes a queue it was not told of: two
# queues on the default exchange's one key would each get every task sent to either.
CELERY_TASK_QUEUES = tuple(
    Queue(name, Exchange(name), routing_key=name) for name in (CELERY_TASK_DEFAULT_QUEUE, NIGHTLY_QUEUE)
)
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_TIME_LIMIT = 90
# The ledger's own task (the beat schedule runs games.ledger_reconcile, the same service).
CELERY_TASK_ANNOTATIONS = {"ledger.tasks.ledger_reconcile": {"soft_time_limit": 1800, "time_limit": 1900}}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A message taken by a worker that died (SIGKILL, a lost machine) is delivered again after this
    # long; longer than any task runs and than the wait of any turn deadline held for its time. Six
    # hours: the nightly jobs, one after another on their worker at their hard time limits, may hold
    # a message for 2 h 20 min (an hour redelivered the next one while it waited or still ran, and
    # ran it twice); `manage.py check` refuses a value at or below that (club.E001).
    "visibility_timeout": env_number("CELERY_VISIBILITY_TIMEOUT", 21600, least=1),
    "socket_connect_timeout": 5,
}
CELERY_TIMEZONE = "UTC"

# Who runs the table clock (turn deadlines, bots, deals, the schedule): "ticker", the in-process
# thread of every daphne process (games/ticker.py; the embedded default, where an eager Celery task
# ignores countdown); "celery", a task per deadline on commit plus beat's sweeper (production: run a
# worker and beat, `make serve`); or "both" (the ticker stays on as a standby; every job is idempotent).
TABLE_CLOCK = os.environ.get("TABLE_CLOCK", "").strip().lower() or (
    "celery" if REDIS_URL and not TESTING else "ticker"
)
if TABLE_CLOCK not in {"ticker", "celery", "both"}:
    raise ImproperlyConfigured('TABLE_CLOCK must be "ticker", "celery" or "both".')
if TABLE_CLOCK != "ticker" and not REDIS_URL:
    raise ImproperlyConfigured(f'TABLE_CLOCK="{TABLE_CLOCK}" needs a Celery broker: set REDIS_URL.')
# The test process drives the clock itself (games/ticker.py reads TABLE_TICKER; its environment
# variable still wins, read here first so that a typo stops the start instead of the clock).
TABLE_TICKER = env_bool("TABLE_TICKER", TABLE_CLOCK in {"ticker", "both"} and not TESTING)
# The tables' pace (games/conf.py reads them when it needs them): checked here, at the start.
for _pace in ("TABLE_DEAL_PAUSE", "TABLE_FIRST_DEAL_PAUSE", "TABLE_BOT_DELAY", "TABLE_AWAY_DELAY"):
    env_number(_pace, 0.0, kind=float)
#: How often beat's sweeper looks for deadlines, deals and schedule changes a task missed.
TABLE_SWEEP_SECONDS = env_number("TABLE_SWEEP_SECONDS", 2, kind=float, least=0.001)

CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    # Missed deadlines, due deals and the schedule (open, start, cancel, end, weekly repeats,
    # reservation lapses): what the ticker does, for anything the per-deadline tasks did not.
    "tables-sweep": {
        "task": "games.tables_sweep",
        "schedule": TABLE_SWEEP_SECONDS,
        "options": {"expires": max(TABLE_SWEEP_SECONDS * 3, 5)},
    },
    "stats-sweep": {"task": "games.stats_sweep", "schedule": 60.0, "options": {"expires": 120}},
    "tables-idle": {"task": "games.tables_idle_sweep", "schedule": 60.0, "options": {"expires": 120}},
    "members-dormant-nightly": {"task": "games.members_dormant", "schedule": crontab(hour=3, minute=7)},
    "ledger-reconcile-nightly": {"task": "games.ledger_reconcile", "schedule": crontab(hour=3, minute=17)},
    "stats-recompute-nightly": {"task": "games.stats_recompute", "schedule": crontab(hour=3, minute=37)},
    "collusion-scan-nightly": {"task": "games.collusion_scan", "schedule": crontab(hour=3, minute=47)},
}

# Websocket frames for a table view are a few KB; anything near this is an attack, not a move.
WEBSOCKET_MAX_MESSAGE_SIZE = 64 * 1024

# In any case ("debug" as most tools write it); another word stopped the start with "Unable to
# configure root logger", naming no variable.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "").strip().upper() or "INFO"
if LOG_LEVEL not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
    raise ImproperlyConfigured(
        f"LOG_LEVEL={os.environ['LOG_LEVEL']!r} is not a level: write DEBUG, INFO, WARNING, ERROR "
        "or CRITICAL."
    )

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"client_errors": {"()": "club.log_filters.ClientErrorsWithoutTraceback"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["client_errors"]},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own console handler (DEBUG only) would print every record a second time beside the
        # root's: the site's handler is the one place records are written.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.db.backends": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
    },
}
