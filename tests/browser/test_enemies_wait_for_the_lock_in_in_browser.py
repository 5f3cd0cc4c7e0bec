"""The enemies' turn waits for the last Gamble to be locked in (a fresh-eyes review: the moment
the last hero rolled, every phone said "The enemies act" and the cockpit "Everyone has acted"
over "Not yet locked in", and "Enemies' turn" went ahead while a Lucky Save could still come).
Between the roll and the lock-in the cockpit (1366x768) says whom it waits for and refuses
the enemies' turn beside its button; the other phone (390x844) says who is still to lock in;
the lock-in redraws both live."""

import pytest
from playwright.sync_api import expect

from sessions.models import TableEvent
from tests.browser.conftest import (
    ARTIFACTS,
    PHONE,
    THREE,
    foes_in_sight,
    gamble_panel,
    seated,
    tumult_against_them_all,
)
from tests.browser.test_tv_stage_in_browser import _moves

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_the_enemies_wait_for_the_last_gamble_to_be_locked_in(
    new_page, asgi_server, playing, password
):
    foes_in_sight(playing["adventure"], *THREE)
    roll, lock, _direct = _moves(asgi_server, playing, password)
    tumult_against_them_all(asgi_server, playing, password)
    cockpit = seated(new_page, LAPTOP, "alice", password, playing["url"])
    sam = seated(new_page, PHONE, "bob", password, playing["url"])
    ada = seated(new_page, PHONE, "carol", password, playing["url"])
    panel = cockpit.locator("#director-tumult-panel")
    waiting = ada.locator(".turn-wait")

    roll(playing["ada"], "Punch the guard")
    lock(playing["ada"])
    roll(playing["sam"], "Leap the gap")
    expect(panel).to_contain_text("Waiting for Sam Okafor to lock in: then over to the enemies.")
    expect(panel).not_to_contain_text("Everyone has acted")
    expect(waiting).to_contain_text("Still to lock in: Sam Okafor. Then the enemies act")
    # Sam sees his own Gamble, to lock in (a Lucky Save may still come), not the enemies.
    expect(gamble_panel(sam, "Sam Okafor").get_by_role("button", name="Lock in")).to_be_visible()
    expect(sam.locator(".turn-wait")).to_have_count(0)

    panel.get_by_role("button", name="Enemies' turn").click()
    refusal = panel.locator(".refusal")
    expect(refusal).to_contain_text(
        "Waiting for Sam Okafor to lock in: the enemies act once every Gamble is locked in."
    )
    assert not TableEvent.objects.filter(kind="enemies_turn").exists()
    cockpit.screenshot(path=ARTIFACTS / "cockpit-waits-for-lock-in-1366x768.png")
    panel.screenshot(path=ARTIFACTS / "cockpit-tumult-waits-for-lock-in.png")
    ada.screenshot(path=ARTIFACTS / "phone-waits-for-lock-in-390x844.png")
    sam.screenshot(path=ARTIFACTS / "phone-own-gamble-open-390x844.png")

    # Sam locks in: live, over to the enemies everywhere.
    lock(playing["sam"])
    expect(panel).to_contain_text("Everyone has acted: over to the enemies!")
    expect(waiting).to_contain_text("The enemies act.")
    expect(sam.locator(".turn-wait")).to_contain_text("The enemies act.")
