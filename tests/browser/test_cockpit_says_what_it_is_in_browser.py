"""A fresh-eyes reviewer at the Director's table (1366x768) scored it 7.5: the Tumult's Peril
grid read "Clockwork Gendarme ≤3 1/2" over unlabelled boxes of 0, hero names broken over three
lines; "When it goes wrong: 3 ideas ↓" stayed pinned as a banner over the Cast all through the
Tumult, pushing the Cast and the Latest Gamble down; an Investigation was headed "<hero>:
Gamble"; the dice pad offered Undo with nothing to undo; "Finish the Adventure" refused at the
panel's foot, far from its box. Each is driven here as a Director and a player would."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Adventure, CastMember, Danger
from tests.browser.conftest import (
    ARTIFACTS,
    DangerTemplate,
    foes_in_sight,
    gamble_panel,
    sam_locks_in,
    seated,
    tool_group,
)
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SIZES = [LAPTOP, PHONE]
IDS = ["1366x768", "390x844"]
GENDARME = "Clockwork Gendarme"
SAM = "Sam 'Anvil' Okafor-Whitlock"
NELL = "Nell Brightwater"

# Each hero's name as the Peril grid shows it (a column's head, or beside its box when laid out
# as blocks): the lines it takes, and any word broken over two lines.
NAMES = """(panel) => [...panel.querySelectorAll("thead th.peril-to, .peril-box-name")]
  .filter((box) => box.getClientRects().length && getComputedStyle(box).display !== "none"
    && !box.closest(".peril-grid[data-stacked] thead"))
  .map((box) => {
    const whole = document.createRange();
    whole.selectNodeContents(box);
    const lines = new Set([...whole.getClientRects()].map((r) => Math.round(r.top)));
    const broken = [];
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const word = document.createRange();
        word.setStart(node, match.index);
        word.setEnd(node, match.index + match[0].length);
        if (new Set([...word.getClientRects()].map((r) => Math.round(r.top))).size > 1) {
          broken.push(match[0]);
        }
      }
    }
    return { name: box.textContent.replace(/\\s+/g, " ").trim(), lines: lines.size, broken };
  })"""


def _three_heroes_against_the_gendarme(asgi_server, playing, password, make_user) -> None:
    """Sam renamed long, Ada, and Nell; a Tumult against a Lieutenant already hit once."""
    adventure = playing["adventure"]
    Character.objects.filter(pk=playing["sam"].pk).update(name=SAM)
    nell = Character.objects.create(owner=make_user("nell"), name=NELL, archetype="explorer")
    CastMember.objects.create(adventure=adventure, character=nell)
    foes_in_sight(adventure, (GENDARME, DangerTemplate.LIEUTENANT))
    Danger.objects.update(successes=1)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    foes = {"foe": list(Danger.objects.values_list("pk", flat=True)), "foes-offered": "1"}
    assert director.post(playing["url"] + "tumult/start/", foes)[0] == 200


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_the_peril_grid_says_what_it_is_in_words(
    new_page, asgi_server, playing, password, make_user, viewport
):
    _three_heroes_against_the_gendarme(asgi_server, playing, password, make_user)
    page = seated(new_page, viewport, "alice", password, playing["url"])
    panel = page.locator(".director-tumult")
    # What the boxes are for, over them, in words; what the Danger's numbers are, in words.
    grid = panel.get_by_role("table", name="Peril to give")
    expect(grid.locator(".peril-corner")).to_have_text("Peril to give →")
    expect(grid).to_have_accessible_description(
        "Each Danger shares out Peril among the heroes: its Danger Rating in all, at most "
        "(less, or none, is fine)."
    )
    expect(grid.locator("tbody th")).to_have_text(f"{GENDARME} up to 3")
    expect(grid.get_by_text("up to 3", exact=True)).to_be_visible()
    assert "≤" not in panel.inner_text()
    # Each box still named for whose Peril and whom.
    for hero in (SAM, "Ada", NELL):
        box = grid.get_by_role("spinbutton", name=f"Peril from {GENDARME} to {hero}", exact=True)
        expect(box).to_be_visible()
    # Laid out for the panel (peril-fit.js), then every hero's name whole: no word broken, two
    # lines at most.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.director-tumult .split-scroll')]"
        ".every((box) => box.scrollWidth <= box.clientWidth + 1)"
    )
    names = panel.evaluate(NAMES)
    assert sorted(name["name"] for name in names) == sorted([SAM, "Ada", NELL]), names
    assert [name for name in names if name["broken"] or name["lines"] > 2] == [], names
    panel.scroll_into_view_if_needed()
    size = f"{viewport['width']}x{viewport['height']}"
    panel.screenshot(path=ARTIFACTS / f"cockpit-peril-grid-in-words-{size}.png")
    page.screenshot(path=ARTIFACTS / f"cockpit-peril-grid-in-words-{size}-page.png")


def test_the_prompts_pointer_takes_no_room_from_the_cast(
    new_page, asgi_server, playing, password, load_dice, make_user
):
    """After a blunder, into a Tumult: the pointer sits beside the Cast's heading, the Cast and
    the Latest Gamble wholly on the first screen; once a prompt is used, it goes."""
    nell = Character.objects.create(owner=make_user("nell"), name=NELL, archetype="explorer")
    CastMember.objects.create(adventure=playing["adventure"], character=nell)
    laptop = seated(new_page, LAPTOP, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)
    latest = laptop.get_by_role("region", name="Latest Gamble")
    expect(latest.locator(".verdict-word")).to_have_text("Blunder!")
    laptop.get_by_role("button", name="Start a Tumult").click()
    laptop.get_by_role("button", name="Yes, start the Tumult").click()
    expect(laptop.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()

    cast = laptop.get_by_role("region", name="The Cast")
    pointer = cast.get_by_role("link", name="When it goes wrong: 3 ideas for what happens next")
    expect(pointer).to_be_in_viewport(ratio=1)
    # On the heading's row: one line, no taller than the heading, beside it.
    heading = cast.get_by_role("heading", name="The Cast").bounding_box()
    spot = pointer.bounding_box()
    assert spot["height"] <= heading["height"] + 2, (spot, heading)
    assert spot["x"] >= heading["x"] + heading["width"], (spot, heading)
    assert heading["y"] - 4 <= spot["y"] <= heading["y"] + heading["height"]
    # The Cast and the Latest Gamble whole on the first screen.
    expect(cast).to_be_in_viewport(ratio=1)
    expect(latest).to_be_in_viewport(ratio=1)
    laptop.screenshot(path=ARTIFACTS / "cockpit-prompts-pointer-beside-the-cast-1366x768.png")

    # It leads to them; one used, the pointer has done its work.
    pointer.click()
    prompts = laptop.get_by_role("region", name="When it goes wrong")
    expect(prompts.locator(".prompt-move").first).to_be_in_viewport()
    prompts.get_by_role("button", name="Use this").first.click()
    expect(prompts.get_by_text("✓ In your notes.")).to_be_visible()
    expect(pointer).to_be_hidden()


def test_the_pointer_on_a_phone_sits_beside_the_cast_heading(
    new_page, playing, password, load_dice
):
    director = seated(new_page, PHONE, "alice", password, playing["url"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    sam_locks_in(phone, load_dice, 2)
    cast = director.get_by_role("region", name="The Cast")
    pointer = cast.get_by_role("link", name="When it goes wrong: 3 ideas for what happens next")
    expect(pointer).to_be_visible()
    cast.scroll_into_view_if_needed()
    assert director.evaluate("document.documentElement.scrollWidth <= innerWidth")
    box, edge = pointer.bounding_box(), cast.bounding_box()
    assert box["x"] + box["width"] <= edge["x"] + edge["width"]
    cast.screenshot(path=ARTIFACTS / "cockpit-prompts-pointer-beside-the-cast-390x844.png")


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_an_investigation_is_headed_as_one(new_page, playing, password, viewport):
    director = seated(new_page, viewport, "alice", password, playing["url"])
    phone = seated(new_page, PHONE, "bob", password, playing["url"])
    tools = tool_group(director, "Group & Investigate")
    tools.get_by_label("Who takes a closer look?").select_option(label="Sam Okafor")
    tools.get_by_label("At what?").fill("The ledger's torn pages")
    tools.get_by_role("button", name="Ask to investigate").click()
    expect(tools.get_by_text("Waiting for: Sam Okafor")).to_be_visible()

    # On the player's phone: headed for what it asks.
    mine = phone.get_by_role("region", name="Sam Okafor: Investigation")
    expect(mine.get_by_role("heading", name="Sam Okafor: Investigation")).to_be_visible()
    expect(phone.get_by_role("heading", name="Sam Okafor: Gamble")).to_have_count(0)
    mine.scroll_into_view_if_needed()
    mine.screenshot(path=ARTIFACTS / "cockpit-investigation-heading-phone-390x844.png")

    # In the Director's "Roll for" dialog too.
    director.get_by_role("region", name="The Cast").get_by_role(
        "link", name="Roll for Sam Okafor", exact=True
    ).click()
    dialog = director.get_by_role("dialog", name="Rolling for Sam Okafor")
    expect(dialog.get_by_role("heading", name="Sam Okafor: Investigation")).to_be_visible()
    size = f"{viewport['width']}x{viewport['height']}"
    director.screenshot(path=ARTIFACTS / f"cockpit-investigation-heading-dialog-{size}.png")
    dialog.get_by_role("button", name="Cancel").click()

    # Rolled: a Gamble again.
    mine.get_by_role("button", name="Investigate (roll 1d6)").click()
    expect(phone.get_by_role("heading", name="Sam Okafor: Gamble")).to_be_visible()


def test_the_dice_pads_undo_waits_for_a_face(new_page, playing, password):
    """The pad is for a touch screen (a laptop types the faces): the Director's phone."""
    viewport = PHONE
    Adventure.objects.update(real_dice="either")
    page = seated(new_page, viewport, "alice", password, playing["url"])
    page.get_by_role("region", name="The Cast").get_by_role(
        "link", name="Roll for Sam Okafor", exact=True
    ).click()
    dialog = page.get_by_role("dialog", name="Rolling for Sam Okafor")
    panel = gamble_panel(dialog, "Sam Okafor")
    panel.get_by_role("button", name="Dice pad").click()
    pad = panel.get_by_role("group", name="Tap each die's face")
    undo = pad.get_by_role("button", name="Undo the last face")
    faces = panel.get_by_label("Rolled your own? Enter the faces")
    # Nothing to undo: Undo waits, and says why.
    expect(undo).to_be_disabled()
    expect(undo).to_have_accessible_description("No face to undo yet")
    expect(pad.get_by_text("No face to undo yet")).to_be_visible()
    size = f"{viewport['width']}x{viewport['height']}"
    pad.screenshot(path=ARTIFACTS / f"cockpit-dice-pad-nothing-to-undo-{size}.png")
    # A face tapped: Undo offered, the reason gone.
    pad.get_by_role("button", name="3 (add a die showing 3)").click()
    expect(faces).to_have_value("3")
    expect(undo).to_be_enabled()
    expect(pad.get_by_text("No face to undo yet")).to_be_hidden()
    pad.screenshot(path=ARTIFACTS / f"cockpit-dice-pad-a-face-to-undo-{size}.png")
    undo.click()
    expect(faces).to_have_value("")
    expect(undo).to_be_disabled()
    # Typed in by hand, the same.
    faces.fill("5 2")
    expect(undo).to_be_enabled()


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_finishing_unticked_says_why_beside_the_box_and_the_button(
    new_page, playing, password, viewport
):
    page = seated(new_page, viewport, "alice", password, playing["url"])
    pacing = page.get_by_role("region", name="Legs & Scenes")
    pacing.get_by_text("The end", exact=True).click()
    finish = pacing.get_by_role("button", name="Finish the Adventure")
    finish.click()
    why = pacing.get_by_role("alert").filter(has_text="Tick the box to confirm")
    expect(why).to_be_visible()
    box = pacing.get_by_label("Yes, the Adventure is over", exact=False)
    # Box, reason, button: one after the other, together, all in sight.
    for spot in (box, why, finish):
        expect(spot).to_be_in_viewport(ratio=1)
    field = box.locator("xpath=..")  # the box and its label
    tick, said, button = (s.bounding_box() for s in (field, why, finish))
    assert tick["y"] < said["y"] < button["y"], (tick, said, button)
    assert button["y"] - (said["y"] + said["height"]) < 24, (said, button)
    assert said["y"] - (tick["y"] + tick["height"]) < 24, (tick, said)
    size = f"{viewport['width']}x{viewport['height']}"
    page.screenshot(path=ARTIFACTS / f"cockpit-finish-refused-beside-its-box-{size}.png")
    assert not Adventure.objects.get().is_finished
    box.check()
    finish.click()
    expect(page.locator("[data-live-status]")).to_have_text("The End")
