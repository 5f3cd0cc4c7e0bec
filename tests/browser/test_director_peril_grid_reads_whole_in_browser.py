"""The Tumult's Peril grid in the Director's cockpit with four long-named heroes and three
Dangers reads whole where it is: at a laptop (1366x768, the panel under 400px wide), a tablet
and a phone, every hero's name and every Danger's name can be read in full, nothing cut with
"…" or clipped, no type under 0.8rem, and nothing to scroll sideways (a fresh-eyes review: the
grid 765px wide in a 392px box, its headers clipped). Too wide for a grid, each Danger gets a
block of its own, a hero a row in it: the hero's name, then the box. Short names keep the grid."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import CastMember, Danger
from tests.browser.conftest import ARTIFACTS, DangerTemplate, foes_in_sight, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
HEROES = [
    "Professor Augusta Wren",
    "Captain Theodora Malone",
    "Bartholomew Okonkwo-Finch",
    "Sister Evangeline Marsh",
]
FOES = (
    ("The Clockwork Colossus of Lower Thames", DangerTemplate.VILLAIN),
    ("Brass-Jawed Dockhands of the Isle of Dogs", DangerTemplate.MINION),
    ("Lieutenant Kray", DangerTemplate.LIEUTENANT),
)
LATE = ("The Drowned Choir of Saint Olave's", DangerTemplate.VILLAIN)

# What of the panel can't be read whole: the panel or a box in it wider than it shows (a sideways
# scroll), text outside the panel or the screen, an ellipsis, text under 0.8rem.
UNREAD = """(panel) => {
  const faults = [];
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const edge = panel.getBoundingClientRect();
  // Said to a screen reader alone (clipped to a pixel), or not drawn: not for reading here.
  const unseen = (box) => {
    for (let up = box; up && up !== panel; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.display === "none" || (style.clip && style.clip !== "auto")) return true;
      if (up.matches("[popover]")) return true;
    }
    return false;
  };
  if (panel.scrollWidth > panel.clientWidth + 1) faults.push(`panel ${panel.scrollWidth}px`);
  for (const box of panel.querySelectorAll("*")) {
    const style = getComputedStyle(box);
    if (unseen(box)) continue;
    if (style.overflowX !== "visible" && box.scrollWidth > box.clientWidth + 1) {
      faults.push(`${box.className || box.tagName} scrolls ${box.scrollWidth}>${box.clientWidth}`);
    }
    if (style.textOverflow === "ellipsis") faults.push(`${box.className} ellipsis`);
  }
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement;
    if (!node.data.trim() || unseen(box)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      const out = r.left < edge.left - 1 || r.right > edge.right + 1;
      if (out || r.left < 0 || r.right > innerWidth) {
        faults.push(`"${node.data.trim()}" outside`);
      }
    }
    if (parseFloat(getComputedStyle(box).fontSize) < 0.8 * rem - 0.01) {
      faults.push(`"${node.data.trim()}" ${getComputedStyle(box).fontSize}`);
    }
    if (node.data.includes("…")) faults.push(`"${node.data.trim()}" cut`);
  }
  return faults;
}"""


def _four_long_named_heroes(asgi_server, playing, password, make_user) -> None:
    """Sam and Ada renamed, two more heroes; a Tumult against three Dangers, a fourth left out."""
    adventure = playing["adventure"]
    Character.objects.filter(pk=playing["sam"].pk).update(name=HEROES[0])
    Character.objects.filter(pk=playing["ada"].pk).update(name=HEROES[1])
    for n, name in enumerate(HEROES[2:]):
        hero = Character.objects.create(owner=make_user(f"h{n}"), name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
    foes_in_sight(adventure, *FOES, LATE)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    fighting = Danger.objects.exclude(name=LATE[0]).values_list("pk", flat=True)
    foes = {"foe": list(fighting), "foes-offered": "1"}
    assert director.post(playing["url"] + "tumult/start/", foes)[0] == 200


def _reads_whole(page, name: str, foes=FOES) -> None:
    panel = page.locator(".director-tumult")
    for foe, _template in foes:
        for hero in HEROES:
            box = panel.get_by_role("spinbutton", name=f"Peril from {foe} to {hero}", exact=True)
            expect(box).to_be_visible()
    if LATE not in foes:
        expect(panel.get_by_role("button", name=f"Bring {LATE[0]} in")).to_be_visible()
    # Laid out for the room it has (at once, and again after fonts or a redraw).
    page.wait_for_function(
        "() => [...document.querySelectorAll('.director-tumult .split-scroll')]"
        ".every((box) => box.scrollWidth <= box.clientWidth + 1)"
    )
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=ARTIFACTS / f"{name}.png")
    assert panel.evaluate(UNREAD) == []
    # Every name said in the panel, each on screen as a whole.
    for words in [*HEROES, *(foe for foe, _ in foes)]:
        shown = [spot for spot in panel.get_by_text(words, exact=True).all() if spot.is_visible()]
        assert shown, words
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize(
    "viewport", [LAPTOP, TABLET, PHONE], ids=["1366x768", "1024x768", "390x844"]
)
def test_four_long_names_read_whole_without_a_sideways_scroll(
    new_page, asgi_server, playing, password, make_user, viewport
):
    _four_long_named_heroes(asgi_server, playing, password, make_user)
    page = seated(new_page, viewport, "alice", password, playing["url"])
    size = f"{viewport['width']}x{viewport['height']}"
    _reads_whole(page, f"director-peril-grid-long-names-{size}")
    page.screenshot(path=ARTIFACTS / f"director-peril-grid-long-names-{size}-page.png")

    # A box typed in keeps its place and its name through a redraw (a Danger brought in).
    box = page.get_by_role("spinbutton", name=f"Peril from {FOES[0][0]} to {HEROES[2]}", exact=True)
    box.fill("2")
    page.get_by_role("button", name=f"Bring {LATE[0]} in").click()
    late = page.get_by_role("spinbutton", name=f"Peril from {LATE[0]} to {HEROES[3]}", exact=True)
    expect(late).to_be_visible()
    expect(box).to_have_value("2")
    _reads_whole(page, f"director-peril-grid-long-names-{size}-four-dangers", (*FOES, LATE))


def test_one_or_two_short_names_keep_the_grid(new_page, asgi_server, playing, password):
    """Sam and Ada against three Dangers: a hero a column as before, the boxes in a row."""
    foes_in_sight(playing["adventure"], *FOES)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    foes = {"foe": list(Danger.objects.values_list("pk", flat=True)), "foes-offered": "1"}
    assert director.post(playing["url"] + "tumult/start/", foes)[0] == 200
    for viewport in (LAPTOP, PHONE):
        page = seated(new_page, viewport, "alice", password, playing["url"])
        grid = page.locator(".director-tumult .split-table")
        for hero in ("Sam Okafor", "Ada"):
            expect(grid.get_by_role("columnheader", name=hero, exact=True)).to_be_visible()
        sam = grid.get_by_label(f"Peril from {FOES[2][0]} to Sam Okafor").bounding_box()
        ada = grid.get_by_label(f"Peril from {FOES[2][0]} to Ada").bounding_box()
        assert abs(sam["y"] - ada["y"]) < 1  # side by side, a row a Danger
        size = f"{viewport['width']}x{viewport['height']}"
        page.locator(".director-tumult").screenshot(
            path=ARTIFACTS / f"director-peril-grid-short-names-{size}.png"
        )
        assert page.locator(".director-tumult").evaluate(UNREAD) == []
