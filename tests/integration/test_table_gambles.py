import re

import pytest

from characters.models import Character
from sessions.models import Gamble, SoundEffect, TableEvent
from sessions.parts import change, kept
from sessions.rules import LoadedDice, NotATarget, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _roll(client, playing, request_id="request-0001", **data):
    url = playing["url"] + f"roll/{playing['sam'].pk}/"
    return client.post(url, gamble_form(request_id, **data), headers=HTMX)


def test_a_gamble_rolls_the_pool_on_the_server(bob_client, playing):
    with use_dice(LoadedDice([6, 1, 3])):
        response = _roll(bob_client, playing, advantages=1, sound_effects=["BLAM!"], intent="jump")
    assert response.status_code == 200
    gamble = Gamble.objects.get()
    assert (gamble.pool, gamble.dice) == (3, [6, 1, 3])
    sam = Character.objects.get(pk=playing["sam"].pk)
    assert sam.blammo == 1  # spent before the roll
    assert SoundEffect.objects.get().key == "blam"
    assert TableEvent.objects.filter(kind="gamble_rolled").count() == 1


def test_only_a_roll_that_spends_blammo_dice_redraws_the_cast(bob_client, playing):
    """A roll changes no hero's trackers unless sound effects spend Blammo! Dice: only then do
    the Cast panels (the players', the Director's) draw again, and the hero is written."""
    sam = Character.objects.get(pk=playing["sam"].pk)
    updated = sam.updated
    with use_dice(LoadedDice([6, 5, 4])):
        _roll(bob_client, playing, advantages=1)
    plain = TableEvent.objects.get(kind="gamble_rolled")
    assert {"cast", "director-cast"}.isdisjoint(change([plain]).names)
    assert "gamble" in change([plain]).names
    assert Character.objects.get(pk=sam.pk).updated == updated
    _lock(bob_client, playing)
    with use_dice(LoadedDice([6, 5, 4])):
        _roll(bob_client, playing, "request-0002", sound_effects=["BLAM!"])
    loud = TableEvent.objects.filter(kind="gamble_rolled").latest("pk")
    assert {"cast", "director-cast"} <= change([loud]).names
    assert Character.objects.get(pk=sam.pk).blammo == sam.blammo - 1


@pytest.mark.parametrize(("dice", "cast_drawn"), [([6, 5], False), ([6, 1], True), ([3, 2], True)])
def test_a_lock_in_redraws_the_cast_only_when_the_trackers_move(
    bob_client, playing, dice, cast_drawn
):
    """A clean success leaves the hero as they were: no write, no Cast panel drawn again. A 1
    (Peril) or a Blunder (a Blammo! Die) changes the trackers, and the Cast shows it."""
    before = Character.objects.get(pk=playing["sam"].pk)
    with use_dice(LoadedDice(dice)):
        _roll(bob_client, playing, advantages=1)
    _lock(bob_client, playing)
    locked = TableEvent.objects.get(kind="gamble_locked")
    assert ({"cast", "director-cast"} <= change([locked]).names) is cast_drawn
    after = Character.objects.get(pk=playing["sam"].pk)
    assert (after.updated != before.updated) is cast_drawn
    assert (after.state != before.state) is cast_drawn


def test_the_latest_gamble_says_knockout_only_for_its_own_lock_in(bob_client, playing):
    """Ada's Gamble is rolled after Sam's; Sam's is locked in last and knocks him out: the
    latest panel is Sam's, with his Knockout (the one a move changed last). Ada's next roll
    is the latest then, with no Knockout of hers."""
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5)
    ada = player_client(playing["ada"])
    with use_dice(LoadedDice([1, 1])):
        _roll(bob_client, playing, advantages=1)
    sams = Gamble.objects.get()
    with use_dice(LoadedDice([6])):
        url = playing["url"] + f"roll/{playing['ada'].pk}/"
        ada.post(url, gamble_form("ada-0001"), headers=HTMX)
    adas = Gamble.objects.exclude(pk=sams.pk).get()
    for client, gamble in ((ada, adas), (bob_client, sams)):
        url = playing["url"] + f"gambles/{gamble.pk}/lock/"
        assert client.post(url, {"step": gamble.step}, headers=HTMX).status_code == 200
    assert TableEvent.objects.filter(kind="gamble_locked").latest("pk").data["knocked_out"]
    assert "knockout-banner" in ada.get(playing["url"]).content.decode()
    with use_dice(LoadedDice([6])):
        url = playing["url"] + f"roll/{playing['ada'].pk}/"
        ada.post(url, gamble_form("ada-0002"), headers=HTMX)
    page = ada.get(playing["url"]).content.decode()
    assert "Ada</strong>" in page
    assert "knockout-banner" not in page


