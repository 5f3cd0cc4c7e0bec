"""A fresh-eyes review on the TV (1920x1080 and 1280x720): the Scene panel was unsteady. Between
spotlight moments it dropped its kicker line (Adventure · Leg) and its place line ("Where …"),
then drew them again: the panel jumped. It draws the same lines in every state: idle, during a
Gamble's moment, after it, and after a live Scene change."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import narration
from sessions.models import CastMember, Scene
from tests.browser.conftest import (
    THREE,
    drawn,
    foes_in_sight,
    shared_screen,
    tumult_against_them_all,
)
from tests.browser.test_tv_stage_in_browser import SIZES, _moves

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# Every frame: the Scene panel's lines as drawn (each shown child, a framing line cut to one
# line marked so) and its height.
RECORD_THE_SCENE = """() => {
  window.sceneLooks = [];
  const look = () => {
    const panel = document.querySelector('.scene-panel');
    if (panel) {
      const lines = [];
      for (const el of panel.querySelectorAll(':scope > *, .framing-list > *')) {
        if (el.matches('.framing-list') || !el.checkVisibility()) continue;
        const brief = el.classList.contains('is-brief') ? ' (cut)' : '';
        lines.push(el.tagName + ':' + el.textContent.trim().slice(0, 24) + brief);
      }
      const height = Math.round(panel.getBoundingClientRect().height);
      const seen = {lines: lines.join(' | '), height};
      const last = window.sceneLooks.at(-1);
      const same = last && last.lines === seen.lines && last.height === seen.height;
      if (!same) window.sceneLooks.push(seen);
    }
    requestAnimationFrame(look);
  };
  look();
}"""


def _looks(tv):
    return tv.evaluate("window.sceneLooks")


def _said(looks) -> str:
    return "\n".join(f"{look['height']}px: {look['lines']}" for look in looks)


def _evening(asgi_server, playing, password, make_user):
    """The reviewer's evening: four heroes, three Dangers in sight, the Director's line told,
    a Tumult on."""
    adventure = playing["adventure"]
    for name in ("Watcher Wells", "Marguerite Delacroix-Haversham"):
        hero = Character.objects.create(owner=make_user(name[:5]), name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
    foes_in_sight(adventure, *THREE)
    narration.narrate(adventure, "The crane groans: the hook swings loose.", adventure.director)
    tumult_against_them_all(asgi_server, playing, password)


@pytest.mark.parametrize("crowded", [False, True], ids=["quiet", "crowded"])
@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_scene_panel_draws_the_same_lines_before_during_and_after_a_moment(
    new_page, asgi_server, playing, password, load_dice, make_user, size, crowded
):
    roll, lock, direct = _moves(asgi_server, playing, password)
    Scene.objects.filter(status=Scene.Status.PLAYING).update(
        framing_what="Find out who paid the harbourmaster to look away",
        framing_who="The harbourmaster and his clerk",
    )
    if crowded:
        _evening(asgi_server, playing, password, make_user)
    tv = new_page(SIZES[size])
    tv.goto(shared_screen(asgi_server, playing, password))
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => holder.dataset.shownFor = 2500")
    drawn(tv)
    tv.wait_for_timeout(500)
    tv.evaluate(RECORD_THE_SCENE)
    panel = tv.locator(".scene-panel")
    expect(panel.locator(".kicker")).to_be_visible()
    expect(panel.get_by_text("The office")).to_be_visible()
    idle = _looks(tv)[-1]
    tv.screenshot(path=f"artifacts/tv-scene-steady-{crowded}-idle-{SIZES[size]['width']}.png")
    # A Gamble: rolled, its moment, locked in, its moment, the board again.
    load_dice(2, 5)
    roll(playing["sam"], "search the drowned lamplighter's coat pockets for the missing key")
    expect(spotlight).to_have_class("spotlight-part is-on")
    tv.screenshot(path=f"artifacts/tv-scene-steady-{crowded}-moment-{SIZES[size]['width']}.png")
    lock(playing["sam"])
    expect(spotlight).not_to_have_class("spotlight-part is-on", timeout=20000)
    drawn(tv)
    tv.wait_for_timeout(500)
    tv.screenshot(path=f"artifacts/tv-scene-steady-{crowded}-after-{SIZES[size]['width']}.png")
    looks = _looks(tv)
    assert all(look == idle for look in looks), _said([idle, *looks])
    # A live Scene change: the next Scene, framed where it is, drawn by the stream.
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    Scene.objects.filter(pk=scene.pk).update(
        beat="Up the Clocktower Stairs", framing_where="The clocktower over the harbour"
    )
    direct("scene/end/", {"lock_open": "yes"})
    direct("scene/start/", {"scene": scene.pk})
    expect(panel).to_contain_text("Up the Clocktower Stairs")
    tv.evaluate("window.sceneLooks = []")
    expect(spotlight).not_to_have_class("spotlight-part is-on", timeout=20000)
    roll(playing["ada"], "climb the stairs two at a time before the clock strikes")
    expect(spotlight).to_have_class("spotlight-part is-on")
    expect(spotlight).not_to_have_class("spotlight-part is-on", timeout=20000)
    drawn(tv)
    tv.wait_for_timeout(500)
    tv.screenshot(path=f"artifacts/tv-scene-steady-{crowded}-new-scene-{SIZES[size]['width']}.png")
    looks = _looks(tv)
    assert len({(look["lines"], look["height"]) for look in looks}) == 1, _said(looks)
    # The kicker and the place line in sight, whole.
    assert looks[0]["lines"].startswith("P:The Clockwork Monsoon"), _said(looks)
    assert "DD:The clocktower over the" in looks[0]["lines"], _said(looks)
    assert "(cut)" not in looks[0]["lines"], _said(looks)
