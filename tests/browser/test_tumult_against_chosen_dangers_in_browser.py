"""A Tumult against two of the Scene's three Dangers (EVENING.md step 7), in a real browser: the
Director at a laptop ticks which Dangers fight in the start question (all ticked at first, a
hidden one marked so); ticking none is refused beside the boxes; the TV's and a player's
Dangers panel list only the shown foes, never the hidden one; the enemies' turn has a row for
each foe; another Danger can be brought in."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Danger
from tests.browser.conftest import ARTIFACTS, PHONE, seated, three_dangers
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}


def test_the_director_picks_the_dangers_a_tumult_is_fought_against(
    new_page, asgi_server, playing, password
):
    adventure = playing["adventure"]
    three_dangers(adventure)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(playing["url"] + "screen/", {"enabled": "1"})[0] == 200
    tv = new_page(TV)
    tv.goto(f"/screen/{Adventure.objects.get().screen_token}/")
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    bob = seated(new_page, PHONE, "bob", password, playing["url"])
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])

    page.get_by_role("button", name="Start a Tumult").click()
    question = page.get_by_role("dialog")
    for name in ("Brass Jack", "Museum guards"):
        expect(question.get_by_label(name)).to_be_checked()
    expect(question.get_by_label("The Lurker (hidden)")).not_to_be_checked()  # the Director's call
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tumult-start-choose-foes.png"))

    # None ticked: refused beside the boxes, the question still open, nothing started.
    for name in ("Brass Jack", "Museum guards"):
        question.get_by_label(name).uncheck()
    question.get_by_role("button", name="Yes, start the Tumult").click()
    refusal = question.get_by_role("alert")
    expect(refusal).to_have_text("Tick at least one Danger to fight, or keep the Tumult for later.")
    expect(question).to_be_visible()
    expect(question.get_by_label("Brass Jack")).not_to_be_checked()
    page.screenshot(path=str(ARTIFACTS / "tumult-start-none-ticked.png"))
    expect(page.get_by_role("heading", name="Tumult! Round 1")).to_have_count(0)

    # Brass Jack and the hidden Lurker; the Museum guards stay out of it.
    question.get_by_label("Brass Jack").check()
    question.get_by_label("The Lurker (hidden)").check()
    # A move elsewhere redraws the question live: the ticks stay as the Director left them.
    jack = Danger.objects.get(name="Brass Jack")
    assert director.post(playing["url"] + "dangers/success/", {"danger": jack.pk})[0] == 200
    expect(page.locator("#log-list")).to_contain_text("A success against Brass Jack")
    expect(question).to_be_visible()
    expect(question.get_by_label("Museum guards")).not_to_be_checked()
    expect(question.get_by_label("Brass Jack")).to_be_checked()
    question.get_by_role("button", name="Yes, start the Tumult").click()
    expect(page.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()
    panel = page.locator("#director-tumult-panel")
    expect(panel.get_by_label("Peril from Brass Jack to Sam Okafor")).to_be_visible()
    expect(panel.get_by_label("Peril from The Lurker to Sam Okafor")).to_be_visible()
    expect(panel.get_by_label("Peril from Museum guards to Sam Okafor")).to_have_count(0)
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "tumult-director-part-chosen-foes.png"))

    # The TV and the phone: the shown foe by name, neither the guards nor the hidden one.
    for screen in (tv, bob):
        foes = screen.get_by_role("region", name="Dangers in the Tumult")
        expect(foes).to_contain_text("Brass Jack")
        expect(foes).not_to_contain_text("Museum guards")
    expect(tv.locator("body")).not_to_contain_text("Lurker")
    expect(bob.locator("body")).not_to_contain_text("Lurker")
    tv.screenshot(path=str(ARTIFACTS / "tumult-tv-chosen-foes.png"))
    bob.screenshot(path=str(ARTIFACTS / "tumult-phone-chosen-foes.png"))

    # The guards are brought into the fight: every screen names them now.
    bring_in = panel.get_by_role("form", name="Another Danger joins the fight")
    expect(bring_in.get_by_role("radio")).to_have_count(0)  # a button a Danger, none "chosen"
    bring_in.get_by_role("button", name="Bring Museum guards in").click()
    expect(panel.get_by_label("Peril from Museum guards to Sam Okafor")).to_be_visible()
    for screen in (tv, bob):
        foes = screen.get_by_role("region", name="Dangers in the Tumult")
        expect(foes).to_contain_text("Museum guards")
    expect(tv.locator("body")).not_to_contain_text("Lurker")

    # After the enemies' turn the Director reads who the foes are.
    panel.get_by_role("button", name="Enemies' turn").click()
    page.get_by_role("dialog", name="No Peril from the enemies this round?").get_by_role(
        "button", name="Yes, none"
    ).click()
    expect(panel).to_contain_text("Up against: Brass Jack, Museum guards, The Lurker (hidden).")


LONG = "The Honourable Bartholomew Quigley-Fenwick's Drowned Thing"


@pytest.mark.parametrize(
    "viewport", [LAPTOP, {"width": 360, "height": 780}], ids=["1366x768", "360x780"]
)
def test_bring_in_reads_each_danger_whole(new_page, asgi_server, playing, password, viewport):
    """A fresh-eyes review: "Bring in" was a drop-down whose long hidden Danger's name was cut
    ("… (hidden — fights unse"), then radios beside "Join the Tumult", the first drawn chosen
    (read as done already). Now a button a Danger, "Bring <Danger> in", its name whole (wrapping
    inside the panel); the one pressed is the one that joins, after a live redraw too."""
    adventure = playing["adventure"]
    three_dangers(adventure)
    Danger.objects.filter(name="The Lurker").update(name=LONG)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    jack = Danger.objects.get(name="Brass Jack")
    start = {"foe": [jack.pk], "foes-offered": "1"}
    assert director.post(playing["url"] + "tumult/start/", start)[0] == 200
    page = seated(new_page, viewport, "alice", password, playing["url"])
    panel = page.locator("#director-tumult-panel")
    bring_in = panel.get_by_role("form", name="Another Danger joins the fight")
    expect(bring_in.get_by_role("radio")).to_have_count(0)
    expect(bring_in.get_by_role("button")).to_have_count(2)
    drowned = bring_in.get_by_role("button", name=f"Bring {LONG} in")
    expect(drowned).to_have_accessible_description("hidden — fights unseen")
    row = bring_in.locator("li").filter(has_text=LONG)
    row.scroll_into_view_if_needed()
    expect(row).to_be_in_viewport(ratio=1)
    # Whole: nothing of the row cut or scrolled away, and inside the panel's edges.
    assert row.evaluate("li => li.scrollWidth <= li.clientWidth")
    assert drowned.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
    edge, box = panel.bounding_box(), row.bounding_box()
    assert edge["x"] <= box["x"], (box, edge)
    assert box["x"] + box["width"] <= edge["x"] + edge["width"], (box, edge)
    size = f"{viewport['width']}x{viewport['height']}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tumult-bring-in-whole-{size}.png"))

    # A move elsewhere redraws the panel live: the buttons are there as they were.
    assert director.post(playing["url"] + "dangers/success/", {"danger": jack.pk})[0] == 200
    expect(page.locator("#log-list")).to_contain_text("A success against Brass Jack")
    drowned.click()
    expect(panel.get_by_label(f"Peril from {LONG} to Sam Okafor")).to_be_visible()
    expect(bring_in.get_by_role("button")).to_have_count(1)
    expect(bring_in.get_by_role("button", name="Bring Museum guards in")).to_be_visible()
