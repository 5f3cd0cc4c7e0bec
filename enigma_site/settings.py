"""Settings for Enigma Table, read from environment variables.

With no variables set this is a development site on a SQLite file under ./data. Every variable
is read through a helper that fails loudly on a value it cannot understand, so a typo in a
deployment stops the server instead of silently running with a default.
"""

import os
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from enigma_site import first_run
from enigma_site.env import database_from_url, env_bool, env_int, env_list, env_str
from enigma_site.first_run import DEVELOPMENT_SECRET_KEY

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "").strip() or DEVELOPMENT_SECRET_KEY
# A real site never starts with the development key; what else it lacks is said at once too.
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    raise ImproperlyConfigured(first_run.explained(first_run.missing(os.environ)))

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / "data"))).resolve()

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "enigma_site.apps.SiteConfig",
    "characters",
    "sessions.apps.TableConfig",
]

MIDDLEWARE = [
    # First, so it compresses what the others leave (text only, with BREACH's length masking).
    "enigma_site.compression.TextCompression",
    # Outside the middlewares that add page-only headers: takes them off what isn't a page.
    "enigma_site.static_headers.static_headers_middleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before anything reads a form: marks fields whose bytes aren't UTF-8, for the form to refuse.
    "enigma_site.form_bytes.form_bytes_middleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "enigma_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "enigma_site.context.version",
            ],
            # The rules engine's numbers and verdicts, and the live parts' wiring, everywhere.
            "builtins": [
                "characters.templatetags.rules",
                "characters.templatetags.pictures",
                "sessions.templatetags.parts",
            ],
        },
    },
]
# Form fields draw through Django's own Jinja2 copies of its form templates: the same HTML
# (only the whitespace differs), at a fraction of the cost (enigma_site/form_renderer.py).
FORM_RENDERER = "enigma_site.form_renderer.FormRenderer"

ASGI_APPLICATION = "enigma_site.asgi.application"
# The threads Django's request handling runs on under ASGI (`enigma_site.pooled`), each with
# its own database connection kept between requests. A few suffice: views are short, Python
# runs one thread at a time, and SQLite writes take turns anyway.
REQUEST_THREADS = env_int("REQUEST_THREADS", 8)
if REQUEST_THREADS < 1:
    raise ImproperlyConfigured("REQUEST_THREADS must be at least 1")
WSGI_APPLICATION = "enigma_site.wsgi.application"

if database_url := os.environ.get("DATABASE_URL"):
    DATABASES = {"default": database_from_url(database_url)}
else:
    # The SQLite file holds password hashes: the folder is its owner's alone, and the file is
    # made 0600 before SQLite first opens it, so its -wal and -shm (which SQLite creates with
    # the database's own mode) are 0600 too. enigma_site.apps re-checks on every connection.
    DATA_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
    SQLITE_PATH = Path(env_str("SQLITE_PATH", str(DATA_DIR / "enigma.sqlite3")))
    SQLITE_PATH.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(SQLITE_PATH, os.O_CREAT | os.O_RDONLY, 0o600))
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            # Kept open between requests: opening a file and setting it up costs more than
            # most table actions.
            "CONN_MAX_AGE": None,
            "OPTIONS": {
                # IMMEDIATE takes the write lock at BEGIN, so two table actions racing for the
                # same character queue up instead of failing half-way with "database is locked".
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                # WAL lets readers carry on while a Gamble is written; synchronous=FULL syncs
                # the log on every commit so a committed table event survives a power cut.
                "init_command": (
                    "PRAGMA journal_mode=WAL;"
                    "PRAGMA synchronous=FULL;"
                    "PRAGMA busy_timeout=20000;"
                    "PRAGMA foreign_keys=ON;"
                ),
            },
            # A file, not memory: browser tests share it with a real server process.
            "TEST": {"NAME": DATA_DIR / "test_enigma.sqlite3"},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    # django-axes first: a locked-out login is refused before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "landing"

