"""The consequence prompt "Part them from their gear" made real (the evening's review, issue
35): once the Director uses it, the hero's Equipment is offered, each item one tap from being
taken; the move is logged and undone like any other; a player can't make it."""

import html
import re

import pytest

from characters.models import Equipment
from sessions.models import Gamble, TableEvent, next_to_undo
from sessions.rules import LoadedDice
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

MOVE = "Part them from their gear"


def _blunder(playing) -> TableEvent:
    from sessions.actions import gambles, rolled

    adventure, sam = playing["adventure"], playing["sam"]
    ask = gambles.GambleRequest(
        intent="", knacks=[], equipment=[], sound_effects=[], advantages=0, helpers=[],
        penalties=0,
    )  # fmt: skip
    made = gambles.roll_gamble(adventure, sam, ask, "gear-0001", sam.owner, LoadedDice([2]))
    made = Gamble.objects.get(pk=made.pk)
    rolled.lock_in(adventure, made.pk, made.step, sam.owner)
    return TableEvent.objects.filter(kind="gamble_locked").get()


def _drawn_until_the_move(director, playing, event) -> str:
    """The Director asks for Another until the move is among the three."""
    for _ in range(30):
        prompts = director.get(playing["url"] + "part/consequences/").content.decode()
        if MOVE in prompts:
            return prompts
        director.post(playing["url"] + "consequences/another/", {"event": event.pk})
    raise AssertionError("the move was never drawn")


def test_using_the_move_offers_the_heros_gear_one_tap_each(director, playing):
    sam = playing["sam"]
    camera = Equipment.objects.create(character=sam, text="Miniature camera")
    Equipment.objects.create(character=sam, text="Brass knuckles")
    event = _blunder(playing)
    prompts = _drawn_until_the_move(director, playing, event)
    assert "Miniature camera: take it from" not in prompts  # offered once the move is used
    note = re.search(r'name="note" value="([^"]*' + MOVE + r'[^"]*)"', prompts).group(1)
    used = director.post(
        playing["url"] + "notes/add/", {"note": html.unescape(note), "event": event.pk},
        headers=HTMX,
    ).content.decode()  # fmt: skip
    assert f"Miniature camera: take it from {sam.name}" in html.unescape(used)
    assert f"Brass knuckles: take it from {sam.name}" in html.unescape(used)

    # A player can't take a hero's gear.
    bob = player_client(sam)
    refused = bob.post(playing["url"] + "gear/take/", {"character": sam.pk, "item": camera.pk})
    assert refused.status_code == 404
    assert Equipment.objects.filter(pk=camera.pk).exists()

    # The log tells of the hero by the pronouns their player picked.
    type(sam).objects.filter(pk=sam.pk).update(pronouns="she")
    taken = director.post(
        playing["url"] + "gear/take/",
        {"character": sam.pk, "item": camera.pk, "part": "consequences"},
        headers=HTMX,
    )
    assert taken.status_code == 200
    assert list(sam.equipment.values_list("text", flat=True)) == ["Brass knuckles"]
    lost = TableEvent.objects.first()
    assert lost.kind == "gear_lost"
    assert lost.summary == f"{sam.name} is parted from her gear: Miniature camera is gone."
    prompts = html.unescape(director.get(playing["url"] + "part/consequences/").content.decode())
    assert "Miniature camera: take it from" not in prompts
    # The move's line names one of the hero's items, drawn for this moment: if it named the
    # knuckles it is still the line used, the knuckles a tap away; if it named the camera,
    # the line is drawn anew without it, the move offered to use again.
    knuckles = f"Brass knuckles: take it from {sam.name}"
    assert knuckles in prompts or "Part her from her gear" in prompts
    # Taken twice (a second tap, another tab): refused, nothing more happens.
    again = director.post(
        playing["url"] + "gear/take/",
        {"character": sam.pk, "item": camera.pk, "part": "consequences"},
        headers=HTMX,
    )
    assert "no longer has that" in again.content.decode()
    assert TableEvent.objects.filter(kind="gear_lost").count() == 1

    # Undone like any move: the item is back, as it was.
    from sessions.actions import corrections

    assert next_to_undo(playing["adventure"].pk).pk == lost.pk
    corrections.undo(playing["adventure"], lost.pk, playing["adventure"].director)
    assert Equipment.objects.get(pk=camera.pk).text == "Miniature camera"
