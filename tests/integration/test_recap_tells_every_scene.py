"""Every Scene played is in the recap (a fresh-eyes evening: “Into the clockworks” was framed
and had Gambles in it, and the recap never named it). A Scene is named whatever happened in it
(a Group Gamble alone, a Tumult, an Investigation, the Director's lines, nothing at all, a
handout, Gambles all undone), and a recap that picks up in the middle of a Scene (the last one
was drafted during it) names that Scene before telling what happened next in it."""

import re

import pytest

from sessions.actions import (
    corrections,
    gambles,
    groups,
    handouts,
    investigations,
    legs,
    narration,
    rolled,
    scenes,
    tumults,
)
from sessions.models import Gamble, KeyLocation, Recap, Scene, next_to_undo
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.images import handout
from tests.integration.test_recaps import _ask
from tests.recaps import TRIED

pytestmark = pytest.mark.django_db

CLOCKWORKS = "Into the clockworks"


def _gamble(adventure, hero, faces, key, intent):
    made = gambles.roll_gamble(
        adventure, hero, _ask(intent=intent), key, hero.owner, LoadedDice(faces)
    )
    rolled.lock_in(adventure, made.pk, made.step, hero.owner)


def _next_scene(adventure, beat, **framing) -> Scene:
    """The Director starts the Leg's next Scene, prepared with this beat and framing."""
    leg = adventure.playing_leg()
    last = leg.scenes.order_by("-position").first().position
    scene = Scene.objects.create(leg=leg, position=last + 1, beat=beat, **framing)
    scenes.start_scene(adventure, scene, None, adventure.director)
    return scene


def _undo(adventure):
    corrections.undo(adventure, next_to_undo(adventure.pk).pk, adventure.director)


def test_every_scene_played_is_named_in_the_legs_recap(playing):
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    director = adventure.director
    _gamble(adventure, sam, [6], "scene-0001", "Pick the lock")
    _next_scene(adventure, CLOCKWORKS, framing_where="The clock tower", framing_who="Old Tom")
    _gamble(adventure, sam, [6], "scene-0002", "Jam the gears")
    _gamble(adventure, ada, [2], "scene-0003", "Climb the pendulum")
    _next_scene(adventure, "A race to the quay")
    groups.call_group_gamble(adventure, "Run for the boat", director)
    _gamble(adventure, sam, [6], "scene-0004", "Run for the boat")
    _gamble(adventure, ada, [5], "scene-0005", "Run for the boat")
    _next_scene(adventure, "A brawl in the boiler room")
    tumults.start_tumult(adventure, director)
    tumults.end_tumult(adventure, director)
    _next_scene(adventure, "The ledger room")
    investigations.ask_to_investigate(adventure, ada.pk, "the torn ledger", director)
    investigation = adventure.investigations.get()
    investigations.investigate(adventure, investigation.pk, ada.owner, LoadedDice([4]))
    _next_scene(adventure, "A word from the Director")
    narration.narrate(adventure, "The harbour bell tolls thirteen times", director)
    _next_scene(adventure, "A quiet walk home")
    scenes.end_scene(adventure, director)
    _next_scene(adventure, "The map room")
    handouts.reveal(adventure, handout(adventure, "A map of the docks").pk, director)
    _next_scene(adventure, "Second thoughts")
    made = gambles.roll_gamble(
        adventure, sam, _ask(intent="Kick the door"), "scene-0006", sam.owner, LoadedDice([6])
    )
    rolled.lock_in(adventure, made.pk, made.step, sam.owner)
    _undo(adventure)  # the lock-in…
    _undo(adventure)  # …and the roll: the Scene has no Gamble left
    assert not Gamble.objects.filter(pk=made.pk).exists()
    _next_scene(adventure, "The last call")
    legs.end_leg(adventure, director)

    body = Recap.objects.get().body
    played = [
        "Questions for the harbourmaster",
        CLOCKWORKS,
        "A race to the quay",
        "A brawl in the boiler room",
        "The ledger room",
        "A word from the Director",
        "A quiet walk home",
        "The map room",
        "Second thoughts",
        "The last call",
    ]
    places = [body.find(f"“{beat}”") for beat in played]
    assert -1 not in places, [beat for beat, at in zip(played, places, strict=True) if at < 0]
    assert places == sorted(places)  # told in the order they were played
    assert body.index(f"“{CLOCKWORKS}”") < re.search(TRIED + "jam the gears", body).start()
    assert "with Old Tom on hand" in body


def test_a_recap_that_picks_up_mid_scene_names_that_scene(director, playing):
    """The Director drafts a recap in the middle of “Into the clockworks”; the Leg's recap
    then tells what happened next in it under its name and framing, never as Gambles of no
    Scene."""
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    url = playing["url"]
    leg = adventure.legs.get()
    clockworks = KeyLocation.objects.create(
        leg=leg, position=2, name="Lotus Clockworks", public_description="Gears, everywhere."
    )
    scene = Scene.objects.create(
        leg=leg,
        position=3,
        beat=CLOCKWORKS,
        key_location=clockworks,
        framing_where="The gear loft",
        framing_what="Stop the great wheel",
    )
    started = director.post(url + "scene/start/", {"scene": scene.pk}, headers=HTMX)
    assert started.status_code == 200
    _roll_and_lock(playing, sam, "Jam the gears", [6], "mid-0001")
    assert director.post(f"/adventures/{adventure.pk}/recaps/new/").status_code == 302
    so_far = Recap.objects.get()
    assert f"“{CLOCKWORKS}”" in so_far.body
    _roll_and_lock(playing, ada, "Swing on the pendulum", [2], "mid-0002")
    assert director.post(url + "leg/end/", headers=HTMX).status_code == 200

    concluded = Recap.objects.order_by("pk").last()
    assert concluded.title == "Leg 1: A Ticking in the Rain, concluded"
    body = concluded.body
    named = body.find(f"“{CLOCKWORKS}”")
    assert named != -1, body
    assert "at Lotus Clockworks" in body
    assert "stop the great wheel" in body  # its framing, for this recap read alone
    assert named < body.index("swing on the pendulum")
    assert "jam the gears" not in body  # told in the recap before
    assert "Wide Shot" not in body  # so was its Wide Shot
    assert "The first Scene" not in body  # it is no new Scene


def test_a_scene_with_nothing_new_since_the_last_recap_is_not_told_again(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    _gamble(adventure, sam, [6], "quiet-0001", "Pick the lock")
    assert director.post(f"/adventures/{adventure.pk}/recaps/new/").status_code == 302
    _next_scene(adventure, CLOCKWORKS)
    _gamble(adventure, sam, [6], "quiet-0002", "Jam the gears")
    legs.end_leg(adventure, adventure.director)

    body = Recap.objects.order_by("pk").last().body
    assert "Questions for the harbourmaster" not in body
    assert f"“{CLOCKWORKS}”" in body


def _roll_and_lock(playing, hero, intent, faces, request_id):
    """The hero's player rolls a Gamble from their phone and locks it in."""
    phone, url = player_client(hero), playing["url"]
    with use_dice(LoadedDice(faces)):
        roll = phone.post(url + f"roll/{hero.pk}/", gamble_form(request_id, intent), headers=HTMX)
    assert roll.status_code == 200
    gamble = Gamble.objects.filter(character=hero).order_by("-pk").first()
    locked = phone.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX)
    assert locked.status_code == 200
