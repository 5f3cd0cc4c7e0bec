"""A username that looks like one already taken is refused at sign-up, against the real server:
"dіrA" with a Cyrillic і beside "dirA", fullwidth letters, a Greek omicron, "rn" for "m"."""

import pytest
from django.contrib.auth import get_user_model

from enigma_site.skeleton import skeleton
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = "brass-idol-monsoon-77"
LOOKS_TAKEN = "That name looks just like someone else’s here"


def _sign_up(base: str, name: str) -> tuple[int, str]:
    visitor = Visitor(base)
    visitor.get("/accounts/signup/")
    fields = {"username": name, "password1": WORDS, "password2": WORDS}
    return visitor.post("/accounts/signup/", fields)


@pytest.mark.parametrize(
    ("taken", "look_alike"),
    [
        ("dirA", "d\u0456rA"),  # Cyrillic і
        ("dirA", "DIRA"),  # only the case differs
        ("carol", "car\u03bfl"),  # Greek omicron
        ("carol", "\uff43\uff41\uff52\uff4f\uff4c"),  # fullwidth
        ("modem", "rnodem"),
        ("ada", "\u0430da"),  # Cyrillic а
        ("bob", "b0b"),
    ],
)
def test_a_look_alike_of_a_taken_name_is_refused_at_sign_up(asgi_server, taken, look_alike):
    assert _sign_up(asgi_server, taken)[0] == 200
    status, page = _sign_up(asgi_server, look_alike)
    assert status == 400
    assert LOOKS_TAKEN in page or "already exists" in page
    assert get_user_model().objects.filter(username=look_alike).count() == 0


def test_names_that_only_share_letters_are_both_welcome(asgi_server):
    for name in ("dirA", "dora", "Ada", "Adam"):
        assert _sign_up(asgi_server, name)[0] == 200
    assert get_user_model().objects.count() == 4


def test_the_skeleton_folds_what_looks_alike_and_keeps_what_does_not():
    assert skeleton("dirA") == skeleton("d\u0456rA")
    assert skeleton("dirA") != skeleton("dora")
