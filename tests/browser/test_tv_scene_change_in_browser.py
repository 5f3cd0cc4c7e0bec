"""What fresh eyes saw on the TV at a Scene change (1920x1080 and 1280x720): the Scene-over
card of a Scene ended with a Gamble locked in held the screen over the next Scene already on the
board; a Group Gamble's member whose die had landed said "rolling…"; the log took the side
column while the Wide Shot paged; the Dangers panel said a Danger the new Scene frames was out
of the picture."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import handouts
from sessions.models import Adventure, CastMember, Danger, KeyLocation, Scene
from tests.browser.conftest import drawn, log_in, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import SIZES, WATCH_THE_SPOTLIGHT, _moves
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _tv(new_page, asgi_server, playing, password, size):
    tv = new_page(SIZES[size])
    tv.goto(shared_screen(asgi_server, playing, password))
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    tv.evaluate(WATCH_THE_SPOTLIGHT)
    return tv


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_new_scene_cuts_short_the_scene_over_card_of_a_scene_ended_with_a_gamble_locked_in(
    new_page, asgi_server, playing, password, load_dice, size
):
    """The reviewer ended a Scene with a Gamble open ("Lock them in and end the Scene"), then
    started the next: the Scene-over card stayed up 8 s and more over the new Scene's board.
    A new Scene now takes the screen at once (its own moment, read in its own time)."""
    roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = _tv(new_page, asgi_server, playing, password, size)
    spotlight = tv.locator(".spotlight-part")
    load_dice(1)
    roll(playing["sam"], "search the drowned lamplighter's coat pockets")
    expect(spotlight).to_contain_text("as it stands")
    direct("scene/end/", {"lock_open": "yes"})
    expect(spotlight.get_by_role("list", name="Gambles locked in as they stood")).to_be_visible()
    tv.wait_for_timeout(1000)
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    direct("scene/start/", {"scene": scene.pk})
    expect(spotlight).to_contain_text(scene.beat, timeout=2000)
    expect(spotlight).not_to_contain_text("Scene over")
    expect(spotlight).to_have_class("spotlight-part is-on")
    tv.screenshot(path=f"artifacts/tv-scene-change-new-scene-{SIZES[size]['width']}.png")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_group_gamble_member_whose_die_landed_is_rolled_not_rolling(
    new_page, asgi_server, playing, password, load_dice, size
):
    """The reviewer read "Sam [3] rolling…" on the TV's Group Gamble tally: Sam had rolled and
    only not locked in yet. The TV says what is true, in the phone's words."""
    roll, _lock, direct = _moves(asgi_server, playing, password)
    tv = _tv(new_page, asgi_server, playing, password, size)
    spotlight = tv.locator(".spotlight-part")
    direct("group/", {"text": "Outrun the flood"})
    expect(spotlight).to_contain_text("Group Gamble!")
    ada = spotlight.get_by_role("listitem").filter(has_text="Ada")
    expect(ada).to_contain_text("still to roll")
    load_dice(3)
    roll(playing["sam"], "outrun it")
    sam = spotlight.get_by_role("listitem").filter(has_text="Sam Okafor")
    expect(sam.get_by_role("img", name="Die: 3")).to_be_visible(timeout=10000)
    expect(sam).to_contain_text("rolled, not locked in")
    expect(sam).not_to_contain_text("rolling")
    expect(ada).to_contain_text("still to roll")
    tv.screenshot(path=f"artifacts/tv-scene-change-group-rolled-{SIZES[size]['width']}.png")


