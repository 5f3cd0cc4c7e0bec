"""Tintin making a hero on a phone, the server slow tonight if a test says so: shared by the
tests of the creation page's quick fingers and its Knack warnings."""

from django.contrib.auth import get_user_model

from tests.browser.conftest import PHONE, log_in


def tintin_on_a_phone(in_hand, password: str, path: str = "/characters/new/", size=PHONE):
    """A new player, Tintin, logged in on a phone (``size``) at the creation page (``path``)."""
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(size)
    log_in(phone, "tintin", password)
    phone.goto(path)
    return phone


def hold_posts(page):
    """Hold every post to the creation page until release(): the server is slow tonight.
    The posts held so far, and release()."""
    held = []
    holding = [True]

    def handle(route):
        if route.request.method == "POST" and holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route("**/characters/new/", handle)

    def release():
        holding[0] = False
        while held:
            held.pop(0).continue_()

    return held, release


def wait_until_held(page, held: list) -> None:
    """Until a post (the archetype's, say) is on its way and held."""
    for _ in range(200):  # each round trip lets the held post reach the route
        if held:
            break
        page.evaluate("1")
    assert held, "the archetype's post is on its way"
