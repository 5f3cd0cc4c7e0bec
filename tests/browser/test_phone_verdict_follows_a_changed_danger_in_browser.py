"""A hero's own last verdict on their phone ("Sam puts Dock thugs out of the picture!") follows
the Director's change of that Danger: its Success Threshold raised, the enemy back in the
picture, the phone says so under the verdict rather than go on telling what is no longer true
(a fresh-eyes evening, at 390x844)."""

import pytest
from playwright.sync_api import expect

from sessions.rules import DangerTemplate
from tests.browser.conftest import foes_in_sight, gamble_panel, screenshot, seated, try_and_roll
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_the_verdict_says_the_enemy_is_back(in_hand, asgi_server, playing, password, load_dice):
    adventure, sam = playing["adventure"], playing["sam"]
    (thugs,) = foes_in_sight(adventure, ("Dock thugs", DangerTemplate.MINION))
    phone = seated(in_hand, PHONE, "bob", password, playing["url"])
    panel = gamble_panel(phone, sam.name)
    panel.get_by_label("Aimed at an enemy?").select_option(label="Dock thugs")
    load_dice(5)
    try_and_roll(panel, tap=True)
    panel.get_by_role("button", name="Lock in").tap()
    verdict = panel.locator(".just-locked")
    expect(verdict).to_contain_text(f"{sam.name} puts Dock thugs out of the picture!")
    expect(verdict).not_to_contain_text("Since then")

    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    raised = {"danger": thugs.pk, "name": "Dock thugs", "success_threshold": 3, "danger_rating": 1}
    assert director.post(playing["url"] + "dangers/change/", raised)[0] == 200
    expect(verdict).to_contain_text(
        "Since then the Director changed Dock thugs: still in the picture, 1 of 3 successes."
    )
    screenshot(phone, "phone-verdict-danger-changed")
    # Lowered again: out of the picture after all, and the phone says that.
    lowered = raised | {"success_threshold": 1}
    assert director.post(playing["url"] + "dangers/change/", lowered)[0] == 200
    back_out = "Since then the Director changed Dock thugs: out of the picture."
    expect(verdict).to_contain_text(back_out)
