"""Fresh-eyes defects in the recap's words: a posted consequence told, a Key Location's
article lowered mid-sentence, the Cast named once a paragraph, the story so far in play
order."""

import pytest

from characters.models import Equipment
from sessions.models import Recap, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _blunder(playing, hero="sam", faces=(2,)):
    character = playing[hero]
    client = player_client(character)
    with use_dice(LoadedDice(list(faces))):
        client.post(playing["url"] + f"roll/{character.pk}/", gamble_form(f"fresh-{hero}-01"))
    gamble = character.gambles.get()
    client.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    return TableEvent.objects.get(kind="gamble_locked")


def test_a_consequence_the_director_posted_after_a_blunder_is_told(director, playing):
    _blunder(playing)
    answer = director.post(
        playing["url"] + "narrate/",
        {"note": "The floorboards give way under Sam", "part": "consequences", "confirm": "1"},
        headers=HTMX,
    )
    assert answer.status_code == 200
    assert TableEvent.objects.filter(kind="narration").exists()
    director.post(playing["url"] + "leg/end/", headers=HTMX)
    assert "The floorboards give way under Sam." in Recap.objects.get().body


def test_a_hero_parted_from_their_gear_after_a_blunder_is_told(director, playing):
    """The consequence "Lose their grip" made real in one tap: told in the recap."""
    compass = Equipment.objects.create(character=playing["sam"], text="a brass compass")
    _blunder(playing)
    answer = director.post(
        playing["url"] + "gear/take/",
        {"character": playing["sam"].pk, "item": compass.pk, "part": "consequences"},
        headers=HTMX,
    )
    assert answer.status_code == 200
    assert TableEvent.objects.filter(kind="gear_lost").exists()
    director.post(playing["url"] + "leg/end/", headers=HTMX)
    body = Recap.objects.get().body
    assert "Sam was parted from their gear: a brass compass, gone." in body


def test_the_story_so_far_tells_the_legs_in_the_order_they_were_played(director, playing):
    """A Leg played, then one put before it in the prep and played: "Previously on…" tells
    them in the order played, each named as it was played."""
    from sessions.actions import legs, narration
    from sessions.models import Leg
    from sessions.recaps import drafts, so_far
    from sessions.rules import LoadedDice

    adventure = playing["adventure"]
    director_user = adventure.director
    first_played = adventure.legs.get()
    prologue = Leg.objects.create(adventure=adventure, position=0, title="The Prologue")
    Leg.objects.filter(pk=first_played.pk).update(position=1)
    narration.narrate(adventure, "The harbour bell tolls thirteen times", director_user)
    legs.end_leg(adventure, director_user)
    legs.start_leg(adventure, prologue, director_user, LoadedDice([2, 3]))
    narration.narrate(adventure, "A letter arrives from Vienna", director_user)
    legs.end_leg(adventure, director_user)
    for recap in Recap.objects.all():
        drafts.publish(recap, True)
    cards = so_far.cards(so_far.recaps(adventure))
    # Told in the order played, each Leg named as the table knew it then (its recap's
    # "Leg 1"), never renumbered by the prep's order since ("Leg 2: A Ticking in the Rain").
    titles = [card.title for card in cards]
    assert titles[0] == "Leg 1: A Ticking in the Rain"
    assert titles[1].endswith("The Prologue")
    assert "thirteen times" in cards[0].text
    assert "from Vienna" in cards[1].text