def _lock(client, playing):
    gamble = Gamble.objects.get(locked=False)
    url = playing["url"] + f"gambles/{gamble.pk}/lock/"
    assert client.post(url, {"step": gamble.step}, headers=HTMX).status_code == 200


def test_a_double_click_rolls_once(bob_client, playing):
    with use_dice(LoadedDice([6, 2])):
        _roll(bob_client, playing, advantages=1)
        _roll(bob_client, playing, advantages=1)
    assert Gamble.objects.count() == 1
    assert TableEvent.objects.filter(kind="gamble_rolled").count() == 1


def test_a_used_sound_effect_is_refused_and_nothing_changes(bob_client, playing):
    with use_dice(LoadedDice([5, 5])):
        _roll(bob_client, playing, sound_effects=["PLUNK!"])
    gamble = Gamble.objects.get()
    bob_client.post(
        playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX
    )
    response = _roll(bob_client, playing, "request-0002", sound_effects=["plunk"])
    assert response.status_code == 409
    assert "has been used" in response.content.decode()
    assert Gamble.objects.count() == 1
    assert Character.objects.get(pk=playing["sam"].pk).blammo == 1


def test_the_sound_check_says_whether_an_effect_is_fresh(bob_client, playing):
    with use_dice(LoadedDice([5, 5])):
        _roll(bob_client, playing, sound_effects=["Ka-Boom"])
    used = bob_client.get(playing["url"] + "sound-check/", {"sound_effects": "KABOOM!!"})
    assert "has been used" in used.content.decode()
    fresh = bob_client.get(playing["url"] + "sound-check/", {"sound_effects": "Zlonk"})
    assert "is fresh" in fresh.content.decode()


def test_lucky_save_then_lock_in_applies_the_final_dice(bob_client, playing):
    with use_dice(LoadedDice([1, 4])):
        _roll(bob_client, playing, advantages=1)
    gamble = Gamble.objects.get()
    url = playing["url"] + f"gambles/{gamble.pk}/"
    bob_client.post(url + "lucky/", {"step": gamble.step, "die": 1}, headers=HTMX)
    gamble.refresh_from_db()
    assert gamble.dice == [1, 5]
    response = bob_client.post(url + "lock/", {"step": gamble.step}, headers=HTMX)
    assert response.status_code == 200
    sam = Character.objects.get(pk=playing["sam"].pk)
    # Success thanks to the Lucky Save, and one 1 still showing: Peril +1.
    assert (sam.peril, sam.blammo, sam.lucky_saves) == (1, 2, 1)
    event = TableEvent.objects.filter(kind="gamble_locked").get()
    assert event.data["success"] is True
    assert event.data["before"]["peril"] == 0
    assert event.data["after"]["peril"] == 1


def test_a_stale_lucky_save_changes_nothing(bob_client, playing):
    with use_dice(LoadedDice([1, 4])):
        _roll(bob_client, playing, advantages=1)
    gamble = Gamble.objects.get()
    url = playing["url"] + f"gambles/{gamble.pk}/lucky/"
    bob_client.post(url, {"step": gamble.step, "die": 1}, headers=HTMX)
    again = bob_client.post(url, {"step": gamble.step, "die": 1}, headers=HTMX)
    assert again.status_code == 409
    assert "The table has moved on" in again.content.decode()
    gamble.refresh_from_db()
    assert gamble.dice == [1, 5]
    assert Character.objects.get(pk=playing["sam"].pk).lucky_saves == 1


def test_locking_in_twice_is_refused(bob_client, playing):
    with use_dice(LoadedDice([6])):
        _roll(bob_client, playing)
    gamble = Gamble.objects.get()
    url = playing["url"] + f"gambles/{gamble.pk}/lock/"
    bob_client.post(url, {"step": gamble.step}, headers=HTMX)
    again = bob_client.post(url, {}, headers=HTMX)
    assert again.status_code == 409
    assert "already locked in" in again.content.decode()
    assert TableEvent.objects.filter(kind="gamble_locked").count() == 1


def test_the_catchphrase_rerolls_once_per_leg(bob_client, playing):
    with use_dice(LoadedDice([1, 2, 6])):
        _roll(bob_client, playing)
        gamble = Gamble.objects.get()
        url = playing["url"] + f"gambles/{gamble.pk}/"
        bob_client.post(url + "reroll/", {"step": gamble.step}, headers=HTMX)
        gamble.refresh_from_db()
        assert gamble.dice == [2]
        bob_client.post(url + "lock/", {"step": gamble.step}, headers=HTMX)
        _roll(bob_client, playing, "request-0002")
    second = Gamble.objects.filter(locked=False).get()
    response = bob_client.post(
        playing["url"] + f"gambles/{second.pk}/reroll/", {"step": second.step}, headers=HTMX
    )
    assert response.status_code == 409
    assert "already rung out this Leg" in response.content.decode()