def _second_scene(asgi_server, playing, password, make_user, roll, direct):
    """The evening the reviewer played: Scene one ends with Sam's search locked in as it stood
    and a handout put away (a long "Scene over" line in the log), and the next Scene, at a Key
    Location of its own, opens its Wide Shot: three heroes each add a detail."""
    adventure = playing["adventure"]
    carl = Character.objects.create(
        owner=make_user("carl"), name="Carl Brandt", archetype="explorer"
    )
    CastMember.objects.create(adventure=adventure, character=carl)
    Adventure.objects.update(seats=5)  # a seat free: the invitation in the side column's corner
    for name in ("Clockwork Guardian", "Dock Thugs"):
        Danger.objects.create(
            scene=Scene.objects.get(status=Scene.Status.PLAYING), name=name, revealed=True
        )
    the_note = handout(adventure, "A sodden note in the lamplighter's hand, the ink running")
    handouts.reveal(adventure, the_note.pk, adventure.director)
    roll(playing["sam"], "search the drowned lamplighter's coat pockets for the missing key")
    direct("scene/end/", {"lock_open": "yes"})
    tower = KeyLocation.objects.create(
        leg=adventure.legs.get(),
        position=2,
        name="The Clocktower",
        wide_shot_opening="Stairs spiral up into the dark, and somewhere above a great gear turns.",
        leading_questions=["What do you hear ticking above?"],
    )
    scene = Scene.objects.filter(status=Scene.Status.PLANNED).first()
    Scene.objects.filter(pk=scene.pk).update(beat="Up the Clocktower Stairs", key_location=tower)
    for name in ("Clockwork Guardian", "Dock Thugs"):
        Danger.objects.create(key_location=tower, name=name, revealed=True, successes=1)
    direct("scene/start/", {"scene": scene.pk})
    direct("narrate/", {"note": "The great clock above strikes thirteen, and the stairs shudder."})
    for hero, text in (
        (
            playing["sam"],
            "a brass gear the size of a cartwheel, wet with oil, turning slowly",
        ),
        (
            playing["ada"],
            "fresh boot prints in the dust going up the stairs, none coming down",
        ),
        (
            carl,
            "a rope hanging down the middle of the stairwell, swaying as if let go",
        ),
    ):
        seat = Visitor(asgi_server, hero.owner, password)
        assert seat.post(playing["url"] + f"wideshot/{hero.pk}/", {"text": text})[0] == 200


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_new_scenes_wide_shot_comes_before_the_old_log_lines(
    new_page, asgi_server, playing, password, load_dice, make_user, size
):
    """The reviewer saw the Wide Shot paged to "Details 3 of 3 · others in turn", one detail,
    in the second Scene while the log took most of the side column, a six-line "Scene over"
    among its lines. The Scene's shared board comes first: each of its pages as many details
    as fit (the last too, the details before it filling it up), the log the room left."""
    roll, _lock, direct = _moves(asgi_server, playing, password)
    load_dice(1, 2)
    adventure = playing["adventure"]
    more = []
    for n in range(4):
        hero = Character.objects.create(
            owner=make_user(f"x{n}"), name=f"Hero Number {n}", archetype="explorer"
        )
        CastMember.objects.create(adventure=adventure, character=hero)
        more.append(hero)
    tv = _tv(new_page, asgi_server, playing, password, size)
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 1")
    _second_scene(asgi_server, playing, password, make_user, roll, direct)
    for n, hero in enumerate(more):
        seat = Visitor(asgi_server, hero.owner, password)
        text = f"the clock's {n + 2}th gear jammed with a dead gull's feathers and harbour weed"
        assert seat.post(playing["url"] + f"wideshot/{hero.pk}/", {"text": text})[0] == 200
    roll(playing["ada"], "climb the rope hand over hand to the gallery above the great gear")
    wideshot = tv.get_by_role("region", name="Wide Shot")
    details = wideshot.locator(".details > li")
    expect(details).to_have_count(7)
    expect(tv.locator(".spotlight-part")).not_to_have_class("spotlight-part is-on")
    drawn(tv)
    marker = wideshot.locator(".page-marker")
    # The first page, read as it shows (on a loaded machine the 8 s page turn may come first:
    # it comes round again).
    says = tv.wait_for_function(
        "el => /^Details 1–/.test(el.textContent.trim()) && el.textContent.trim()",
        arg=marker.element_handle(),
        timeout=20000,
    ).json_value()
    page = re.compile(r"^Details (\d)–(\d) of 7 · others in turn$")
    _one, last = map(int, page.match(says).groups())
    log = tv.locator(".log-list > li")
    expect(log.filter(has_text="Ada gambles to climb the rope")).to_be_visible()
    expect(log.filter(has_text="Scene over")).to_be_hidden()
    # The next page (every 8 s) ends on the last detail, filled up with the details before it
    # (never the two or three left over, the log growing into the room they leave).
    expect(marker).not_to_have_text(re.compile("^Details 1–"), timeout=10000)
    drawn(tv)
    expect(details.last).to_be_visible()
    first, _end = map(int, page.match(marker.text_content()).groups())
    assert first <= last, marker.text_content()
    expect(log.filter(has_text="Scene over")).to_be_hidden()
    tv.screenshot(path=f"artifacts/tv-scene-change-wide-shot-{SIZES[size]['width']}.png")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_director_brings_back_the_dangers_the_new_scene_frames(
    new_page, asgi_server, playing, password, size
):
    """The reviewer read "Who: The Clockwork Guardian and Dock Thugs" on the TV over "Out of
    the picture: Clockwork Guardian, Dock Thugs": prepared at the Key Location, they were put
    out there in the Scene before. The Director's Dangers ask whether they are back; a tap
    brings one back into play, and the TV shows it standing."""
    _roll, _lock, direct = _moves(asgi_server, playing, password)
    office = KeyLocation.objects.get()
    for name in ("Clockwork Guardian", "Dock Thugs"):
        foe = Danger.objects.create(key_location=office, name=name, revealed=True)
        direct("dangers/success/", {"danger": foe.pk})
    direct("scene/end/")
    scene = Scene.objects.get(status=Scene.Status.PLANNED)
    Scene.objects.filter(pk=scene.pk).update(
        beat="Up the Clocktower Stairs",
        key_location=office,
        framing_who="The Clockwork Guardian and Dock Thugs",
    )
    direct("scene/start/", {"scene": scene.pk})
    tv = _tv(new_page, asgi_server, playing, password, size)
    dangers = tv.get_by_role("region", name="Dangers")
    expect(dangers).to_contain_text("Out of the picture: Clockwork Guardian, Dock Thugs")
    cockpit = new_page(SIZES[size])
    log_in(cockpit, "alice", password)
    cockpit.goto(playing["url"])
    ask = cockpit.get_by_text("out of the picture since an earlier Scene here")
    expect(ask).to_contain_text("This Scene's framing names Clockwork Guardian and Dock Thugs")
    cockpit.get_by_role("button", name="Bring back Clockwork Guardian into play").click()
    expect(dangers).to_contain_text("Clockwork Guardian 0 of 1 success")
    expect(dangers).to_contain_text("Out of the picture: Dock Thugs")
    expect(ask).to_contain_text("This Scene's framing names Dock Thugs, out of the picture")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-scene-change-danger-back-{SIZES[size]['width']}.png")
