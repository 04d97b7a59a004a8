"""Settings, read from the environment.

Embedded default (``make run``): DEBUG on, a SQLite file beside manage.py, a development secret.
Production: set ``DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS`` and ``DATABASE_URL``; with those
``manage.py check --deploy`` passes. ``TRUSTED_PROXIES`` says how many reverse proxies stand in
front (default 0: set it when there is one). Nothing here assumes a single process: sessions and
the failed logins that throttle the login form live in the database, and nothing that must be
shared is kept in the per-process cache. ``REDIS_URL`` makes the cache one Redis shared by every
process and server (two or more application servers: README, "Two or more servers").
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

_DEV_SECRET = "dev-only-insecure-secret-key-never-use-in-production-0123456789abcdef"
SECRET_KEY = os.environ.get("SECRET_KEY") or (_DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "common",
    "tournaments",
    "scoring",
    "arbitration",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # In DEBUG too, so that the tests and the browser tests see the policy.
    "config.security.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.security.NoStoreMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tournaments.middleware.OldAddressMiddleware",  # bookmarks of a changed short address
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

if not DEBUG:
    # In production the application serves its own static files (collectstatic first).
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

_DATABASE_URL = os.environ.get("DATABASE_URL", "")
# PostgreSQL: keep connections for a minute (opening one per request cost the database a
# third of its CPU under load), checked before reuse. SQLite opens a file: nothing to keep.
_CONN_MAX_AGE = "60" if _DATABASE_URL.startswith(("postgres", "pgsql")) else "0"
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", _CONN_MAX_AGE)),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several requests may write at once (scorers, arbitres): wait instead of failing at once.
    # A transaction takes the write lock when it begins (IMMEDIATE): one that read first and
    # then wrote could not wait for it, and would fail with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Long work (documents of a whole field) runs off the request: django-tasks, the backport of
# Django 6's tasks framework, with its database backend, so that the queue needs no server of
# its own (SQLite on a laptop, PostgreSQL on a server) and any server's worker takes any job.
# `manage.py db_worker` runs them; `make run` starts one beside the server.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# One server: each process keeps its own cache. Two or more servers (or processes that should
# share what one computed): REDIS_URL, e.g. redis://127.0.0.1:6379/0, one Redis for all. Either
# way every key that holds tournament data names the change stamp it was computed at, so no
# server serves figures older than the database; Redis only spares the others the computing.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Several installations may share a Redis: keys start with this.
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "tarot"),
            # A Redis that stops answering fails a request in seconds, not at gunicorn's timeout.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 5},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        }
    }

# Sent by django-csp (config.security.ContentSecurityPolicyMiddleware): nothing inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        # data: for small images the admin's and our stylesheets may inline.
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
# No script reads the CSRF cookie: pages hand the token to htmx in the body's hx-headers.
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True

# Login throttling (config.security) counts failures per client address. Behind reverse
# proxies (production: nginx in front of gunicorn on 127.0.0.1), every request comes from the
# proxy: set TRUSTED_PROXIES to their number, and the client's address is the one the outermost
# of them added to X-Forwarded-For. By default no proxy is trusted: a client that reaches
# gunicorn directly would otherwise choose its own address by writing the header.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))

# The read API (scoring.api): requests per client address, counted in the cache (shared by
# every process with REDIS_URL). Empty: no limit.
API_RATE = os.environ.get("API_RATE", "120/min")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "manage:home"
LOGOUT_REDIRECT_URL = "public:home"
# A username logs in whatever its case; no two accounts read alike (tournaments.accounts).
AUTHENTICATION_BACKENDS = ["tournaments.accounts.UsernameBackend"]

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Uploads (player files) are read in memory; the import itself caps the size with a clear message.
# Past this size a file is read on but not kept, never written to disk (``common.uploads``).
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_HANDLERS = ["common.uploads.BoundedMemoryUploadHandler"]
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 20000

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Served over plain HTTP on a club's local network (SECURE_SSL_REDIRECT=0), cookies must
    # not be HTTPS-only, or nobody could log in.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", SECURE_SSL_REDIRECT)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
