import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from enigma_site.env import database_from_url, env_bool, env_int

pytestmark = pytest.mark.django_db

PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "production-" + "k3y" * 20,
    "ALLOWED_HOSTS": "enigma.example",
    "CSRF_TRUSTED_ORIGINS": "https://enigma.example",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # Only the test process needs DJANGO_ALLOW_ASYNC_UNSAFE; a deployment must not have it.
    dropped = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _csp(response) -> str:
    return response["Content-Security-Policy"]


def test_full_pages_carry_a_strict_content_security_policy(client):
    policy = _csp(client.get(reverse("landing")))
    assert "script-src 'self' 'nonce-" in policy
    assert "object-src 'none'" in policy
    assert "base-uri 'none'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy


def test_htmx_fragments_carry_the_policy_too(alice_client):
    response = alice_client.get(reverse("home"), headers={"HX-Request": "true"})
    assert "object-src 'none'" in _csp(response)


def test_scripts_on_the_page_carry_the_nonce(client):
    response = client.get(reverse("landing"))
    nonce = _csp(response).split("'nonce-")[1].split("'")[0]
    assert f'nonce="{nonce}"' in response.content.decode()
    assert "htmx-2.min" in response.content.decode()


def test_csrf_token_travels_in_hx_headers_on_body(alice_client):
    content = alice_client.get(reverse("home")).content.decode()
    assert '<body hx-headers=\'{"X-CSRFToken": "' in content


def test_no_page_loads_anything_from_another_site(client):
    content = client.get(reverse("landing")).content.decode()
    for attribute in ('src="http', "src='http", 'href="//', 'src="//'):
        assert attribute not in content


def test_check_deploy_is_clean_with_production_variables():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_debug_off_refuses_the_development_secret_key():
    env = {**PRODUCTION}
    del env["SECRET_KEY"]
    result = _manage("check", **env)
    assert result.returncode != 0
    assert "SECRET_KEY is the development key" in result.stderr


@pytest.mark.parametrize("value", ["maybe", "2", "yes please"])
def test_a_bad_boolean_variable_fails_loudly(monkeypatch, value):
    monkeypatch.setenv("DEBUG", value)
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be true or false"):
        env_bool("DEBUG", True)


def test_a_bad_number_variable_fails_loudly(monkeypatch):
    monkeypatch.setenv("SECURE_HSTS_SECONDS", "a year")
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int("SECURE_HSTS_SECONDS", 0)


def test_database_url_selects_postgresql():
    db = database_from_url("postgres://ann:s%40cret@db.local:6543/enigma")
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"]) == ("enigma", "ann", "s@cret")
    assert (db["HOST"], db["PORT"]) == ("db.local", "6543")


@pytest.mark.parametrize("url", ["mysql://x/y", "postgres://host/", "enigma"])
def test_a_bad_database_url_fails_loudly(url):
    with pytest.raises(ImproperlyConfigured):
        database_from_url(url)


def test_the_database_is_set_up_for_concurrent_table_actions():
    from django.db import connection

    if connection.vendor == "postgresql":
        # Pooled, short-lived connections: a long-lived event stream must not pin one each.
        assert connection.settings_dict["CONN_MAX_AGE"] == 0
        assert connection.settings_dict["OPTIONS"]["pool"]["max_size"] >= 1
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] >= 5000
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 2  # FULL
    assert connection.transaction_mode == "IMMEDIATE"
