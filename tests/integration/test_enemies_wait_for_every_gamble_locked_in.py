"""The enemies' turn waits for the last hero's Gamble to be locked in (a fresh-eyes review: the
moment the last hero rolled, every phone said "The enemies act", the cockpit "Everyone has
acted" over "Not yet locked in", and the Director could take the enemies' turn while a Lucky
Save was still to come). The SRD: once all players have acted, the enemies respond; a Gamble's
action is done when it is locked in."""

import pytest

from sessions.models import Gamble, TableEvent, Tumult
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.tumults import tumult_against_kray, words

pytestmark = pytest.mark.django_db


def test_the_enemies_wait_until_the_last_gamble_is_locked_in(director, playing):
    kray = tumult_against_kray(director, playing)
    sam, ada = playing["sam"], playing["ada"]
    sam_phone, ada_phone = player_client(sam), player_client(ada)
    ada_phone.post(playing["url"] + f"tumult/act/{ada.pk}/")
    with use_dice(LoadedDice([6])):
        sam_phone.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("last-0001", danger=""))
    gamble = Gamble.objects.get()
    assert not gamble.locked

    # Sam rolled: he has acted (no second Gamble), but the round waits on his lock-in.
    card = words(director.get(playing["url"] + "part/director-tumult/").content.decode())
    assert "Waiting for Sam Okafor to lock in: then over to the enemies." in card
    assert "Everyone has acted" not in card
    ada_page = words(ada_phone.get(playing["url"]).content.decode())
    assert "Still to lock in: Sam Okafor. Then the enemies act" in ada_page
    assert "The Director is telling what" not in ada_page
    sam_page = words(sam_phone.get(playing["url"]).content.decode())
    assert "The Director is telling what" not in sam_page
    assert "The enemies act" not in sam_page

    # The Director's Enemies' turn is refused, said in the card, nothing doled out.
    split = {
        f"split-{kray.pk}-{sam.pk}": "1",
        "peril-asked": "1",
        "part": "director-tumult",
        "tool": "enemies",
    }
    refused = director.post(playing["url"] + "tumult/enemies/", split, headers=HTMX)
    assert refused.status_code == 409
    assert (
        "Waiting for Sam Okafor to lock in: the enemies act once every Gamble is locked in."
        in words(refused.content.decode())
    )
    assert not TableEvent.objects.filter(kind="enemies_turn").exists()
    assert Tumult.objects.get().phase == "players"
    # With every box at 0, it's refused too, not asked "No Peril?" first.
    zero = {**split, f"split-{kray.pk}-{sam.pk}": "0"}
    refused = director.post(playing["url"] + "tumult/enemies/", zero, headers=HTMX)
    assert refused.status_code == 409
    assert "Waiting for Sam Okafor to lock in" in words(refused.content.decode())

    sam_phone.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    assert Gamble.objects.get().locked
    card = words(director.get(playing["url"] + "part/director-tumult/").content.decode())
    assert "Everyone has acted: over to the enemies!" in card
    assert "The Director is telling what" in words(ada_phone.get(playing["url"]).content.decode())

    taken = director.post(playing["url"] + "tumult/enemies/", split, headers=HTMX)
    assert taken.status_code == 200
    assert TableEvent.objects.filter(kind="enemies_turn").exists()
    assert Tumult.objects.get().phase == "enemies"


def test_the_tv_says_who_is_still_to_lock_in(director, playing):
    from django.test import Client

    from sessions.models import Adventure

    tumult_against_kray(director, playing)
    sam, ada = playing["sam"], playing["ada"]
    with use_dice(LoadedDice([6])):
        rolled = player_client(sam).post(
            playing["url"] + f"roll/{sam.pk}/", gamble_form("tvwait-0001", danger="")
        )
    assert rolled.status_code == 302
    assert Gamble.objects.filter(character=sam, locked=False).exists()
    # Ada acts last, with Sam's Gamble still open: the round isn't over.
    player_client(ada).post(playing["url"] + f"tumult/act/{ada.pk}/")
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    tv = Client().get(f"/screen/{Adventure.objects.get().screen_token}/").content.decode()
    read = words(tv)
    assert "Still to lock in: Sam Okafor. Then over to the enemies." in read
    assert "Over to the enemies!" not in read
    assert "Everyone has acted" not in read
