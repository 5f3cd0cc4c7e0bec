"""A prep form sent back (a hidden Danger named, a field to fix) stays where the Director was
looking: its warning in sight, the first thing to change focused. It jumped ~750 px down the
page, the warning above the screen, as if saved (a fresh-eyes laptop)."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation, Leg, Scene
from tests.browser.conftest import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _editing_a_scene_far_down(new_page, adventure, password):
    """The Director at a laptop editing the last Scene of a second Leg, far down the outline:
    the page, the Scene's form, the Scene."""
    second = Leg.objects.create(adventure=adventure, title="The Drowned Archive", position=2)
    for n in range(1, 4):
        Scene.objects.create(leg=second, position=n, beat=f"Down the stairs {n}")
    scene = Scene.objects.filter(leg=second).last()
    page = new_page(LAPTOP)
    log_in(page, "director", password)
    page.goto(adventure.get_absolute_url() + f"?open=scene-{scene.pk}#scene-{scene.pk}")
    page.get_by_role("link", name="Edit Scene Down the stairs 3").click()
    return page, page.locator("form.prep-form"), scene


def test_a_refused_scene_save_keeps_its_warning_in_view(new_page, game, password):
    adventure = game["adventure"]
    office = KeyLocation.objects.get(leg__adventure=adventure)
    Danger.objects.create(
        key_location=office, name="The Baron", template="boss", success_threshold=4,
        danger_rating=3,
    )  # fmt: skip
    _page, form, scene = _editing_a_scene_far_down(new_page, adventure, password)
    form.get_by_label("What").fill("The baron waits below")
    form.get_by_role("button", name="Save", exact=True).click()

    warning = form.get_by_role("alert")
    expect(warning).to_contain_text("Not saved yet")
    expect(form.get_by_label("What")).to_be_focused()  # the field that names the Danger
    expect(warning).to_be_in_viewport(ratio=1)
    expect(form.get_by_label("Show it anyway")).to_be_in_viewport(ratio=1)
    scene.refresh_from_db()
    assert scene.framing_what == ""


def test_a_scene_sent_back_to_fix_keeps_its_first_error_in_view(new_page, game, password):
    adventure = game["adventure"]
    _page, form, _scene = _editing_a_scene_far_down(new_page, adventure, password)
    form.get_by_label("Story beat").fill("")
    form.get_by_label("Who").fill("The archivist")
    form.get_by_role("button", name="Save", exact=True).click()

    error = form.get_by_text("Sum up the Scene's story beat.")
    expect(form.get_by_label("Story beat")).to_be_focused()
    expect(form.get_by_role("alert")).to_be_in_viewport(ratio=1)
    expect(error).to_be_in_viewport(ratio=1)
