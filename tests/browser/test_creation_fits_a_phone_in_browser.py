"""A player with a phone in one hand makes a hero in a few minutes: the creation page, before an
archetype is chosen, is about three screens tall, not ten (each archetype a name and a line, the
rest of it in a fold the player opens by touch or by keyboard)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from characters.archetypes import ARCHETYPES
from tests.browser.conftest import HAND_IDS, HAND_SIZES, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# px at 390x844: the page had grown to 3,880; it is 2,714 with each Knack and Equipment label
# over its box, the box the panel's whole width (beside it, the box was half the width); about
# 2,760 with the hero's name a row of its own (beside Pronouns, a long name was cut as typed).
THREE_SCREENS = 2775


def _height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


def test_the_creation_page_is_about_three_phone_screens(in_hand, password):
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(HAND_SIZES[0])
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/")
    expect(phone.get_by_role("heading", name="Create a character")).to_be_visible()
    for archetype in ARCHETYPES.values():
        expect(phone.get_by_role("radio", name=archetype.name)).to_be_visible()
        expect(phone.get_by_text(archetype.pitch, exact=True)).to_be_visible()
    height = _height(phone)
    screenshot(phone, "creation-phone-folded")
    assert height <= THREE_SCREENS, f"the creation page is {height} px tall on a phone"


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_an_archetypes_fold_opens_by_touch_and_by_keyboard(in_hand, password, viewport):
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(viewport)
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/")
    operator, explorer = ARCHETYPES["operator"], ARCHETYPES["explorer"]

    # By touch: "More" opens the Operator's whole summary, who they bring to mind, their drives.
    expect(phone.get_by_text(operator.summary)).to_be_hidden()
    phone.get_by_text(f"More about {operator.name}").tap()
    expect(phone.get_by_text(operator.summary)).to_be_visible()
    expect(phone.get_by_text(operator.drives[0].name)).to_be_visible()
    expect(phone.get_by_text(operator.examples[0])).to_be_visible()
    # The radio is still the Operator's, said with the whole summary.
    radio = phone.get_by_role("radio", name=operator.name)
    expect(radio).not_to_be_checked()
    expect(radio).to_have_accessible_description(operator.summary)

    # By keyboard: from the Explorer's radio, Tab reaches its "More" and Enter opens it.
    phone.get_by_role("radio", name=explorer.name).focus()
    phone.keyboard.press("Tab")
    expect(phone.locator(":focus")).to_have_text(f"More about {explorer.name}")
    phone.keyboard.press("Enter")
    expect(phone.get_by_text(explorer.summary)).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(phone, f"creation-fold-open-{viewport['width']}")

    # Chosen, the Operator's tables come, to pick or roll on.
    radio.check()
    expect(phone.get_by_role("heading", name=operator.name)).to_be_visible()
    expect(phone.get_by_role("button", name=operator.drives[0].name)).to_be_visible()
    expect(phone.get_by_role("button", name="Roll a drive (1d6)")).to_be_visible()


def test_the_story_fold_opens_and_stays_open_through_a_roll(in_hand, password):
    get_user_model().objects.create_user("tintin", password=password)
    phone = in_hand(HAND_SIZES[1])
    log_in(phone, "tintin", password)
    phone.goto("/characters/new/")
    biography = phone.get_by_label("Biography")
    expect(biography).to_be_hidden()
    # Before an archetype, there is nothing to roll on: the page says so rather than refusing.
    expect(phone.get_by_role("button", name="Roll a drive (1d6)")).to_have_count(0)
    expect(phone.get_by_text("Choose an archetype to roll on its drive table.")).to_be_visible()

    # By keyboard: Tab from the Profession reaches the fold, Enter opens it.
    phone.get_by_label("Profession").focus()
    phone.keyboard.press("Tab")
    expect(phone.locator(":focus")).to_have_text("Biography and appearance (if you like)")
    phone.keyboard.press("Enter")
    expect(biography).to_be_visible()
    phone.get_by_role("radio", name="The Brawler").check()
    expect(phone.get_by_role("heading", name="The Brawler")).to_be_visible()
    phone.get_by_role("button", name="Roll a drive (1d6)").tap()
    expect(phone.get_by_text("Drive roll (1d6):")).to_be_visible()
    expect(biography).to_be_visible()
    biography.fill("Born at sea.")
    phone.get_by_label("Name").fill("Dot Marlow")
    phone.get_by_role("button", name="Create character").tap()
    expect(phone.get_by_role("heading", level=1, name="Dot Marlow")).to_be_visible()
    expect(phone.get_by_text("Born at sea.")).to_be_visible()
