"""Prepping a Key Location's four Dangers took the fresh-eyes Director a dozen page loads: a
Danger saved, the outline back, "Add a Danger" found again. "Save and add another …" saves
it into the outline and opens a fresh form for the same place, its first field ready to type:
for a Leg, a Leg's Scenes and Key Locations, and the Dangers of a place or a Scene alike. A
form with something to fix says so in place; on a page of its own (no htmx, no JavaScript)
the page comes back empty, saying what was saved."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, KeyLocation, Leg, Scene
from tests.browser.conftest import ARTIFACTS, screenshot
from tests.browser.test_prep_dangers_found_and_leg_form_in_browser import _director
from tests.browser.test_prep_outline_folds_in_browser import FOLD, LAPTOP, _leg, two_legs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["two_legs"]

PLACE = "The Roof of the Train"
ADDING = f"Add a Danger at {PLACE}"
TRAIN = "The Train North"
PHONE = {"width": 360, "height": 780}
VIEWPORTS = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])


def _open_form(page):
    train = _leg(page, TRAIN)
    train.get_by_text("Add a Danger", exact=True).click()
    train.get_by_role("link", name=f"at {PLACE}").click()
    return train


@VIEWPORTS
def test_save_and_add_another_danger_opens_a_fresh_form_for_the_same_place(
    new_page, two_legs, password, viewport
):
    page = _director(new_page, password, viewport)
    page.goto(two_legs.get_absolute_url())
    train = _open_form(page)
    for name in ("Baron Veil's hired rifles", "A brakeman with a grudge"):
        form = page.locator("form.prep-form")
        expect(form.get_by_role("heading", name=ADDING)).to_be_visible()
        expect(form.get_by_label("Name")).to_be_focused()
        expect(form.get_by_label("Name")).to_have_value("")
        form.get_by_label("Name").fill(name)
        form.get_by_role("button", name="Save and add another Danger").click()
        expect(train.locator("li[id^=danger-]", has_text=name)).to_be_visible()
    form = page.locator("form.prep-form")
    expect(form.get_by_role("heading", name=ADDING)).to_be_in_viewport()
    screenshot(page, f"prep-save-and-add-another-{viewport['width']}")
    form.get_by_label("Name").fill("The engine's fireman")
    form.get_by_role("button", name="Save", exact=True).click()
    expect(train.locator("li[id^=danger-]", has_text="The engine's fireman")).to_be_visible()
    expect(page.locator("form.prep-form")).to_have_count(0)
    roof = Danger.objects.filter(key_location__name=PLACE)
    assert {"Baron Veil's hired rifles", "A brakeman with a grudge", "The engine's fireman"} <= set(
        roof.values_list("name", flat=True)
    )


# Each kind the outline adds one after another: how its form is opened, its heading, its first
# field, and where what is saved shows.
KINDS = {
    "Scene": (
        f"Add a Scene to {TRAIN}",
        "Story beat",
        "li.prep-item[id^=scene-]",
        ("The dining car goes dark", "Smoke in the tunnel", "A body in the mail van"),
    ),
    "Key Location": (
        f"Add a Key Location to {TRAIN}",
        "Name",
        "li.prep-item[id^=location-]",
        ("The Mail Van", "The Engine Cab", "The Guard's Van"),
    ),
    "Danger": (
        "Add a Danger to the Scene A murder at dinner",
        "Name",
        "li[id^=danger-]",
        ("A poisoner at the captain's table", "The sommelier's stiletto", "Spilled lamp oil"),
    ),
    "Leg": (
        "Add a Leg",
        "Title",
        "article.leg",
        ("The Sunken Exchange", "Storm over Kochi", "The Auction at Sea"),
    ),
}


def _saved(kind: str, leg: Leg) -> list[str]:
    return {
        "Scene": lambda: [scene.beat for scene in leg.scenes.all()],
        "Key Location": lambda: [place.name for place in leg.key_locations.all()],
        "Danger": lambda: list(
            Danger.objects.filter(scene__beat="A murder at dinner").values_list("name", flat=True)
        ),
        "Leg": lambda: [each.title for each in leg.adventure.legs.all()],
    }[kind]()


@pytest.mark.parametrize("kind", KINDS)
@VIEWPORTS
def test_save_and_add_another_opens_a_fresh_empty_form_of_each_kind(
    new_page, two_legs, password, viewport, kind
):
    opener, first_field, items, (first, second, last) = KINDS[kind]
    button = f"Save and add another {kind}"
    page = _director(new_page, password, viewport)
    page.goto(two_legs.get_absolute_url())
    if kind != "Leg":
        _leg(page, TRAIN).locator(FOLD).click()
    page.get_by_role("link", name=opener).click()
    form = page.locator("form.prep-form")
    heading = form.get_by_role("heading", level=2)
    expect(heading).to_be_visible()
    title = heading.inner_text()
    # The form opened in place is ready to type (a fresh-eyes laptop had to click into it).
    expect(form.get_by_label(first_field)).to_be_focused()
    form.get_by_label(first_field).fill(first)
    form.get_by_role("button", name=button).click()

    # Saved in the outline, and a fresh form in the same place: empty, ready to type, saying
    # what was saved (the outline it went into may be out of sight above).
    expect(page.locator(items, has_text=first)).to_be_visible()
    form = page.locator("form.prep-form")
    expect(form.get_by_role("heading", name=title, exact=True)).to_be_in_viewport()
    expect(form.get_by_role("status")).to_have_text(
        f"“{first}” is saved. Here's a fresh form for the next {kind}."
    )
    expect(form.get_by_role("status")).to_be_in_viewport()
    expect(form.get_by_label(first_field)).to_be_focused()
    expect(form.get_by_label(first_field)).to_have_value("")
    # What the Director sees: the item saved and the fresh form in the same view.
    shot = f"prep-add-another-{kind.lower().replace(' ', '-')}-{viewport['width']}.png"
    page.screenshot(path=ARTIFACTS / shot)

    # Nothing typed: the same form says so, in place, and keeps its second button.
    form.get_by_role("button", name=button).click()
    expect(form.get_by_role("alert")).to_contain_text("Some of this needs fixing")
    expect(form.get_by_label(first_field)).to_be_focused()
    expect(form.get_by_role("button", name=button)).to_be_visible()

    form.get_by_label(first_field).fill(second)
    form.get_by_role("button", name=button).click()
    expect(page.locator(items, has_text=second)).to_be_visible()
    form = page.locator("form.prep-form")
    expect(form.get_by_label(first_field)).to_be_focused()
    expect(form.get_by_label(first_field)).to_have_value("")
    form.get_by_label(first_field).fill(last)
    form.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(items, has_text=last)).to_be_visible()
    expect(page.locator("form.prep-form")).to_have_count(0)
    leg = Leg.objects.get(title=TRAIN)
    assert {first, second, last} <= set(_saved(kind, leg))


def test_an_edit_has_no_add_another(new_page, two_legs, password):
    page = _director(new_page, password)
    danger = Danger.objects.filter(key_location__name=PLACE).first()
    location = danger.key_location
    page.goto(f"/adventures/{two_legs.pk}/locations/{location.pk}/dangers/{danger.pk}/edit/")
    form = page.locator("form.prep-form")
    expect(form.get_by_role("button", name="Save", exact=True)).to_be_visible()
    expect(form.get_by_role("button", name="Save and add another Danger")).to_have_count(0)
    page.goto(two_legs.get_absolute_url())
    page.get_by_role("link", name=f"Edit Leg {TRAIN}").first.click()
    form = page.locator("form.prep-form")
    expect(form.get_by_role("button", name="Save", exact=True)).to_be_visible()
    expect(form.get_by_role("button", name="Save and add another Leg")).to_have_count(0)


@VIEWPORTS
def test_without_javascript_a_page_of_its_own_comes_back_empty_for_the_next(
    browser, asgi_server, two_legs, password, viewport
):
    context = browser.new_context(
        base_url=asgi_server, viewport=viewport, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill("director")
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        leg = Leg.objects.get(title=TRAIN)
        page.goto(f"/adventures/{two_legs.pk}/legs/{leg.pk}/scenes/new/")
        beat = page.get_by_label("Story beat")
        expect(beat).to_be_focused()
        beat.fill("The dining car goes dark")
        page.get_by_role("button", name="Save and add another Scene").click()
        expect(page.get_by_role("status")).to_contain_text("“The dining car goes dark” is saved")
        expect(page.get_by_role("heading", name=f"Add a Scene to {TRAIN}", level=1)).to_be_visible()
        expect(beat).to_have_value("")
        expect(beat).to_be_focused()
        page.screenshot(path=ARTIFACTS / f"prep-add-another-no-js-{viewport['width']}.png")
        # Nothing typed: said on the same page, its second button still there.
        page.get_by_role("button", name="Save and add another Scene").click()
        expect(page.get_by_role("alert")).to_contain_text("Some of this needs fixing")
        beat.fill("Smoke in the tunnel")
        page.get_by_role("button", name="Save", exact=True).click()
        # Plain Save goes back to the outline, at the Scene saved.
        expect(page.locator("li.prep-item", has_text="Smoke in the tunnel")).to_be_in_viewport()
        assert {"The dining car goes dark", "Smoke in the tunnel"} <= set(
            Scene.objects.filter(leg=leg).values_list("beat", flat=True)
        )
        assert not KeyLocation.objects.filter(name="").exists()
    finally:
        context.close()


def test_typing_at_once_after_save_and_add_another_lands_in_the_fresh_form(
    new_page, two_legs, password
):
    """A fresh-eyes Director typed the next Danger's name straight after "Save and add another
    Danger": it went into the form being saved, which the fresh one then replaced, and Save
    posted an empty form ("Name the Danger."). While the form is on its way its fields are
    shut: what is typed goes into the fresh form."""
    page = _director(new_page, password, LAPTOP)
    page.goto(two_legs.get_absolute_url())
    train = _open_form(page)
    form = page.locator("form.prep-form")
    form.get_by_label("Name").fill("Baron Veil's hired rifles")
    form.get_by_role("button", name="Save and add another Danger").click()
    # Typed at once, as a quick hand would, before the fresh form has come.
    page.locator("form.prep-form").get_by_label("Name").fill("A brakeman with a grudge")
    fresh = page.locator("form.prep-form")
    expect(fresh.get_by_role("heading", name=ADDING)).to_be_visible()
    expect(fresh.get_by_label("Name")).to_have_value("A brakeman with a grudge")
    fresh.get_by_role("button", name="Save", exact=True).click()
    expect(train.locator("li[id^=danger-]", has_text="A brakeman with a grudge")).to_be_visible()
    expect(page.locator("form.prep-form")).to_have_count(0)
    names = set(Danger.objects.filter(key_location__name=PLACE).values_list("name", flat=True))
    assert {"Baron Veil's hired rifles", "A brakeman with a grudge"} <= names
