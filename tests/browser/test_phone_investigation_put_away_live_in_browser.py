"""The investigator's note goes live (phone14): Sam's phone says what his Investigation found
till the table's next Gamble is locked in, anyone's; once Ada's is, Sam's phone puts the note
away there and then, as a reload would (the lock-in redrew only Ada's panel: Sam's kept the
note till he reloaded)."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    HAND_IDS,
    HAND_SIZES,
    gamble_panel,
    seated,
    try_and_roll,
)
from tests.browser.test_phone_investigation_result_in_browser import sam_investigates

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_the_note_goes_live_when_another_heros_gamble_is_locked_in(
    in_hand, asgi_server, playing, password, load_dice, viewport
):
    bob, _director, note = sam_investigates(
        in_hand, asgi_server, playing, password, load_dice, viewport
    )
    carol = seated(in_hand, viewport, "carol", password, playing["url"])
    expect(note).to_contain_text("rolled 4, you learn a solid lead")
    sams = gamble_panel(bob, "Sam Okafor")

    # Ada's turn: her Gamble rolled, the note still up on Sam's phone…
    adas = gamble_panel(carol, "Ada")
    load_dice(5, 6)
    try_and_roll(adas, tap=True)
    expect(adas.get_by_role("button", name="Lock in")).to_be_visible()
    expect(note).to_contain_text("rolled 4, you learn a solid lead")
    # …and locked in: the table moved on, and Sam's phone puts the note away, no reload.
    adas.get_by_role("button", name="Lock in").tap()
    expect(adas.get_by_role("button", name="Lock in")).to_have_count(0)
    expect(sams.get_by_text("You investigated")).to_have_count(0)
    # Sam's Gamble form is there as before, to build his next Gamble.
    expect(sams.get_by_label("What are you attempting?")).to_be_visible()
