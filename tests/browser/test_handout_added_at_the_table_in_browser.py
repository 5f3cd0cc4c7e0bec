"""A fresh-eyes defect: a handout could only be added in prep. At the table the Director's
Handouts tools add one for the Scene in play, refused by its field as prep refuses it, and
listed at once with its Reveal button."""

import pytest
from playwright.sync_api import expect

from sessions.models import Handout, Leg, Scene
from tests.browser.conftest import log_in, screenshot, tool_group
from tests.images import picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
SKETCH = "Pillai's sketch of the vault"


def test_the_director_adds_a_handout_during_play_and_reveals_it(new_page, password, game, tmp_path):
    Leg.objects.update(status=Leg.Status.PLAYING)
    Scene.objects.update(status=Scene.Status.PLAYING)
    sketch = tmp_path / "vault.png"
    sketch.write_bytes(picture("PNG", (1200, 800), (60, 60, 60)))
    page = new_page(LAPTOP)
    log_in(page, "director", password)
    page.goto(f"/adventures/{game['adventure'].pk}/table/")
    expect(page.locator("[data-live-status]")).to_have_text("Live")

    tools = tool_group(page, "Handouts")
    tools.get_by_text("Add a handout").click()
    tools.get_by_label("Caption").fill(SKETCH)
    tools.get_by_role("button", name="Add the handout").click()
    expect(tools.get_by_text("Choose a picture to upload.")).to_be_visible()
    assert not Handout.objects.exists()

    tools.get_by_label("Picture").set_input_files(str(sketch))
    tools.get_by_role("button", name="Add the handout").click()
    expect(tools.get_by_text(f"Handout “{SKETCH}” added")).to_be_visible()
    reveal = tools.get_by_role("button", name=f"Reveal {SKETCH}")
    expect(reveal).to_be_visible()
    assert Handout.objects.get().scene == Scene.objects.get()
    screenshot(page, "table-handout-added-1366")

    reveal.click()
    expect(tools.get_by_role("button", name=f"Put away {SKETCH}")).to_be_visible()
