import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_anonymous_home_visit_redirects_to_login(client):
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next=/home/"


def test_landing_page_is_public_and_credits_the_srd(client):
    response = client.get(reverse("landing"))
    assert response.status_code == 200
    assert b"ENIGMA SRD v0.7.0 by Andrew Pelham" in response.content
    assert b"CC BY-NC 4.0" in response.content


def test_logged_in_visitor_skips_the_landing_page(alice_client):
    assert alice_client.get(reverse("landing"))["Location"] == reverse("home")


def test_sign_up_logs_the_new_user_in(client, password):
    response = client.post(
        reverse("signup"),
        {"username": "tintin", "password1": password, "password2": password},
    )
    assert response.status_code == 302
    assert client.get(reverse("home")).status_code == 200
    assert get_user_model().objects.filter(username="tintin").exists()


def test_sign_up_refuses_a_weak_password_and_saves_nothing(client):
    response = client.post(
        reverse("signup"), {"username": "tintin", "password1": "123", "password2": "123"}
    )
    assert response.status_code == 400
    assert b"This password is too short" in response.content
    assert not get_user_model().objects.filter(username="tintin").exists()


def test_log_in_and_back_to_next(client, alice, password):
    response = client.post(
        reverse("login"), {"username": "alice", "password": password, "next": "/about/"}
    )
    assert response["Location"] == "/about/"


def test_log_in_ignores_an_offsite_next(client, alice, password):
    response = client.post(
        reverse("login"),
        {"username": "alice", "password": password, "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("home")


def test_log_out_needs_a_post(alice_client):
    assert alice_client.get(reverse("logout")).status_code == 405
    assert alice_client.post(reverse("logout")).status_code == 302
    assert alice_client.get(reverse("home")).status_code == 302


def test_change_password(alice_client, alice, password):
    response = alice_client.post(
        reverse("password_change"),
        {
            "old_password": password,
            "new_password1": "another-fine-pulp-password",
            "new_password2": "another-fine-pulp-password",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another-fine-pulp-password")
    # Still logged in after the change.
    assert alice_client.get(reverse("home")).status_code == 200


def _log_in(client, username, password, address="192.0.2.1", **headers):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        headers=headers,
    )


def test_repeated_failed_logins_are_stopped_even_with_the_right_password(
    client, alice, password, settings
):
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(2):
        assert _log_in(client, "alice", "wrong").status_code == 400
    response = _log_in(client, "alice", "wrong")
    assert response.status_code == 429
    assert b"Too many failed attempts" in response.content
    assert b"try again in 15 minutes, after" in response.content
    response = _log_in(client, "ALICE", password)
    assert response.status_code == 429
    assert b"Too many failed attempts" in response.content
    assert "_auth_user_id" not in client.session


def test_failed_logins_expire_after_the_window(client, alice, password, settings):
    settings.AXES_FAILURE_LIMIT = 2
    for _ in range(2):
        _log_in(client, "alice", "wrong")
    AccessAttempt.objects.update(attempt_time="2000-01-01T00:00:00Z")
    assert _log_in(client, "alice", password).status_code == 302


def test_a_successful_login_clears_earlier_failures(client, alice, password):
    _log_in(client, "alice", "wrong")
    _log_in(client, "alice", password)
    assert not AccessAttempt.objects.filter(username="alice").exists()


def test_failures_from_elsewhere_never_lock_the_owner_out(client, alice, password, settings):
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(5):
        _log_in(Client(), "alice", "wrong", address="203.0.113.66")
    assert _log_in(Client(), "alice", password, address="203.0.113.66").status_code == 429
    # Alice herself, at home: her own password still works.
    assert _log_in(client, "alice", password, address="198.51.100.7").status_code == 302


@pytest.mark.parametrize("spelling", ["alice ", " alice", "\uff41lice", "Alice", "\u3000alice"])
def test_spaces_and_look_alikes_share_the_username_s_counter(
    client, alice, password, settings, spelling
):
    settings.AXES_FAILURE_LIMIT = 3
    for name in ("alice", spelling, spelling):
        _log_in(client, name, "wrong")
    assert _log_in(client, "alice", password).status_code == 429
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {"alice"}


def test_an_address_trying_many_usernames_is_stopped(client, make_user, password, settings):
    settings.AXES_FAILURE_LIMIT = 3
    settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS = 5
    make_user("alice")
    mallory = make_user("mallory")
    for name in ("alice", "bob", "carol", "dave"):
        assert _log_in(Client(), name, "Summer2026!").status_code == 400
    # The sprayer's own account logs in fine, and doesn't wipe the address's tally.
    assert _log_in(Client(), mallory.username, password).status_code == 302
    assert _log_in(Client(), "erin", "Summer2026!").status_code == 429
    assert _log_in(Client(), "alice", password).status_code == 429
    # Nobody else is touched.
    assert _log_in(client, "alice", password, address="198.51.100.7").status_code == 302


def test_the_client_address_is_read_from_the_trusted_proxy_header_only(alice, settings):
    settings.TRUSTED_PROXY_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    spoof = {"X-Forwarded-For": "1.2.3.4, 203.0.113.9"}
    _log_in(Client(), "alice", "wrong", address="10.0.0.2", **spoof)
    # A request straight from a client may not choose its own address.
    _log_in(Client(), "alice", "wrong", address="198.51.100.7", **spoof)
    _log_in(Client(), "alice", "wrong", address="10.0.0.2", **{"X-Forwarded-For": "junk"})
    addresses = set(AccessAttempt.objects.values_list("ip_address", flat=True))
    assert addresses == {"203.0.113.9", "198.51.100.7", "10.0.0.2"}


def test_without_a_proxy_setting_forwarded_headers_are_ignored(alice, settings):
    settings.TRUSTED_PROXY_HEADER = ""
    _log_in(Client(), "alice", "wrong", address="127.0.0.1", **{"X-Forwarded-For": "1.2.3.4"})
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["127.0.0.1"]


@pytest.mark.parametrize("username", ["ali\x00ce", "a" * 10_000, "\u202ealice"])
def test_hostile_usernames_get_a_clear_answer(client, alice, username):
    response = _log_in(client, username, "wrong")
    assert response.status_code == 400
    assert all(
        len(name) <= 150 for name in AccessAttempt.objects.values_list("username", flat=True)
    )


def test_post_without_csrf_token_is_refused(alice, password):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": "alice", "password": password})
    assert response.status_code == 403
    assert "_auth_user_id" not in strict.session