def test_leaving_a_gamble_open_locks_it_in_at_the_next_roll(bob_client, playing):
    with use_dice(LoadedDice([1, 5])):
        _roll(bob_client, playing)
        _roll(bob_client, playing, "request-0002")
    first, second = Gamble.objects.order_by("pk")
    assert first.locked
    assert not second.locked
    assert Character.objects.get(pk=playing["sam"].pk).peril == 1


def test_a_knocked_out_hero_cannot_gamble(bob_client, playing):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5)
    with use_dice(LoadedDice([1])):
        _roll(bob_client, playing)
        gamble = Gamble.objects.get()
        bob_client.post(
            playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX
        )
    sam = Character.objects.get(pk=playing["sam"].pk)
    assert (sam.peril, sam.knockouts, sam.incapacitated) == (0, 1, True)
    response = _roll(bob_client, playing, "request-0002")
    assert response.status_code == 409
    assert "Knocked out!" in response.content.decode()


def test_helpers_must_be_fellow_cast_members_who_can_help(bob_client, playing):
    ada = playing["ada"]
    with use_dice(LoadedDice([2, 2])):
        response = _roll(bob_client, playing, helpers=[ada.pk])
    assert response.status_code == 200
    assert Gamble.objects.get().pool == 2
    stranger = Character.objects.create(owner=ada.owner, name="Stranger", archetype="operator")
    response = _roll(bob_client, playing, "request-0002", helpers=[stranger.pk])
    assert response.status_code == 400  # not one of the choices: by its field
    assert Gamble.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "status"),
    [
        # The form's own checks: the form back with the message by its field (400).
        ({"advantages": "-1"}, 400),
        ({"advantages": "99"}, 400),
        ({"penalties": "lots"}, 400),
        ({"knacks": ["A knack Sam doesn't have"]}, 400),
        ({"request_id": "x"}, 400),
        ({"request_id": "%_%s%"}, 400),  # it names every field's id: it must not break them
        ({"intent": ""}, 400),
        ({"intent": "   "}, 400),
        # The rules engine's: refused with the reason on top (409).
        ({"sound_effects": ["ONE", "TWO", "THREE"]}, 409),
    ],
)
def test_hostile_gamble_input_is_refused(bob_client, playing, data, status):
    response = _roll(bob_client, playing, **{"request_id": "request-0009", **data})
    assert response.status_code == status
    assert not Gamble.objects.exists()


def test_a_gamble_without_what_the_hero_tries_rolls_nothing(bob_client, playing):
    """The SRD's Gamble is made when a hero tries something: no intent, no roll. The panel
    comes back with the message by the field, what was chosen still in the form."""
    knack = playing["sam"].knacks.first()
    data = {"intent": "", "advantages": 2}
    if knack is not None:
        data["knacks"] = [knack.text]
    response = _roll(bob_client, playing, **data)
    assert response.status_code == 400
    content = response.content.decode()
    sam = playing["sam"]
    error_id = f"g{sam.pk}-request-0001_intent_error"
    assert re.search(
        rf'<ul class="errorlist" id="{error_id}">.*Say what your hero tries', content, re.S
    )
    assert re.search(rf'aria-describedby="[^"]*\b{error_id}\b', content)
    assert 'value="2"' in content  # the advantages kept
    assert not Gamble.objects.exists()
    assert not TableEvent.objects.filter(kind="gamble_rolled").exists()
    sam.refresh_from_db()
    assert sam.blammo == playing["sam"].blammo


def test_odds_follow_the_pool(bob_client, playing):
    url = playing["url"] + f"odds/{playing['sam'].pk}/"
    content = bob_client.get(url, {"advantages": 2}).content.decode()
    assert "3 dice" in content
    assert "70%" in content  # 1 - (2/3)^3 = 19/27


def test_the_director_rolling_for_a_hero_gets_its_odds_and_no_other_player_does(director, playing):
    """The Roll-for page (the Director builds a hero's pool) asks for the odds as the
    player's own panel does; another player can't ask for someone else's hero."""
    url = playing["url"] + f"odds/{playing['sam'].pk}/"
    content = director.get(url, {"advantages": 2}).content.decode()
    assert "3 dice" in content
    ada = player_client(playing["ada"])
    assert ada.get(url, {"advantages": 2}).status_code == 404


