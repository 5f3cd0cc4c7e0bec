"""The Director's cockpit at 1366x768 (fresh-eyes defects): a hidden Danger chosen in "Peril
for" reads whole there and stays chosen after its tap; every clue of the crib is laid out
alike; the Scene's Who reads whole."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Scene
from sessions.rules import DangerTemplate
from tests.browser.conftest import screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
HIDDEN_FOE = "Lieutenant Augustus Kray of the Brass Lantern Society"
WHO = "Captain-Reyes/Mister-Pell-the-nervous-clerk/Admiral-the-cat/the-Brass-Jack's-lookout"


def test_peril_from_a_hidden_danger_reads_whole_and_stays_chosen(new_page, playing, password):
    adventure = playing["adventure"]
    foe = dangers.add_danger(adventure, HIDDEN_FOE, DangerTemplate.LIEUTENANT, adventure.director)
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    why = page.get_by_label("Peril for")
    one_line = why.bounding_box()["height"]
    why.select_option(label=f"{HIDDEN_FOE} (hidden)")
    # The whole name shows in the closed drop-down: it wraps rather than being cut, on two
    # lines at most (the name alone, under "From a Danger of this Scene").
    assert why.bounding_box()["height"] > one_line * 1.5
    assert why.bounding_box()["height"] < one_line * 2.5
    screenshot(page, "cockpit-peril-for-hidden-danger")
    page.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(page.get_by_role("region", name="Table log")).to_contain_text(
        "Peril from an unseen enemy"
    )
    # The next tap is from the same Danger, as chosen (the log still won't name it).
    expect(why).to_have_value(f"danger-{foe.pk}")


def test_every_clue_lays_out_alike_and_who_reads_whole(new_page, playing, password):
    scene = playing["adventure"].playing_scene()
    Scene.objects.filter(pk=scene.pk).update(framing_who=WHO)
    scene.leg.clues = "A\nThe ledger's last page is torn out, and the tear is fresh\nOil"
    scene.leg.save()
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    lines = page.locator("#crib-clues .crib-line")
    expect(lines).to_have_count(4)  # the three clues and the set piece
    for line in lines.all():
        words = line.locator(".crib-line-text").bounding_box()
        buttons = line.locator(".crib-line-moves").bounding_box()
        assert buttons["y"] >= words["y"] + words["height"] - 1, line.inner_text()
    who = page.locator(".scene-panel .framing-list dd", has_text="Captain-Reyes")
    panel = page.locator(".scene-panel").bounding_box()
    box = who.bounding_box()
    assert box["x"] + box["width"] <= panel["x"] + panel["width"]
    assert not who.evaluate("el => el.scrollWidth > el.clientWidth + 1")
    screenshot(page, "cockpit-crib-and-who")
