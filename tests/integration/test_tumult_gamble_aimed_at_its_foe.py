"""In a Tumult a hero's Gamble is aimed at an enemy without the Director remembering to pick
one (fresh-eyes defect; SRD, Dangers: a success aimed at an enemy marks one against it): with
one foe it is aimed at that foe unless the hero says otherwise; with several, the form asks
which (or nobody) rather than nobody by default."""

import re

from sessions.actions import dangers as danger_actions
from sessions.models import Danger, Gamble, Tumult
from sessions.rules import DangerTemplate, LoadedDice, use_dice
from sessions.views.director.dangers import FOES_OFFERED
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form


def _foe(adventure, name: str) -> Danger:
    return danger_actions.add_danger(
        adventure, name, DangerTemplate.LIEUTENANT, None, revealed=True
    )


def _aim_options(client, playing) -> list[tuple[str, str, str]]:
    html = client.get(playing["url"]).content.decode()
    select = re.search(r'<select name="danger"[^>]*>.*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select)


def _chosen(options) -> str:
    return next(value for value, selected, _ in options if selected)


def test_one_foe_in_a_tumult_is_aimed_at_and_takes_the_success(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    kray = _foe(adventure, "Lieutenant Kray")
    phone = player_client(sam)
    # Out of a Tumult, nobody in particular, as before.
    assert _chosen(_aim_options(phone, playing)) == ""
    director.post(playing["url"] + "tumult/start/")
    options = _aim_options(phone, playing)
    assert _chosen(options) == str(kray.pk)
    assert ("", "", "Nobody in particular") in options  # the hero may still say otherwise
    # The form as drawn, rolled: a success marked against Kray.
    with use_dice(LoadedDice([6])):
        phone.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("aim-00001", danger=kray.pk))
    gamble = Gamble.objects.get()
    phone.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    assert Danger.objects.get(pk=kray.pk).successes == 1


def test_several_foes_ask_which_one(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    _foe(adventure, "Lieutenant Kray")
    _foe(adventure, "The Brass Brute")
    director.post(playing["url"] + "tumult/start/")
    phone = player_client(sam)
    options = _aim_options(phone, playing)
    assert options[0] == ("ask", " selected", "Which one?")
    assert ("", "", "Nobody in particular") in options
    # Left unanswered, nothing is rolled and the form says what it needs.
    response = phone.post(
        playing["url"] + f"roll/{sam.pk}/", gamble_form("aim-00002", danger="ask"), headers=HTMX
    )
    assert "Aimed at which enemy? Pick one, or nobody." in response.content.decode()
    assert not Gamble.objects.exists()
    # Nobody in particular is an answer.
    with use_dice(LoadedDice([6])):
        phone.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("aim-00003", danger=""))
    assert Gamble.objects.get().danger is None


def test_with_every_foe_out_a_gamble_goes_ahead_aimed_at_nobody(director, playing):
    """A phone's form drawn while the foes stood, sent once they are all out (the Tumult not
    yet ended): the Gamble is rolled, aimed at nobody, not refused by a field not drawn."""
    adventure, sam = playing["adventure"], playing["sam"]
    kray, brute = _foe(adventure, "Lieutenant Kray"), _foe(adventure, "The Brass Brute")
    director.post(playing["url"] + "tumult/start/")
    Danger.objects.filter(pk__in=[kray.pk, brute.pk]).update(successes=9)
    phone = player_client(sam)
    # (Sent asking "Which enemy?", it goes the same way: see the browser test.)
    with use_dice(LoadedDice([6])):
        sent = gamble_form("aim-out-1", danger=kray.pk)
        response = phone.post(playing["url"] + f"roll/{sam.pk}/", sent, headers=HTMX)
    assert response.status_code == 200
    assert Gamble.objects.get().danger is None


def test_a_refusal_of_a_field_not_drawn_is_said(director, playing):
    """Any refusal of a Gamble shows its reason in the fragment sent back, even one of a field
    the form does not draw (here its hidden request id)."""
    sam = playing["sam"]
    phone = player_client(sam)
    data = gamble_form("aim-00009")
    data.pop("request_id")
    response = phone.post(playing["url"] + f"roll/{sam.pk}/", data, headers=HTMX)
    assert response.status_code == 400
    assert "This Gamble form is out of date" in response.content.decode()
    assert not Gamble.objects.exists()


def test_an_aim_at_an_enemy_put_out_falls_to_one_still_standing_and_says_why(director, playing):
    """A phone's form aimed at an enemy another hero has since put out, rolled while another
    still stands (fresh-eyes review, item 1): nothing is rolled, the words come back as typed,
    the aim falls to the foe still standing and the field says why (not "Aimed at which
    enemy?", as if the player had not picked one)."""
    adventure, sam = playing["adventure"], playing["sam"]
    kray, brute = _foe(adventure, "Lieutenant Kray"), _foe(adventure, "The Brass Brute")
    director.post(playing["url"] + "tumult/start/")
    Danger.objects.filter(pk=brute.pk).update(successes=9)
    phone = player_client(sam)
    sent = gamble_form("aim-out-2", danger=brute.pk, intent="Trip the Brute")
    response = phone.post(playing["url"] + f"roll/{sam.pk}/", sent, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 400
    assert not Gamble.objects.exists()
    assert "Out of the picture: The Brass Brute. Aim at another or nobody." in html
    assert "Aimed at which enemy?" not in html
    assert "Trip the Brute</textarea>" in html  # what Sam typed, kept
    assert re.search(rf'<option value="{kray.pk}" selected>Lieutenant Kray</option>', html)


def test_in_a_tumult_only_its_foes_are_offered_as_aims(director, playing):
    """A Danger of the Scene left out of the Tumult is not offered as an aim on a phone's
    Gamble during it (fresh-eyes review on the phone: "Aimed at an enemy?" listed an enemy
    elsewhere in the Scene); out of the Tumult, every enemy in sight is offered again."""
    adventure, sam = playing["adventure"], playing["sam"]
    kray, brute = _foe(adventure, "Lieutenant Kray"), _foe(adventure, "The Brass Brute")
    phone = player_client(sam)
    names = {name for _, _, name in _aim_options(phone, playing)}
    assert {"Lieutenant Kray", "The Brass Brute"} <= names
    ticked = {FOES_OFFERED: "1", "foe": [kray.pk]}  # as the Director's start form sends it
    director.post(playing["url"] + "tumult/start/", ticked)
    assert Tumult.objects.get(active=True).foes == [kray.pk]
    options = _aim_options(phone, playing)
    assert [name for _, _, name in options] == ["Nobody in particular", "Lieutenant Kray"]
    assert _chosen(options) == str(kray.pk)
    # A Gamble sent aimed at the enemy outside the fight is refused by the field.
    sent = gamble_form("aim-out-3", danger=brute.pk, intent="Shove the Brute")
    response = phone.post(playing["url"] + f"roll/{sam.pk}/", sent, headers=HTMX)
    assert response.status_code == 400
    assert not Gamble.objects.exists()
    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    names = {name for _, _, name in _aim_options(phone, playing)}
    assert {"Lieutenant Kray", "The Brass Brute"} <= names
