"""Bringing a hidden Danger into a Tumult (a fresh-eyes defect: it could be put in without a
word of what happens to it). The Director's button, "Bring The Lurker in", says before it
joins that the hidden one fights unseen, and a note beside it says what that means; once in, a
player's phone still never names it. At a laptop and on a phone, with screenshots."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, PHONE, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1366x768", "390x844"])
def test_the_director_is_told_a_hidden_foe_fights_unseen(
    new_page, asgi_server, playing, password, viewport
):
    adventure = playing["adventure"]
    Danger.objects.all().delete()
    dangers.add_danger(adventure, "Brass Jack", DangerTemplate.LIEUTENANT, None, revealed=True)
    dangers.add_danger(adventure, "The Lurker", DangerTemplate.VILLAIN, None)
    jack = Danger.objects.get(name="Brass Jack")
    director = Visitor(asgi_server, adventure.director, password)
    start = {"foes-offered": "1", "foe": str(jack.pk)}
    assert director.post(playing["url"] + "tumult/start/", start)[0] == 200
    bob = seated(new_page, PHONE, "bob", password, playing["url"])
    page = seated(new_page, viewport, "alice", password, playing["url"])

    panel = page.locator("#director-tumult-panel")
    choice = panel.get_by_role("form", name="Another Danger joins the fight")
    # A plain button, not a radio drawn chosen beside "Join the Tumult" (a fresh-eyes cockpit:
    # the only radio, checked, read as already done).
    expect(choice.get_by_role("radio")).to_have_count(0)
    expect(panel.get_by_role("button", name="Join the Tumult")).to_have_count(0)
    bring = choice.get_by_role("button", name="Bring The Lurker in", exact=True)
    expect(bring).to_have_accessible_description("hidden — fights unseen")
    expect(bring).not_to_have_attribute("aria-pressed", "true")
    note = panel.get_by_text("A hidden Danger fights unseen")
    note.scroll_into_view_if_needed()
    expect(note).to_be_in_viewport()
    size = f"{viewport['width']}x{viewport['height']}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tumult-bring-in-hidden-{size}.png"))

    bring.click()
    expect(panel.get_by_label("Peril from The Lurker to Sam Okafor")).to_be_visible()
    expect(choice).to_have_count(0)
    expect(bob.locator("body")).to_contain_text("Brass Jack")
    expect(bob.locator("body")).not_to_contain_text("Lurker")
