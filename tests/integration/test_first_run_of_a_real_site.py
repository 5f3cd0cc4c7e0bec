"""The first start of a real site (DEBUG off): what is missing is said in plain words with its
fix, the first Director's account is made on the server, and a brand-new site's front page
says what to do first."""

import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

pytestmark = pytest.mark.django_db

SECRET = "a-real-site-" + "s3cret" * 10
DROPPED = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in DROPPED}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**clean, "DEBUG": "false", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("secret", [None, "", "   "])
def test_a_real_site_without_its_secret_key_or_name_says_both_and_how_to_fix_them(secret):
    env = {} if secret is None else {"SECRET_KEY": secret}
    result = _manage("migrate", "--check", **env)
    assert result.returncode != 0
    said = result.stderr
    assert "Traceback" not in said
    assert "Enigma Table can't start yet." in said
    assert "1. A secret key of its own." in said
    assert 'python3 -c "import secrets; print(secrets.token_urlsafe(50))"' in said
    assert "2. Its name. ALLOWED_HOSTS isn't set" in said
    assert "ALLOWED_HOSTS=enigma.example.org" in said
    assert "/etc/enigma-table/enigma-table.env" in said


def test_a_real_site_with_its_name_but_no_secret_key_names_only_the_key():
    result = _manage("check", ALLOWED_HOSTS="enigma.example.org")
    assert result.returncode != 0
    assert "1. A secret key of its own." in result.stderr
    assert "ALLOWED_HOSTS" not in result.stderr


def test_a_real_site_without_its_name_is_stopped_by_the_check_make_run_makes():
    result = _manage("check", "--deploy", "--fail-level", "ERROR", SECRET_KEY=SECRET)
    assert result.returncode != 0
    assert "(enigma.E001)" in result.stderr
    assert "1. Its name. ALLOWED_HOSTS isn't set" in result.stderr
    assert "Set it where the site reads its settings" in result.stderr
    assert "secret key" not in result.stderr.lower()


def test_a_real_site_with_both_passes_the_check():
    result = _manage(
        "check", "--deploy", "--fail-level", "ERROR", SECRET_KEY=SECRET, ALLOWED_HOSTS="e.example"
    )
    assert result.returncode == 0, result.stderr
    assert "enigma.E001" not in result.stdout + result.stderr


def test_make_run_checks_a_real_site_before_it_migrates_and_says_how_to_begin():
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    recipe = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    check = recipe.index("manage.py check --deploy --fail-level ERROR")
    assert check < recipe.index("manage.py migrate")
    assert recipe.index("manage.py first_steps") > recipe.index("manage.py migrate")


def test_a_site_with_nobody_yet_says_how_to_make_the_first_account(settings):
    settings.ALLOWED_HOSTS = ["enigma.example.org"]
    out = StringIO()
    call_command("first_steps", stdout=out)
    said = out.getvalue()
    assert "Nobody has an account here yet." in said
    assert "python manage.py createdirector YOUR-NAME" in said
    assert "https://enigma.example.org/accounts/signup/" in said


def test_a_site_with_an_account_has_nothing_to_say_at_start(alice):
    out = StringIO()
    call_command("first_steps", stdout=out)
    assert out.getvalue() == ""


def test_createdirector_makes_an_account_that_logs_in(monkeypatch, client):
    monkeypatch.setenv("DIRECTOR_PASSWORD", "brass-goggles-at-midnight")
    out = StringIO()
    call_command("createdirector", "maude", "--password-from-env", stdout=out)
    assert "Made the account “maude”." in out.getvalue()
    assert "Direct a new adventure" in out.getvalue()
    user = get_user_model().objects.get(username="maude")
    assert not user.is_superuser
    assert user.check_password("brass-goggles-at-midnight")
    response = client.post(
        reverse("login"), {"username": "maude", "password": "brass-goggles-at-midnight"}
    )
    assert response["Location"] == reverse("home")


def test_createdirector_reads_the_variable_it_is_told(monkeypatch):
    monkeypatch.setenv("FIRST_DIRECTOR_SECRET", "a-ticking-in-the-rain")
    call_command("createdirector", "ivy", "--password-from-env", "FIRST_DIRECTOR_SECRET")
    assert get_user_model().objects.get(username="ivy").check_password("a-ticking-in-the-rain")


@pytest.mark.parametrize(
    ("username", "password", "said"),
    [
        ("alice", "brass-goggles-at-midnight", "A user with that username already exists."),
        ("no spaces!", "brass-goggles-at-midnight", "can't be a username"),
        ("maude", "12345678", "That password won't do"),
        ("maude", "maude", "too short"),
    ],
)
def test_createdirector_refuses_what_wont_do_and_makes_nothing(
    monkeypatch, alice, username, password, said
):
    monkeypatch.setenv("DIRECTOR_PASSWORD", password)
    with pytest.raises(CommandError, match=re.escape(said)) as refused:
        call_command("createdirector", username, "--password-from-env")
    assert "Nothing was made." in str(refused.value)
    assert get_user_model().objects.count() == 1


def test_createdirector_without_a_terminal_or_a_variable_says_how(monkeypatch):
    monkeypatch.delenv("DIRECTOR_PASSWORD", raising=False)
    monkeypatch.setattr(sys, "stdin", StringIO("typed?\n"))
    with pytest.raises(CommandError, match="--password-from-env"):
        call_command("createdirector", "maude")
    with pytest.raises(CommandError, match="DIRECTOR_PASSWORD is empty or unset"):
        call_command("createdirector", "maude", "--password-from-env")
    assert not get_user_model().objects.exists()


def test_createdirector_at_a_terminal_asks_twice(monkeypatch):
    answers = iter(["brass-goggles-at-midnight", "brass-goggles-at-midnite"])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    monkeypatch.setattr(sys, "stdin", type("Terminal", (StringIO,), {"isatty": lambda s: True})())
    with pytest.raises(CommandError, match="weren't the same"):
        call_command("createdirector", "maude")
    assert not get_user_model().objects.exists()


def test_a_brand_new_sites_front_page_says_what_to_do_first(client):
    page = client.get(reverse("landing")).content.decode()
    assert "A brand-new table: what to do first" in page
    assert f'<a href="{reverse("signup")}">Sign up</a>' in page
    assert "python manage.py createdirector YOUR-NAME" in page
    assert "Direct a new adventure" in page


def test_once_someone_has_signed_up_the_front_page_is_the_usual_one(client, alice):
    page = client.get(reverse("landing")).content.decode()
    assert "A brand-new table" not in page
    assert "Sign up and make a hero" in page
