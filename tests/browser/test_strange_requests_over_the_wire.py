"""Requests no browser of ours sends, to the real server (DEBUG off): a bare word as the page to
go on to after logging in or signing up, and form bodies that say they are in a character set
other than UTF-8. Each is answered calmly, never with a 500 or a traceback in the log."""

import pytest
from django.contrib.auth import get_user_model

from sessions.models import Handout
from tests.browser.conftest import OWN
from tests.browser.http import Visitor
from tests.images import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOG = OWN / "server.log"


@pytest.fixture
def quiet_log():
    """Yields a check that the server logged no error since the test began."""
    before = LOG.stat().st_size if LOG.exists() else 0

    def check() -> None:
        written = LOG.read_text(errors="replace")[before:]
        assert "Traceback" not in written
        assert "ERROR" not in written

    return check


@pytest.mark.parametrize("target", ["admin", "home", "//evil.example/", "https://evil.example/"])
def test_logged_in_a_bare_word_or_another_site_as_next_goes_home(
    asgi_server, alice, password, quiet_log, target
):
    visitor = Visitor(asgi_server, alice, password)
    status, page = visitor.get(f"/accounts/login/?next={target}")
    assert status == 200
    assert "Director" in page or "hero" in page.lower()  # the home page, not an error
    quiet_log()


def test_logging_in_with_a_bare_word_as_next_goes_home_and_a_path_is_kept(
    asgi_server, alice, password, quiet_log
):
    visitor = Visitor(asgi_server)
    visitor.get("/accounts/login/")
    fields = {"username": alice.username, "password": password, "next": "admin"}
    status, _page = visitor.post("/accounts/login/?next=admin", fields)
    assert status == 200
    # Logged in, a path of this site is still where the login goes on to.
    status, page = visitor.get("/accounts/login/?next=/accounts/password/")
    assert status == 200
    assert "password" in page.lower()
    quiet_log()


def test_signing_up_with_a_bare_word_as_next_makes_the_account_and_goes_home(
    asgi_server, quiet_log
):
    visitor = Visitor(asgi_server)
    visitor.get("/accounts/signup/?next=admin")
    fields = {
        "username": "newcomer",
        "password1": "brass-idol-monsoon-77",
        "password2": "brass-idol-monsoon-77",
        "next": "admin",
    }
    status, page = visitor.post("/accounts/signup/?next=admin", fields)
    assert status == 200
    assert "Welcome aboard, newcomer" in page
    assert get_user_model().objects.filter(username="newcomer").exists()
    quiet_log()


@pytest.mark.parametrize("charset", ["latin-1", "utf-16", "iso-8859-1", "cp1252", "bogus"])
def test_a_form_in_another_character_set_is_refused_with_400(asgi_server, charset, quiet_log):
    visitor = Visitor(asgi_server)
    visitor.get("/accounts/login/")  # the CSRF cookie
    content_type = f"application/x-www-form-urlencoded; charset={charset}"
    status, page = visitor.request(
        "POST",
        "/accounts/login/",
        {"username": "somebody", "password": "whatever"},
        headers={"Content-Type": content_type},
    )
    assert status == 400
    assert "character set other than UTF-8" in page
    quiet_log()


@pytest.mark.parametrize("charset", ["utf8", "UTF-8", "utf-8", "Utf8"])
def test_a_form_labelled_utf8_in_any_spelling_is_read_as_utf8(
    asgi_server, alice, password, charset, quiet_log
):
    visitor = Visitor(asgi_server)
    visitor.get("/accounts/login/")
    status, _page = visitor.request(
        "POST",
        "/accounts/login/",
        {"username": alice.username, "password": password},
        headers={"Content-Type": f"application/x-www-form-urlencoded; charset={charset}"},
    )
    assert status == 200  # logged in: the home page after the redirect
    status, _page = visitor.get("/accounts/password/")
    assert status == 200
    quiet_log()


def test_a_caption_labelled_utf8_with_bytes_that_arent_is_refused_not_saved_as_fffd(
    asgi_server, playing, password, quiet_log
):
    adventure = playing["adventure"]
    director = Visitor(asgi_server, adventure.director, password)
    path = f"/adventures/{adventure.pk}/handouts/new/"
    fields = {"caption": b"The harbour\xff\xfe map"}
    for charset in ("utf8", "UTF8", "Utf-8"):
        status, page = director.upload(path, "picture", "map.jpg", picture(), fields, charset)
        assert status == 400
        assert "Caption contains bytes that aren&#x27;t UTF-8" in page
    assert not Handout.objects.filter(adventure=adventure).exists()

    status, page = director.upload(path, "picture", "map.jpg", picture(), fields, "latin-1")
    assert status == 400
    assert "character set other than UTF-8" in page
    assert not Handout.objects.filter(adventure=adventure).exists()
    quiet_log()
