"""Reading the environment for the settings: each helper fails loudly on a value it cannot
understand, so a typo in a deployment stops the server instead of silently running with a
default."""

import os
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_from_url(url: str) -> dict:
    """DATABASE_URL (postgres://user:pass@host:port/name) as a DATABASES entry, by dj-database-url.

    Only PostgreSQL: the SQLite file is what you get with DATABASE_URL unset.
    """
    try:
        database = dj_database_url.parse(url)
    except dj_database_url.UnknownSchemeError:
        database = {}
    except (dj_database_url.ParseError, ValueError):
        raise ImproperlyConfigured(
            "DATABASE_URL can't be read: check the port and that special characters in the "
            "password are %-escaped."
        ) from None
    if database.get("ENGINE") != "django.db.backends.postgresql":
        scheme = urlsplit(url).scheme
        raise ImproperlyConfigured(
            f"DATABASE_URL must start with postgres:// (got {scheme or 'nothing'!r}); "
            "leave it unset to use the SQLite file."
        )
    name = database["NAME"]
    if not name:
        raise ImproperlyConfigured("DATABASE_URL must name a database: postgres://…/enigma")
    database["PORT"] = str(database.get("PORT") or "")
    # Connections come from a pool per process (psycopg_pool): a busy table waits its turn
    # for one of DB_POOL_SIZE connections instead of opening hundreds and being refused.
    # Streams borrow one only for a moment and never pin it.
    database["CONN_MAX_AGE"] = 0
    database.setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env_int("DB_POOL_SIZE", 20),
        "timeout": 20,
    }
    database["TEST"] = {"NAME": env_str("DATABASE_TEST_NAME", f"test_{name}")}
    return database
