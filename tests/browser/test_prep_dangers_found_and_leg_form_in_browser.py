"""Director prep, as a newcomer meets it (the evening review: "Dangers can't be prepped", and
the Leg form a narrow column thousands of pixels tall). A folded Leg says how many Dangers it
holds and offers "Add a Danger" a tap away; a Scene or Key Location just added offers its
Dangers next; the forms and the empty outline say where Dangers go. The Leg form uses a
laptop's width and stays one column on a phone."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sessions.models import Adventure, Danger
from tests.browser.conftest import PHONE, log_in, screenshot
from tests.browser.test_prep_outline_folds_in_browser import (
    FOLD,
    LAPTOP,
    _is_open,
    _leg,
    two_legs,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["two_legs"]  # the fixture, shared with the outline's own tests


def _director(new_page, password, viewport=LAPTOP):
    page = new_page(viewport)
    log_in(page, "director", password)
    return page


def test_a_folded_leg_counts_its_dangers_and_adds_one_in_a_tap(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    train = _leg(page, "The Train North")
    assert not _is_open(train)
    expect(train.locator(FOLD)).to_contain_text("3 Scenes · 2 Key Locations · 3 Dangers")
    expect(_leg(page, "A Ticking in the Rain").locator(FOLD)).to_contain_text("3 Dangers")
    screenshot(page, "prep-dangers-folded-laptop")

    # Folded, the Leg still offers a Danger: the Director picks where it goes.
    train.get_by_text("Add a Danger", exact=True).click()
    expect(train.get_by_role("link", name="at The Roof of the Train")).to_be_in_viewport()
    screenshot(page, "prep-dangers-chooser-laptop")
    train.get_by_role("link", name="at The Roof of the Train").click()
    form = page.locator("form.prep-form")
    expect(
        form.get_by_role("heading", name="Add a Danger at The Roof of the Train")
    ).to_be_visible()
    assert _is_open(train), "the Leg stayed folded around the Danger's form"
    expect(form.get_by_label("Name")).to_be_focused()
    form.get_by_label("Name").fill("Baron Veil's hired rifles, soaked to the skin")
    form.get_by_role("button", name="Save", exact=True).click()
    danger = train.locator(
        "li[id^=danger-]", has_text="Baron Veil's hired rifles, soaked to the skin"
    )
    expect(danger).to_contain_text("Hidden from the players")
    expect(train.locator(FOLD)).to_contain_text("4 Dangers")

    # A Scene is a place for a Danger too (an ambush on the road).
    first = _leg(page, "A Ticking in the Rain")
    first.get_by_text("Add a Danger", exact=True).click()
    first.get_by_role("link", name="to the Scene Gears from the sky").click()
    expect(page.get_by_role("heading", name="Add a Danger to Gears from the sky")).to_be_visible()
    assert _is_open(first)


def test_the_chooser_works_on_a_phone(new_page, two_legs, password):
    page = _director(new_page, password, PHONE)
    page.goto(two_legs.get_absolute_url())
    train = _leg(page, "The Train North")
    train.get_by_text("Add a Danger", exact=True).click()
    choice = train.get_by_role("link", name="at The Dining Car")
    expect(choice).to_be_in_viewport()
    screenshot(page, "prep-dangers-chooser-phone")
    choice.click()
    expect(page.get_by_role("heading", name="Add a Danger at The Dining Car")).to_be_visible()


def test_a_new_scene_or_key_location_offers_its_dangers_next(new_page, password):
    director = get_user_model().objects.create_user("director", password=password)
    adventure = Adventure.objects.create(director=director, title="The Clockwork Monsoon")
    page = _director(new_page, password)
    page.goto(adventure.get_absolute_url())
    # The empty outline says where Dangers go.
    expect(page.get_by_text("No Legs yet.")).to_contain_text("Dangers")

    page.get_by_role("link", name="Add a Leg").click()
    page.locator("form.prep-form").get_by_label("Title").fill("A Ticking in the Rain")
    page.get_by_role("button", name="Save", exact=True).click()
    leg = _leg(page, "A Ticking in the Rain")
    expect(leg.get_by_text("No Key Locations yet")).to_contain_text("Dangers")

    leg.get_by_role("link", name="Add a Key Location to A Ticking in the Rain").click()
    form = page.locator("form.prep-form")
    expect(form).to_contain_text("Add a Danger")  # the form says what comes after it
    form.get_by_label("Name").fill("Harbourmaster's Office")
    form.get_by_role("button", name="Save", exact=True).click()
    place = leg.locator("li.prep-item", has_text="Harbourmaster's Office")
    expect(place).to_contain_text("Saved. Next, its Dangers")
    add = place.get_by_role("link", name="Add a Danger at Harbourmaster's Office")
    expect(add).to_be_focused()
    screenshot(page, "prep-dangers-next-laptop")
    add.click()
    page.locator("form.prep-form").get_by_label("Name").fill("Dock rats")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(place.locator("li[id^=danger-]", has_text="Dock rats")).to_be_visible()
    expect(place).not_to_contain_text("Saved. Next")  # the offer is made once
    expect(leg.locator(FOLD)).to_contain_text("1 Danger")

    leg.get_by_role("link", name="Add a Scene to A Ticking in the Rain").click()
    form = page.locator("form.prep-form")
    expect(form).to_contain_text("Add a Danger")
    form.get_by_label("Story beat").fill("Gears from the sky")
    form.get_by_role("button", name="Save", exact=True).click()
    scene = leg.locator("li.prep-item", has_text="Gears from the sky")
    expect(scene).to_contain_text("Saved. Next, its Dangers")
    expect(
        scene.get_by_role("link", name="Add a Danger to the Scene Gears from the sky")
    ).to_be_visible()
    assert Danger.objects.count() == 1


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_leg_form_uses_the_width(new_page, two_legs, password, viewport):
    page = _director(new_page, password, viewport)
    page.goto(two_legs.get_absolute_url())
    name = "laptop" if viewport == LAPTOP else "phone"
    for opener in ("Add a Leg", "Edit Leg The Train North"):
        if opener.startswith("Edit"):
            page.goto(two_legs.get_absolute_url())
            _leg(page, "The Train North").locator(FOLD).click()
        page.get_by_role("link", name=opener).click()
        form = page.locator("form.prep-form")
        expect(form.get_by_label("Cold open")).to_be_visible()
        screenshot(page, f"prep-leg-form-{opener.split()[0].lower()}-{name}")
        box = form.bounding_box()
        # Each field's label (a help text may stand between a label and its box).
        overview = form.get_by_text("Setting overview", exact=True).bounding_box()
        cold_open = form.get_by_text("Cold open", exact=True).bounding_box()
        if viewport == LAPTOP:
            assert box["width"] > 0.8 * page.locator("main").bounding_box()["width"]
            assert box["height"] < 1.4 * LAPTOP["height"], f"the Leg form is {box['height']} px"
            # Side by side: two fields a row.
            assert abs(overview["y"] - cold_open["y"]) < 4
        else:
            assert box["width"] > 0.85 * PHONE["width"]
            assert cold_open["y"] > overview["y"] + overview["height"]  # one column
            field = form.get_by_label("Setting overview").bounding_box()
            assert field["width"] > 0.75 * PHONE["width"]
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]
