import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from enigma_site.models import LoginFailure

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
    assert response.status_code == 200
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


def test_repeated_failed_logins_are_stopped_even_with_the_right_password(
    client, alice, password, settings
):
    settings.LOGIN_FAILURE_LIMIT = 3
    for _ in range(3):
        response = client.post(reverse("login"), {"username": "alice", "password": "wrong"})
        assert response.status_code == 400
    response = client.post(reverse("login"), {"username": "ALICE", "password": password})
    assert response.status_code == 429
    assert b"Too many failed attempts" in response.content
    assert "_auth_user_id" not in client.session


def test_failed_logins_expire_after_the_window(client, alice, password, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    for _ in range(2):
        client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    LoginFailure.objects.update(at="2000-01-01T00:00:00Z")
    response = client.post(reverse("login"), {"username": "alice", "password": password})
    assert response.status_code == 302


def test_a_successful_login_clears_earlier_failures(client, alice, password):
    client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    client.post(reverse("login"), {"username": "alice", "password": password})
    assert not LoginFailure.objects.filter(username="alice").exists()


def test_post_without_csrf_token_is_refused(alice, password):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": "alice", "password": password})
    assert response.status_code == 403
    assert "_auth_user_id" not in strict.session