@pytest.mark.parametrize("action", ["lock/", "lucky/", "reroll/"])
@pytest.mark.parametrize("step", [None, "", "²", "-1", "abc", "9" * 5000, "1"])
def test_a_gamble_move_without_the_step_it_was_shown_changes_nothing(
    bob_client, playing, action, step
):
    """The stale-action guard needs the step the page showed: missing, malformed, huge or old
    steps are a 409 and the Gamble stays exactly as it was."""
    with use_dice(LoadedDice([2, 3])):
        _roll(bob_client, playing, advantages=1)
    gamble = Gamble.objects.get()
    data = {"die": 0} if step is None else {"die": 0, "step": step}
    with use_dice(LoadedDice([6, 6])):
        response = bob_client.post(
            playing["url"] + f"gambles/{gamble.pk}/{action}", data, headers=HTMX
        )
    assert response.status_code == 409
    assert "The table has moved on" in response.content.decode()
    after = Gamble.objects.get()
    assert (after.dice, after.step, after.locked) == ([2, 3], 0, False)
    assert (
        TableEvent.objects.filter(kind="gamble_rolled").count()
        == TableEvent.objects.filter(kind__startswith="gamble").count()
    )


def test_a_strange_log_page_number_shows_the_newest_page(bob_client, playing):
    response = bob_client.get(playing["url"] + "part/log/?before=²")
    assert response.status_code == 200
    assert "New Scene" in response.content.decode()


def test_a_danger_hidden_after_the_page_loaded_cannot_be_hit(bob_client, playing):
    from sessions.models import Danger

    danger = Danger.objects.get()
    Danger.objects.filter(pk=danger.pk).update(revealed=True)
    from sessions.actions import gambles

    wish = gambles.GambleRequest("", [], [], [], 0, [], 0, danger=danger)
    Danger.objects.filter(pk=danger.pk).update(revealed=False)  # hidden after the page loaded
    with pytest.raises(NotATarget):
        gambles.roll_gamble(
            playing["adventure"], playing["sam"], wish, "hidden-0001", None, LoadedDice([6])
        )
    assert not Gamble.objects.exists()


def test_editing_a_sheet_never_undoes_peril_from_the_table(client, playing):
    sam = playing["sam"]
    client.force_login(sam.owner)
    page = client.get(f"/characters/{sam.pk}/edit/")
    assert page.status_code == 200
    Character.objects.filter(pk=sam.pk).update(peril=4)  # the Director strikes meanwhile
    client.post(
        f"/characters/{sam.pk}/edit/",
        {"action": "save", "name": "Sam O.", "archetype": "brawler"},
    )
    sam = Character.objects.get(pk=sam.pk)
    assert (sam.name, sam.peril) == ("Sam O.", 4)


def _verdict(client, playing) -> str:
    page = client.get(playing["url"]).content.decode()
    verdict = re.search(r'<p class="verdict"[^>]*>(.*?)</p>', page, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", verdict).split())


def test_the_open_gamble_offers_only_the_moves_still_open(bob_client, playing):
    lucky = Character.objects.get(pk=playing["sam"].pk).lucky_saves
    with use_dice(LoadedDice([6, 4])):
        _roll(bob_client, playing)
        # A 6 in hand: no die a Lucky Save can help, so no +1 is offered.
        assert _verdict(bob_client, playing) == (
            f"As the dice stand: Success! Lucky Saves left: {lucky}. "
            "Re-roll with your Catchphrase, or lock it in."
        )
        gamble = Gamble.objects.get()
        url = playing["url"] + f"gambles/{gamble.pk}/reroll/"
        # (A success thrown away: confirmed, as the panel asks.)
        bob_client.post(url, {"step": gamble.step, "confirm": "yes"}, headers=HTMX)
    # The Catchphrase is spent for the Leg: the panel no longer offers it.
    assert _verdict(bob_client, playing) == (
        f"As the dice stand: Blunder. Lucky Saves left: {lucky}. "
        "Raise a die with +1, then lock it in."
    )
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=0)
    kept.changed(playing["adventure"])  # changed behind the app's back: a new moment all the same
    assert _verdict(bob_client, playing).endswith("Lucky Saves left: 0. Lock it in.")


def test_the_director_rolling_for_a_hero_is_asked_what_they_try_too(director, playing):
    """The roll-for page (plain forms, no htmx) comes back whole, the message by the field."""
    sam = playing["sam"]
    page = f"/adventures/{playing['adventure'].pk}/table/for/{sam.pk}/"
    response = director.post(
        playing["url"] + f"roll/{sam.pk}/",
        gamble_form("for-sam-0001", intent="", advantages=1),
        headers={"Referer": "http://testserver" + page},
    )
    assert response.status_code == 400
    content = response.content.decode()
    assert content.startswith("<!doctype html>")
    assert "Rolling for Sam Okafor" in content
    error_id = f"g{sam.pk}-for-sam-0001_intent_error"
    assert re.search(
        rf'<ul class="errorlist" id="{error_id}">.*Say what your hero tries', content, re.S
    )
    assert not Gamble.objects.exists()

    response = director.post(
        playing["url"] + f"roll/{sam.pk}/",
        gamble_form("for-sam-0001", intent="pick the lock", advantages=1),
        headers={"Referer": "http://testserver" + page},
    )
    assert response.status_code == 302
    assert Gamble.objects.get().setup["intent"] == "pick the lock"
