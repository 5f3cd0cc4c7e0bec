"""The Director's prep fits the head (issue 35, item 6): each Leg folds, a jump list of Legs
and Scenes at the top opens the Leg of the Scene it jumps to, and an edit inside a Leg keeps
that Leg open and the item where it was. Folded, a two-Leg Adventure of three Scenes each
fits in about two screens of a 1366×768 laptop."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sessions.models import Adventure, Danger, KeyLocation, Leg, Scene
from tests.browser.conftest import ARTIFACTS, PHONE, log_in, screenshot
from tests.browser.test_accessibility_in_browser import axe_violations, describe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
FOLD = "details.leg-fold > summary"  # a Leg's heading, a tap to fold or open it

LEGS = {
    "A Ticking in the Rain": {
        "Harbourmaster's Office": ["Brass Jack", "Dock rats"],
        "Warehouse Nine": ["The Night Watch"],
        "scenes": [
            "Gears from the sky",
            "Questions for the harbourmaster",
            "Fire in Warehouse Nine",
        ],
    },
    "The Train North": {
        "The Dining Car": ["Baron Veil's valet"],
        "The Roof of the Train": ["Clockwork owls", "The wind"],
        "scenes": ["A murder at dinner", "Chase over the carriages", "The bridge is out"],
    },
}


@pytest.fixture
def two_legs(password):
    """A Director's Adventure of two Legs, three Scenes each, two Key Locations with Dangers
    each, a villain and a plan: prepped in full, not started."""
    director = get_user_model().objects.create_user("director", password=password)
    adventure = Adventure.objects.create(
        director=director,
        title="The Clockwork Monsoon",
        pitch="Ships vanish under clear skies over Kochi. Somebody is selling the weather.",
        villain="Baron Veil, weather broker",
        master_plan="Sell monsoons to the highest bidder, then drown the rest.",
        plan_components=["Stolen gears", "The rain engine", "The auction at sea"],
    )
    for position, (title, prep) in enumerate(LEGS.items(), start=1):
        leg = Leg.objects.create(
            adventure=adventure,
            position=position,
            title=title,
            cold_open=f"The Cast is thrown into {title.lower()}.",
            final_showdown="On the roof, in the rain, with the Baron's men.",
            clues="A gear stamped with the Baron's crest.",
        )
        places = []
        for place_no, (name, dangers) in enumerate(
            (k, v) for k, v in prep.items() if k != "scenes"
        ):
            place = KeyLocation.objects.create(
                leg=leg,
                position=place_no,
                name=name,
                public_description=f"{name}: loud, wet and full of people who saw nothing.",
                wide_shot_opening="Rain hammers a tin roof.",
                clues="A ledger with a missing page.",
            )
            places.append(place)
            for danger in dangers:
                Danger.objects.create(key_location=place, name=danger, template="lieutenant")
        for scene_no, beat in enumerate(prep["scenes"], start=1):
            Scene.objects.create(
                leg=leg,
                position=scene_no,
                beat=beat,
                key_location=places[scene_no % 2],
                framing_where="On the quay",
                framing_what="Something ticks",
            )
    return adventure


def _director(new_page, password, viewport=LAPTOP):
    page = new_page(viewport)
    log_in(page, "director", password)
    return page


def _leg(page, title):
    return page.locator("article.leg").filter(has=page.get_by_role("heading", name=title))


def _height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def _is_open(leg) -> bool:
    return leg.locator("details.leg-fold").evaluate("d => d.open")


def _top(locator) -> float:
    return locator.evaluate("e => e.getBoundingClientRect().top")


def test_two_folded_legs_fit_in_about_two_screens(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    for title in LEGS:
        leg = _leg(page, title)
        assert not _is_open(leg), f"{title} should come folded"
        expect(leg.locator(FOLD)).to_contain_text("3 Scenes · 2 Key Locations")
    expect(page.locator("li.prep-item strong", has_text="Gears from the sky")).to_be_hidden()
    screenshot(page, "prep-folded-laptop")
    height = _height(page)
    assert height <= 2 * LAPTOP["height"], f"the folded outline is {height} px: over two screens"

    _leg(page, "The Train North").locator(FOLD).click()  # opened as a person does
    expect(page.get_by_role("link", name="Add a Scene to The Train North")).to_be_visible()
    assert not _is_open(_leg(page, "A Ticking in the Rain"))


def test_the_jump_list_opens_the_leg_of_the_scene_it_jumps_to(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    jump = page.get_by_role("navigation", name="Jump to")
    scene = Scene.objects.get(beat="Chase over the carriages")

    jump.get_by_role("link", name="Chase over the carriages").click()
    expect(page).to_have_url(f"{page.url.split('#')[0]}#scene-{scene.pk}")
    item = page.locator(f"#scene-{scene.pk}")
    expect(item).to_be_visible()
    expect(item).to_be_in_viewport()
    assert _is_open(_leg(page, "The Train North"))
    assert not _is_open(_leg(page, "A Ticking in the Rain"))

    # A Leg's own link opens that Leg.
    jump.get_by_role("link", name="Leg 1 A Ticking in the Rain").click()
    expect(page.get_by_role("link", name="Add a Scene to A Ticking in the Rain")).to_be_visible()
    expect(_leg(page, "A Ticking in the Rain").locator(FOLD)).to_be_in_viewport()


def test_an_edit_inside_a_leg_keeps_it_open_and_in_place(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    second = _leg(page, "The Train North")
    second.locator(FOLD).click()
    place = KeyLocation.objects.get(name="The Dining Car")
    page.locator(f"#location-more-{place.pk} > summary").click()  # a fold inside the Leg

    second.get_by_role("link", name="Edit Scene Chase over the carriages").click()
    form = page.locator("form.prep-form")
    form.get_by_label("Story beat").fill("Chase over the roofs")
    form.scroll_into_view_if_needed()
    form_top = _top(form)
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    form.get_by_role("button", name="Save", exact=True).click()

    item = page.locator("li.prep-item", has_text="Chase over the roofs")
    expect(item).to_be_visible()
    expect(form).to_have_count(0)
    assert _is_open(_leg(page, "The Train North")), "the Leg edited folded again"
    assert not _is_open(_leg(page, "A Ticking in the Rain"))
    assert page.locator(f"#location-more-{place.pk}").evaluate("d => d.open")
    expect(item).to_be_in_viewport()
    # Where its form began (a form scrolled flush to the top comes back 8 px under it).
    wanted = max(form_top, 8)
    assert abs(_top(item) - wanted) < 4, "the Scene saved is not where its form was"
    assert page.evaluate("window.scrollY") > 0, "the page jumped to the top"

    # A Leg the Director folds stays folded when something else is saved.
    first = _leg(page, "A Ticking in the Rain")
    first.locator(FOLD).click()
    first.locator(FOLD).click()
    second.get_by_role("button", name="Move Chase over the roofs down").click()
    scenes = second.locator("ol.scenes > li strong")
    expect(scenes).to_have_text(["A murder at dinner", "The bridge is out", "Chase over the roofs"])
    assert not _is_open(first)
    assert _is_open(second)
    expect(second.get_by_role("button", name="Move Chase over the roofs up")).to_be_focused()
    expect(second.get_by_role("button", name="Move Chase over the roofs up")).to_be_in_viewport()

    # The Leg's own Edit form stands in for the whole Leg; Cancel brings it back open.
    second.get_by_role("link", name="Edit Leg The Train North").click()
    page.locator("form.prep-form").get_by_role("link", name="Cancel").click()
    expect(page.locator("form.prep-form")).to_have_count(0)
    expect(second.get_by_role("link", name="Add a Scene to The Train North")).to_be_visible()
    assert not _is_open(first)


def test_a_folded_leg_is_moved_edited_and_deleted_without_opening_it(new_page, two_legs, password):
    """A folded Leg's heading offers the Leg's own tools, as the open one does (fresh-eyes
    review: folded, its Delete was hidden): move it, edit it and delete it, with the same
    "There is no undo" question, and the Leg stays folded until it goes."""
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    first, second = _leg(page, "A Ticking in the Rain"), _leg(page, "The Train North")
    delete = second.get_by_role("link", name="Delete The Train North")
    expect(delete).to_be_visible()
    expect(delete).to_be_in_viewport()
    assert not _is_open(second)
    page.screenshot(path=ARTIFACTS / "prep-folded-leg-tools-laptop.png")

    second.get_by_role("button", name="Move The Train North up").click()
    expect(page.locator("article.leg h2")).to_have_text(
        ["Leg 1 The Train North", "Leg 2 A Ticking in the Rain"]
    )
    assert not _is_open(second)
    assert not _is_open(first)
    # Moved to the top, its "up" is greyed out: the focus is on its "down".
    expect(second.get_by_role("button", name="Move The Train North down")).to_be_focused()

    second.get_by_role("link", name="Edit Leg The Train North").click()
    page.locator("form.prep-form").get_by_role("link", name="Cancel").click()
    expect(page.locator("form.prep-form")).to_have_count(0)
    assert not _is_open(second)

    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    second.get_by_role("link", name="Delete The Train North").click()
    expect(second).to_have_count(1)  # kept: the Director said no
    assert asked == ["Delete “The Train North”? There is no undo."]
    page.once("dialog", lambda dialog: dialog.accept())
    second.get_by_role("link", name="Delete The Train North").click()
    expect(second).to_have_count(0)
    assert not Leg.objects.filter(title="The Train North").exists()
    assert not _is_open(first)
    first.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "prep-folded-leg-deleted-laptop.png")


def test_without_javascript_the_legs_still_fold_and_open(browser, asgi_server, two_legs, password):
    context = browser.new_context(base_url=asgi_server, viewport=LAPTOP, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill("director")
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.goto(two_legs.get_absolute_url())
        leg = _leg(page, "The Train North")
        assert not _is_open(leg)
        # The browser itself opens a fold that a link jumps into.
        jump = page.get_by_role("navigation", name="Jump to")
        jump.get_by_role("link", name="Fire in Warehouse Nine").click()
        expect(page.locator("li.prep-item", has_text="Fire in Warehouse Nine")).to_be_in_viewport()
        assert _is_open(_leg(page, "A Ticking in the Rain"))
        leg.locator(FOLD).click()
        expect(page.get_by_role("link", name="Add a Scene to The Train North")).to_be_visible()

        # Saving a Scene from its own page comes back with its Leg open, at the Scene.
        page.get_by_role("link", name="Edit Scene A murder at dinner").click()
        page.get_by_label("Story beat").fill("A murder at breakfast")
        page.get_by_role("button", name="Save", exact=True).click()
        scene = Scene.objects.get(beat="A murder at breakfast")
        expect(page).to_have_url(re.compile(rf"\?open=scene-{scene.pk}#scene-{scene.pk}$"))
        expect(
            page.locator("li.prep-item strong", has_text="A murder at breakfast")
        ).to_be_visible()
        assert _is_open(_leg(page, "The Train North"))
        assert not _is_open(_leg(page, "A Ticking in the Rain"))  # as the server draws it
    finally:
        context.close()


@pytest.mark.looks
def test_the_outline_folded_and_unfolded_on_a_laptop_and_a_phone(new_page, two_legs, password):
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = _director(new_page, password, viewport)
        page.goto(two_legs.get_absolute_url())
        screenshot(page, f"prep-folded-{name}")
        assert axe_violations(page) == [], describe(axe_violations(page))
        for title in LEGS:
            _leg(page, title).locator(FOLD).click()
        expect(page.get_by_role("link", name="Add a Scene to The Train North")).to_be_visible()
        screenshot(page, f"prep-unfolded-{name}")
        assert axe_violations(page) == [], describe(axe_violations(page))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the outline is {width} px wide on a {name}"
        # And as the eye sees it: the top of the page, then the second Leg's Scenes.
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=ARTIFACTS / f"prep-top-{name}.png")
        _leg(page, "The Train North").scroll_into_view_if_needed()
        page.evaluate("document.querySelector('article.leg:nth-of-type(2)').scrollIntoView()")
        page.screenshot(path=ARTIFACTS / f"prep-second-leg-{name}.png")
