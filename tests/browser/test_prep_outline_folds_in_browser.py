"""The Director's prep fits the head (issue 35, item 6): each Leg folds, a jump list of Legs
and Scenes at the top opens the Leg of the Scene it jumps to, and an edit inside a Leg keeps
that Leg open and the item where it was. Folded, a two-Leg Adventure of three Scenes each
fits in about two screens of a 1366×768 laptop."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from sessions.models import Adventure, Danger, KeyLocation, Leg, Scene
from tests.browser.conftest import PHONE, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}

LEGS = {
    "A Ticking in the Rain": {
        "Harbourmaster's Office": ["Brass Jack", "Dock rats"],
        "Warehouse Nine": ["The Night Watch"],
        "scenes": ["Gears from the sky", "Questions for the harbourmaster", "Fire in Warehouse Nine"],
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


def test_two_folded_legs_fit_in_about_two_screens(new_page, two_legs, password):
    page = _director(new_page, password)
    page.goto(two_legs.get_absolute_url())
    for title in LEGS:
        expect(_leg(page, title).get_by_role("link", name=f"Add a Scene to {title}")).to_be_hidden()
    screenshot(page, "prep-folded-laptop")
    assert _height(page) <= 2 * LAPTOP["height"], "the folded outline runs past two screens"

    page.get_by_text("The Train North").first.click()  # its fold, opened as a person does
    expect(page.get_by_role("link", name="Add a Scene to The Train North")).to_be_visible()
    screenshot(page, "prep-one-leg-open-laptop")


@pytest.mark.looks
def test_the_outline_folded_and_unfolded_on_a_laptop_and_a_phone(new_page, two_legs, password):
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = _director(new_page, password, viewport)
        page.goto(two_legs.get_absolute_url())
        screenshot(page, f"prep-folded-{name}")
        for title in LEGS:
            _leg(page, title).locator("summary").first.click()
        expect(page.get_by_role("link", name="Add a Scene to The Train North")).to_be_visible()
        screenshot(page, f"prep-unfolded-{name}")
