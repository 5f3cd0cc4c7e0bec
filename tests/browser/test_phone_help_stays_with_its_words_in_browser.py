"""Held in the hand, a Gamble reads tidily (a fresh-eyes phone, item 5): a "?" for a rule is
never alone on a line ("Knockouts 0/4" then "?" under it; under the Catchphrase re-roll), and
the "Relevant Equipment (+1d6 each)" legend sits on the fieldset's border, whole, the border
unbroken. At 390x844 and 360x740."""

import pytest
from playwright.sync_api import expect

from characters.models import Character, Equipment
from tests.browser.conftest import ARTIFACTS, gamble_panel, seated, try_and_roll

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
PHONE_IDS = ["390x844", "360x740"]

# Each "?" in the panel with the words before it on its line: the "?" is not the first thing
# on its line (something drawn ends left of it, on the same line).
HELP_ALONE = """panel => [...panel.querySelectorAll('.rule-help')]
  .filter(help => help.getClientRects().length)
  .filter(help => {
    const box = help.firstElementChild.getBoundingClientRect();
    const line = box.top + box.height / 2;
    const before = document.createRange();
    before.setStart(help.closest('p, form, div'), 0);
    before.setEndBefore(help);
    return ![...before.getClientRects()].some(r =>
      r.width > 1 && r.right <= box.left + 1 && r.top <= line && r.bottom >= line);
  })
  .map(help => help.getAttribute('href'))"""


@pytest.mark.parametrize("viewport", PHONES, ids=PHONE_IDS)
def test_a_rules_help_keeps_to_its_words(in_hand, playing, password, viewport):
    size = f"{viewport['width']}x{viewport['height']}"
    for text in ("Grappling hook and a coil of rope", "A brass lantern"):
        Equipment.objects.create(character=playing["sam"], text=text)
    catchphrase = "By the brass bells of Tock & Daughters!"
    Character.objects.filter(pk=playing["sam"].pk).update(catchphrase=catchphrase)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_text("Knockouts 0/4")).to_be_visible()
    equipment = panel.get_by_role("group", name="Relevant Equipment (+1d6 each)")
    equipment.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"phone-help-with-words-{size}.png")
    assert panel.evaluate(HELP_ALONE) == []
    # The legend inside the fieldset's border, which goes round it unbroken.
    legend = equipment.locator("legend")
    box, field = legend.bounding_box(), equipment.bounding_box()
    assert box["y"] >= field["y"] + 2, (box, field)
    assert box["x"] + box["width"] <= field["x"] + field["width"] - 2, (box, field)

    panel.get_by_label("What are you attempting?").fill("Kick the door in")
    try_and_roll(panel, tap=True)
    reroll = panel.get_by_role("button", name="Catchphrase re-roll")
    expect(reroll).to_be_visible(timeout=20_000)
    reroll.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"phone-help-with-catchphrase-{size}.png")
    assert panel.evaluate(HELP_ALONE) == []