# Failed logins, counted by django-axes in the database (so every process sees the same).
# A lock-out is for one username *from one address*: nobody can lock another player out from
# elsewhere. An address is also stopped, more generously, after failing at many usernames
# (password spraying); a household behind one router has room for a few typos each.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_FAILURE_LIMIT_PER_ADDRESS = env_int("LOGIN_FAILURE_LIMIT_PER_ADDRESS", 20)
AXES_COOLOFF_TIME = timedelta(seconds=env_int("LOGIN_FAILURE_WINDOW_SECONDS", 15 * 60))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "enigma_site.login_guard.LoginGuardHandler"
AXES_USERNAME_CALLABLE = "enigma_site.login_guard.counted_username"
AXES_CLIENT_IP_CALLABLE = "enigma_site.login_guard.client_address"
AXES_LOCKOUT_CALLABLE = "enigma_site.login_guard.lockout_response"
# A try while locked out checks nothing and changes nothing, so the page can say when the
# lock-out ends and the owner retrying doesn't push that time back.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# A successful login forgets that username's failures from that address (see login_guard).
AXES_RESET_ON_SUCCESS = True
# Only failures are kept: no log of every login and logout.
AXES_DISABLE_ACCESS_LOG = True
AXES_ENABLE_ADMIN = False
AXES_VERBOSE = False  # no log lines for every login; lock-outs are logged as warnings
if min(AXES_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT_PER_ADDRESS) < 1:
    raise ImproperlyConfigured("LOGIN_FAILURE_LIMIT and …_PER_ADDRESS must be at least 1")

# Behind a reverse proxy every request comes from the proxy's address. Name the header the
# proxy sets to the client's address (X-Forwarded-For, X-Real-IP…) and the addresses the
# proxy connects from; the header is believed only on requests from those addresses, and of
# X-Forwarded-For only the right-most entry, the one the proxy itself added.
TRUSTED_PROXY_HEADER = env_str("TRUSTED_PROXY_HEADER", "").strip()
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", ["127.0.0.1", "::1"])
if TRUSTED_PROXY_HEADER and not TRUSTED_PROXY_HEADER.replace("-", "").isalnum():
    raise ImproperlyConfigured(
        f"TRUSTED_PROXY_HEADER must be a header name like X-Forwarded-For, not "
        f"{TRUSTED_PROXY_HEADER!r}"
    )

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
# One language, British English: no translation machinery. Dates and numbers still take the
# en-gb formats; every number a template draws no longer asks which language is active
# (issue 27: a drawing's numbers cost more than its queries).
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Minified, hashed, and Brotli- and gzip-compressed by collectstatic (static_storage.py).
    "staticfiles": {"BACKEND": "enigma_site.static_storage.StaticStorage"},
}
# Pictures (portraits, handouts) are served by views that check who may see them, never from a
# public URL: the folder is the owner's alone, like the database's.
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(DATA_DIR / "media"))).resolve()
MEDIA_URL = None
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700
# Several processes or machines share one bucket instead: MEDIA_STORAGE=s3 (django-storages,
# `pip install -r requirements-s3.txt`), with the bucket and its address from the environment
# and the keys from boto3's usual AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
MEDIA_STORAGE = env_str("MEDIA_STORAGE", "local").strip().lower()
if MEDIA_STORAGE == "s3":
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": env_str("S3_BUCKET", ""),
            "endpoint_url": env_str("S3_ENDPOINT_URL", "") or None,
            "region_name": env_str("S3_REGION", "") or None,
            "location": env_str("S3_PREFIX", "").strip("/"),
            "default_acl": "private",
            "file_overwrite": False,
            "querystring_auth": True,
        },
    }
    if not STORAGES["default"]["OPTIONS"]["bucket_name"]:
        raise ImproperlyConfigured("MEDIA_STORAGE=s3 needs S3_BUCKET, the bucket's name.")
elif MEDIA_STORAGE != "local":
    raise ImproperlyConfigured(f"MEDIA_STORAGE is 'local' or 's3', not {MEDIA_STORAGE!r}.")
# In development static files come straight from the source folders, no collectstatic needed.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
# Every asset is fetched by our own pages only: no page elsewhere may read them.
WHITENOISE_ALLOW_ALL_ORIGINS = False
if DEBUG:
    STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER_ENABLED=true.
if env_bool("SECURE_PROXY_SSL_HEADER_ENABLED", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
