"""Guessing join codes from one address against the real server: wrong codes are counted per
account and per address in the database, so fresh accounts add nothing, sign-ups from one
address are limited too, and the count outlives the server process (a second process, or the
next one after a restart, sees the same tries)."""

import pytest

from sessions.joincode import (
    ALPHABET,
    SIGNUPS_PER_ADDRESS,
    WRONG_GUESSES,
    WRONG_GUESSES_PER_ADDRESS,
)
from sessions.models import Adventure
from tests.browser.conftest import running_server
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = "brass-idol-monsoon-77"


def _sign_up(base: str, name: str) -> tuple[int, str, Visitor]:
    visitor = Visitor(base)
    visitor.get("/accounts/signup/")
    fields = {"username": name, "password1": WORDS, "password2": WORDS}
    status, page = visitor.post("/accounts/signup/", fields)
    return status, page, visitor


def _wrong(code: str, shift: int) -> str:
    return "".join(ALPHABET[(ALPHABET.index(c) + shift) % len(ALPHABET)] for c in code)


def test_fresh_accounts_from_one_address_share_its_allowance_across_server_processes(
    shared_server_stopped, adventure
):
    adventure = Adventure.objects.get(pk=adventure.pk)
    assert adventure.join_code
    guessers = []
    with running_server("guessing-1") as first:
        for number in range(SIGNUPS_PER_ADDRESS):
            status, _page, visitor = _sign_up(first, f"guesser{number}")
            assert status == 200
            guessers.append(visitor)
        # The next account from the same address waits.
        status, page, _ = _sign_up(first, "one-too-many")
        assert status == 400
        assert "Lots of new accounts have been made from here" in page

        # One account's hourly allowance of wrong codes, then the next account's, and so on:
        # the address runs out after WRONG_GUESSES_PER_ADDRESS, whichever account types them.
        sent = 0
        for visitor in guessers[: WRONG_GUESSES_PER_ADDRESS // WRONG_GUESSES]:
            for _ in range(WRONG_GUESSES):
                sent += 1
                status, _ = visitor.get(f"/join/{_wrong(adventure.join_code, 1 + sent % 29)}/")
                assert status == 404
        assert sent == WRONG_GUESSES_PER_ADDRESS

    # A new server process: the same address is still refused, even the right code, from a
    # fresh account that never typed a code.
    with running_server("guessing-2") as second:
        fresh = guessers[-1]
        fresh.base_url = second
        status, page = fresh.get(f"/join/{adventure.join_code}/")
        assert status == 404
        # The long invite link is no guess: it still opens the table.
        status, page = fresh.get(f"/join/{adventure.invite_code}/")
        assert status == 200
