"""Real dice at the table: players roll their own d6s, type the faces, and the app referees.

Every roll kind, in both settings (real dice only, and either), through the real URLs. The
app's dice are loaded with nothing (`NO_APP_DICE`) wherever the faces must come from the
player: if the app rolled instead, the test fails there.
"""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from characters.models import Character
from sessions.actions import legs
from sessions.models import (
    Adventure,
    Gamble,
    Investigation,
    Leg,
    RealDice,
    TableEvent,
    next_to_undo,
)
from sessions.parts import kept
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import TRIES, gamble_form

pytestmark = pytest.mark.django_db

# The session and user, the Cast with their open Gambles, the Investigations, the hero's
# Knacks, Equipment and Gambles made (one read), the Scene and its enemies (to aim at).
QUERIES_ROLLING_FOR = 7

HOSTILE = {
    "too few": ("5", "Roll 2 dice"),
    "too many": ("5 2 1", "Roll 2 dice"),
    "a zero": ("0 5", "isn't a face of a d6"),
    "a seven": ("7 1", "isn't a face of a d6"),
    "letters": ("a b", "isn't a face of a d6"),
    "two hundred faces": (" ".join(["3"] * 200), "200 faces"),
    "negative numbers": ("-1 5", "isn't a face of a d6"),
    "a thousand digits": ("9" * 1000, "faces"),
}


def no_app_dice():
    return use_dice(LoadedDice([]))


def _set(playing, real_dice: str) -> Adventure:
    Adventure.objects.filter(pk=playing["adventure"].pk).update(real_dice=real_dice)
    kept.changed(playing["adventure"])  # as the Adventure's edit page moves it
    return Adventure.objects.get(pk=playing["adventure"].pk)


def _roll(client, playing, hero, request_id="request-0001", **data):
    url = playing["url"] + f"roll/{hero.pk}/"
    return client.post(url, gamble_form(request_id, **data), headers=HTMX)


def _gamble_url(playing, gamble) -> str:
    return playing["url"] + f"gambles/{gamble.pk}/"


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _hero(character) -> Character:
    return Character.objects.get(pk=character.pk)


# The setting ----------------------------------------------------------------------------------


def test_the_director_switches_on_real_dice_and_every_screen_says_so(director, playing):
    response = director.post(playing["url"] + "real-dice/", {"real_dice": "hand"}, headers=HTMX)
    assert response.status_code == 200
    assert Adventure.objects.get().real_dice == RealDice.HAND
    event = TableEvent.objects.get(kind="real_dice")
    assert "Real dice tonight" in event.summary
    player = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Real dice tonight" in player
    assert "The faces you rolled" in player
    assert "Enter the roll" in player
    director.post(playing["url"] + "screen/", {"enabled": "1"}, headers=HTMX)
    token = Adventure.objects.get().screen_token
    assert "Real dice tonight" in director.get(f"/screen/{token}/").content.decode()


def test_the_app_rolls_by_default_and_its_tables_offer_no_faces(director, playing):
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert Adventure.objects.get().real_dice == RealDice.APP
    assert "Real dice tonight" not in page
    assert 'name="faces"' not in page


def test_only_the_director_chooses_the_dice(playing):
    player = player_client(playing["sam"])
    response = player.post(playing["url"] + "real-dice/", {"real_dice": "hand"}, headers=HTMX)
    assert response.status_code == 404
    assert Adventure.objects.get().real_dice == RealDice.APP


@pytest.mark.parametrize("value", ["", "loaded", "HAND", "x" * 500])
def test_a_setting_that_isnt_one_is_refused(director, playing, value):
    response = director.post(playing["url"] + "real-dice/", {"real_dice": value}, headers=HTMX)
    assert response.status_code == 409
    assert Adventure.objects.get().real_dice == RealDice.APP
    assert not TableEvent.objects.filter(kind="real_dice").exists()


def test_the_director_chooses_real_dice_in_prep(alice_client, adventure):
    response = alice_client.post(
        f"/adventures/{adventure.pk}/edit/",
        {"title": adventure.title, "pitch": "", "real_dice": "either"},
    )
    assert response.status_code == 302
    assert Adventure.objects.get().real_dice == RealDice.EITHER
    page = alice_client.get(f"/adventures/{adventure.pk}/edit/").content.decode()
    assert "Either: each player chooses per roll" in page


# Gambles --------------------------------------------------------------------------------------


def test_a_player_enters_the_faces_of_a_gamble_and_the_log_says_by_hand(playing):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    client = player_client(sam)
    with no_app_dice():
        response = _roll(client, playing, sam, advantages=1, faces="5 1", intent="leap")
    assert response.status_code == 200
    gamble = Gamble.objects.get()
    assert (gamble.pool, gamble.dice, gamble.by_hand) == (2, [5, 1], True)
    event = TableEvent.objects.get(kind="gamble_rolled")
    assert "Sam Okafor rolled by hand: 5 1." in event.summary
    assert event.data["hand_faces"] == [1, 0, 0, 0, 1, 0]
    assert "app_faces" not in event.data
    # The lock-in is refereed as ever: a success, and the 1 is a point of Peril.
    client.post(_gamble_url(playing, gamble) + "lock/", {"step": gamble.step}, headers=HTMX)
    assert _hero(sam).peril == 1
    tv_log = player_client(playing["ada"]).get(playing["url"]).content.decode()
    assert "rolled by hand: 5 1" in tv_log  # the log
    assert "Rolled by hand: 5 1." in tv_log  # the latest Gamble, beside its dice


def test_the_gamble_panel_says_how_many_dice_to_roll_and_why(playing):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    odds = player_client(sam).get(
        playing["url"] + f"odds/{sam.pk}/", {"advantages": "2", "penalties": "1"}
    )
    text = _text(odds)
    assert "Roll <strong>2 dice</strong>" in text
    assert "1 + 2 advantages − 1 penalty" in text


@pytest.mark.parametrize("setting", [RealDice.HAND, RealDice.EITHER])
@pytest.mark.parametrize("typed", HOSTILE.values(), ids=HOSTILE.keys())
def test_faces_that_cant_be_the_roll_are_refused_by_the_field(playing, typed, setting):
    faces, message = typed
    _set(playing, setting)
    sam = playing["sam"]
    events = TableEvent.objects.count()
    with no_app_dice():
        response = _roll(
            player_client(sam), playing, sam, faces=faces, sound_effects=["KRAK!"], intent="x"
        )
    assert response.status_code == 400
    text = _text(response)
    assert message in text
    assert 'class="form-errors field-error" id="faces-roll-' in text
    assert not Gamble.objects.exists()
    assert TableEvent.objects.count() == events
    assert _hero(sam).blammo == 2  # the Blammo! Die wasn't spent


def test_real_dice_only_needs_the_faces(playing):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    with no_app_dice():
        response = _roll(player_client(sam), playing, sam, faces="   ")
    assert response.status_code == 400
    assert "roll them and enter the faces" in _text(response)
    assert not Gamble.objects.exists()


def test_a_table_on_the_apps_dice_takes_no_typed_faces(playing):
    sam = playing["sam"]
    with no_app_dice():
        response = _roll(player_client(sam), playing, sam, faces="6")
    assert response.status_code == 400
    assert "This table rolls the app's dice" in _text(response)
    assert not Gamble.objects.exists()


def test_with_either_each_player_chooses_per_roll(playing):
    _set(playing, RealDice.EITHER)
    sam, ada = playing["sam"], playing["ada"]
    with no_app_dice():
        _roll(player_client(sam), playing, sam, faces="4")
    with use_dice(LoadedDice([6])):
        _roll(player_client(ada), playing, ada, faces="")
    by_hero = {g.character_id: g for g in Gamble.objects.all()}
    assert (by_hero[sam.pk].dice, by_hero[sam.pk].by_hand) == ([4], True)
    assert (by_hero[ada.pk].dice, by_hero[ada.pk].by_hand) == ([6], False)
    app_roll = TableEvent.objects.get(kind="gamble_rolled", character=ada)
    assert "by hand" not in app_roll.summary
    assert app_roll.data["app_faces"] == [0, 0, 0, 0, 0, 1]


@pytest.mark.parametrize("setting", [RealDice.HAND, RealDice.EITHER])
def test_a_lucky_save_and_a_catchphrase_with_new_faces_then_lock_in(playing, setting):
    _set(playing, setting)
    ada = playing["ada"]  # Lucky Saves 3 from the Leg's start, catchphrase "Stop the presses!"
    client = player_client(ada)
    with no_app_dice():
        _roll(client, playing, ada, advantages=1, faces="4 2")
        gamble = Gamble.objects.get()
        url = _gamble_url(playing, gamble)
        client.post(url + "lucky/", {"step": gamble.step, "die": 0}, headers=HTMX)
        gamble.refresh_from_db()
        assert gamble.dice == [5, 2]
        # (The 5 is a success: the re-roll is sent confirmed, as the panel's question does.)
        sure = {"step": gamble.step, "confirm": "yes"}
        wrong = client.post(url + "reroll/", {**sure, "faces": "1"}, headers=HTMX)
        assert wrong.status_code == 400
        assert "Roll 2 dice and enter 2 faces — you entered 1." in _text(wrong)
        gamble.refresh_from_db()
        assert gamble.dice == [5, 2]
        assert not gamble.catchphrase_used
        right = client.post(url + "reroll/", {**sure, "faces": "1 1"}, headers=HTMX)
        assert right.status_code == 200
    gamble.refresh_from_db()
    assert (gamble.dice, gamble.rolled, gamble.catchphrase_used) == ([1, 1], [1, 1], True)
    reroll = TableEvent.objects.get(kind="catchphrase")
    assert "Ada rolled by hand: 1 1." in reroll.summary
    assert reroll.data["hand_faces"] == [2, 0, 0, 0, 0, 0]
    client.post(url + "lock/", {"step": gamble.step}, headers=HTMX)
    ada = _hero(ada)
    # A Blunder on the new dice: +1 Blammo! Die, and both 1s are Peril.
    assert (ada.peril, ada.blammo, ada.lucky_saves, ada.catchphrase_used) == (2, 1, 2, True)


def test_a_stale_catchphrase_with_faces_changes_nothing(playing):
    _set(playing, RealDice.HAND)
    ada = playing["ada"]
    client = player_client(ada)
    with no_app_dice():
        _roll(client, playing, ada, faces="2")
        gamble = Gamble.objects.get()
        url = _gamble_url(playing, gamble)
        client.post(url + "lucky/", {"step": gamble.step, "die": 0}, headers=HTMX)
        stale = client.post(url + "reroll/", {"step": gamble.step, "faces": "6"}, headers=HTMX)
    assert stale.status_code == 409
    gamble.refresh_from_db()
    assert gamble.dice == [3]
    assert not gamble.catchphrase_used


def test_an_entered_roll_is_sent_once_for_its_request_id(playing):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    client = player_client(sam)
    headers = HTMX | {"X-Request-ID": "page-retry-0001"}
    url = playing["url"] + f"roll/{sam.pk}/"
    with no_app_dice():
        first = client.post(url, gamble_form("request-0001", faces="6"), headers=headers)
        retry = client.post(url, gamble_form("request-0001", faces="6"), headers=headers)
    assert (first.status_code, retry.status_code) == (200, 200)
    assert Gamble.objects.count() == 1
    assert TableEvent.objects.filter(kind="gamble_rolled").count() == 1


def test_the_x_card_holds_an_entered_roll_back(playing):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    client = player_client(sam)
    client.post(playing["url"] + "x-card/", headers=HTMX)
    with no_app_dice():
        response = _roll(client, playing, sam, faces="6")
    assert response.status_code == 409
    assert not Gamble.objects.exists()


def test_the_director_undoes_an_entered_roll(director, playing):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    with no_app_dice():
        _roll(player_client(sam), playing, sam, faces="6 6", sound_effects=["ZAP!"])
    assert _hero(sam).blammo == 1
    newest = next_to_undo(playing["adventure"].pk)
    response = director.post(playing["url"] + "undo/", {"event": newest.pk}, headers=HTMX)
    assert response.status_code == 200
    assert not Gamble.objects.exists()
    assert _hero(sam).blammo == 2
    assert TableEvent.objects.get(kind="gamble_rolled").undone_by is not None


def test_a_group_gamble_member_rolls_by_hand(director, playing):
    _set(playing, RealDice.HAND)
    sam, ada = playing["sam"], playing["ada"]
    director.post(playing["url"] + "group/", {"text": "Climb the crane"}, headers=HTMX)
    with no_app_dice():
        _roll(player_client(sam), playing, sam, faces="6")
        refused = _roll(player_client(ada), playing, ada, faces="6 6")
    assert refused.status_code == 400
    gamble = Gamble.objects.get()
    assert gamble.group is not None
    assert gamble.by_hand
    assert "rolled by hand: 6" in TableEvent.objects.get(kind="gamble_rolled").summary


# Investigations, Rests, Lucky Saves at a Leg's start --------------------------------------------


def _ask(director, playing, hero) -> Investigation:
    director.post(playing["url"] + "investigate/", {"character": hero.pk, "text": "the ledger"})
    return Investigation.objects.get(roll=None)


@pytest.mark.parametrize("setting", [RealDice.HAND, RealDice.EITHER])
def test_an_investigation_by_hand(director, playing, setting):
    _set(playing, setting)
    sam = playing["sam"]
    asked = _ask(director, playing, sam)
    url = playing["url"] + f"investigate/{asked.pk}/roll/"
    with no_app_dice():
        for faces in ("4 4", "0", "7", "x", "-3"):
            refused = player_client(sam).post(url, {"faces": faces}, headers=HTMX)
            assert refused.status_code == 400, faces
            assert 'id="faces-investigate-' in _text(refused)
        assert Investigation.objects.get(pk=asked.pk).roll is None
        response = player_client(sam).post(url, {"faces": "4"}, headers=HTMX)
    assert response.status_code == 200
    assert Investigation.objects.get(pk=asked.pk).roll == 4
    event = TableEvent.objects.get(kind="investigated")
    assert "Sam Okafor rolled by hand: 4." in event.summary


@pytest.mark.parametrize("setting", [RealDice.HAND, RealDice.EITHER])
def test_a_rest_with_one_real_die_per_hero(director, playing, setting):
    _set(playing, setting)
    sam, ada = playing["sam"], playing["ada"]
    Character.objects.filter(pk__in=[sam.pk, ada.pk]).update(peril=3)
    with use_dice(LoadedDice([6])):  # Ada's die: her player left it to the app
        response = director.post(
            playing["url"] + "rest/", {f"faces-{sam.pk}": "2", f"faces-{ada.pk}": ""}, headers=HTMX
        )
    assert response.status_code == 200
    assert (_hero(sam).peril, _hero(ada).peril) == (2, 3)
    event = TableEvent.objects.get(kind="rest")
    # The Director typed Sam's die in, and the log says so.
    assert "Sam Okafor rolled by hand 2 (typed in by the Director): Peril 3 → 2" in event.summary
    assert "Ada rolls 6" in event.summary
    assert event.data["hand_faces"] == [0, 1, 0, 0, 0, 0]
    assert event.data["app_faces"] == [0, 0, 0, 0, 0, 1]


@pytest.mark.parametrize("faces", ["1 2", "0", "7", "two", "-1", " ".join(["1"] * 200)])
def test_a_rest_refuses_a_die_that_isnt_one_by_the_heros_field(director, playing, faces):
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(peril=3)
    with no_app_dice():
        response = director.post(playing["url"] + "rest/", {f"faces-{sam.pk}": faces}, headers=HTMX)
    assert response.status_code == 400
    assert f'id="faces-rest-{sam.pk}-error"' in _text(response)
    assert _hero(sam).peril == 3
    assert not TableEvent.objects.filter(kind="rest").exists()


@pytest.mark.parametrize("setting", [RealDice.HAND, RealDice.EITHER])
def test_lucky_saves_at_a_legs_start_by_hand(director, playing, setting):
    _set(playing, setting)
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    legs.end_leg(adventure, adventure.director)
    second = Leg.objects.create(adventure=adventure, position=2, title="The Brass Jack")
    Character.objects.filter(pk__in=[sam.pk, ada.pk]).update(lucky_saves=0)
    url = playing["url"] + "leg/start/"
    with no_app_dice():
        refused = director.post(
            url, {"leg": second.pk, f"faces-{sam.pk}": "9", f"faces-{ada.pk}": "3"}, headers=HTMX
        )
        assert refused.status_code == 400
        assert Leg.objects.get(pk=second.pk).status == Leg.Status.PLANNED
    with use_dice(LoadedDice([2])):
        response = director.post(url, {"leg": second.pk, f"faces-{ada.pk}": "5"}, headers=HTMX)
    assert response.status_code == 200
    assert (_hero(sam).lucky_saves, _hero(ada).lucky_saves) == (2, 5)
    event = TableEvent.objects.get(kind="leg_started", data__leg=second.pk)
    assert "Ada rolled by hand (typed in by the Director): 5." in event.summary
    assert event.data["hand_faces"] == [0, 0, 0, 0, 1, 0]
    # The log tells the hand roll once (the summary), then what each roll made.
    log = " ".join(_text(director.get(playing["url"])).split())
    assert "Ada: Lucky Saves 0 → 5." in log
    assert "Ada rolled 5" not in log
    assert "rolled 2: Lucky Saves 0 → 2." in log


def test_a_table_on_the_apps_dice_takes_no_faces_from_the_director(director, playing):
    sam = playing["sam"]
    with no_app_dice():
        response = director.post(playing["url"] + "rest/", {f"faces-{sam.pk}": "2"}, headers=HTMX)
    assert response.status_code == 400
    assert "This table rolls the app's dice" in _text(response)


def test_the_recap_says_who_rolled_by_hand(director, playing):
    _set(playing, RealDice.EITHER)
    sam, ada = playing["sam"], playing["ada"]
    with no_app_dice():
        _roll(player_client(ada), playing, ada, faces="6")
    with use_dice(LoadedDice([5])):
        _roll(player_client(sam), playing, sam)
    response = director.post(f"/adventures/{playing['adventure'].pk}/recaps/new/")
    assert response.status_code == 302
    body = playing["adventure"].recaps.get().body
    assert "Real dice clattered on the table: Ada rolled a Gamble by hand." in body


# The Director rolls for a player without a phone ------------------------------------------------


def test_the_director_enters_a_roll_for_a_hero_and_comes_back_to_the_table(director, playing):
    _set(playing, RealDice.HAND)
    ada = playing["ada"]
    page_url = playing["url"] + f"for/{ada.pk}/"
    page = director.get(page_url)
    assert page.status_code == 200
    assert "Rolling for Ada" in _text(page)
    assert "The faces you rolled" in _text(page)
    back = {"Referer": f"http://testserver{page_url}"}
    roll_url = playing["url"] + f"roll/{ada.pk}/"
    with no_app_dice():
        refused = director.post(roll_url, gamble_form("request-0001", faces="6 6"), headers=back)
        # The page again, the reason by the faces and the action as it was typed.
        assert refused.status_code == 400
        assert "Rolling for Ada" in _text(refused)
        assert "Roll 1 die" in _text(refused)
        assert TRIES in refused.content.decode()
        assert not Gamble.objects.exists()
        rolled = director.post(roll_url, gamble_form("request-0001", faces="3"), headers=back)
    assert rolled["Location"] == page_url
    gamble = Gamble.objects.get()
    assert (gamble.character_id, gamble.dice, gamble.by_hand) == (ada.pk, [3], True)
    url = _gamble_url(playing, gamble)
    director.post(url + "lucky/", {"step": gamble.step, "die": 0}, headers=back)
    gamble.refresh_from_db()
    locked = director.post(url + "lock/", {"step": gamble.step}, headers=back)
    assert locked["Location"] == playing["url"]  # her turn done: back to the table
    assert _hero(ada).lucky_saves == 2
    summary = TableEvent.objects.get(kind="gamble_locked").summary
    assert summary.startswith("The Director locks in Ada's Gamble")
    # On her page again, the roll is named as Ada's, not as the Director's own.
    assert "Ada's last Gamble:" in _text(director.get(page_url))
    assert "Your last Gamble" not in _text(director.get(page_url))
    assert "Your last Gamble:" in _text(player_client(ada).get(playing["url"]))


def test_only_the_director_rolls_for_a_hero_of_the_cast(director, playing, make_user):
    sam, ada = playing["sam"], playing["ada"]
    player = player_client(sam)
    assert player.get(playing["url"] + f"for/{ada.pk}/").status_code == 404
    with no_app_dice():
        response = player.post(
            playing["url"] + f"roll/{ada.pk}/", gamble_form("request-0001"), headers=HTMX
        )
    assert response.status_code == 404
    stranger = Character.objects.create(owner=make_user("dave"), name="Kit", archetype="explorer")
    assert director.get(playing["url"] + f"for/{stranger.pk}/").status_code == 404
    assert not Gamble.objects.exists()


def test_a_referer_elsewhere_goes_back_to_the_table(director, playing):
    ada = playing["ada"]
    with use_dice(LoadedDice([2])):
        response = director.post(
            playing["url"] + f"roll/{ada.pk}/",
            gamble_form("request-0001"),
            headers={"Referer": f"https://evil.example{playing['url']}for/{ada.pk}/"},
        )
    assert response["Location"] == playing["url"]


# What real dice cost the pages ----------------------------------------------------------------


def _queries(client, url) -> int:
    """What the page costs drawn afresh (nothing kept of it: `sessions.parts.kept`)."""
    kept.forget_all()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_real_dice_add_no_query_to_the_table_pages(director, playing):
    player = player_client(playing["sam"])
    url = playing["url"]
    before = {who: _queries(c, url) for who, c in (("player", player), ("dm", director))}
    _set(playing, RealDice.EITHER)
    after = {who: _queries(c, url) for who, c in (("player", player), ("dm", director))}
    assert after == before
    assert "Rolled your own? Enter the faces" in _text(player.get(url))
    assert "Rolled by hand? One die each" in _text(director.get(url))


def test_the_page_for_rolling_for_a_hero_takes_a_fixed_number_of_queries(
    director, playing, django_assert_num_queries
):
    _set(playing, RealDice.HAND)
    with django_assert_num_queries(QUERIES_ROLLING_FOR):
        assert director.get(playing["url"] + f"for/{playing['ada'].pk}/").status_code == 200


@pytest.mark.parametrize(
    ("who", "path", "data"),
    [
        ("director", "real-dice/", {"real_dice": "hand"}),
        ("director", "rest/", {}),
        ("player", "roll/{sam}/", gamble_form("request-0001", faces="6")),
    ],
)
def test_real_dice_posts_need_a_csrf_token(playing, who, path, data):
    _set(playing, RealDice.EITHER)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(playing["adventure"].director if who == "director" else playing["sam"].owner)
    events = TableEvent.objects.count()
    response = strict.post(playing["url"] + path.format(sam=playing["sam"].pk), data)
    assert response.status_code == 403
    assert TableEvent.objects.count() == events
    assert Adventure.objects.get().real_dice == RealDice.EITHER


# Prep files --------------------------------------------------------------------------------------


def _import(client, **adventure):
    document = {"format": "enigma-table/adventure", "version": 1, "adventure": adventure}
    upload = SimpleUploadedFile("a.json", json.dumps(document).encode(), "application/json")
    return client.post("/adventures/import/", {"file": upload})


def test_the_dice_setting_travels_with_the_prep(alice_client, adventure):
    Adventure.objects.filter(pk=adventure.pk).update(real_dice=RealDice.EITHER)
    exported = json.loads(alice_client.get(f"/adventures/{adventure.pk}/export/").content)
    assert exported["adventure"]["real_dice"] == "either"
    _import(alice_client, title="Copy", legs=[], real_dice="hand")
    _import(alice_client, title="Older file", legs=[])
    settings = dict(Adventure.objects.values_list("title", "real_dice"))
    assert (settings["Copy (copy)"], settings["Older file (copy)"]) == ("hand", "app")
    refused = _import(alice_client, title="Loaded", legs=[], real_dice="loaded")
    assert refused.status_code == 400
    assert not Adventure.objects.filter(title="Loaded").exists()


def test_an_empty_faces_box_hints_at_the_range_never_at_faces(director, playing):
    """The boxes for real dice (the Director's Roll-for page, a player's Gamble and their
    Investigation) hint "1–6 each" ("1–6" for one die), as character creation's box does: a
    grey "5 2 1" read like faces typed already."""
    _set(playing, RealDice.HAND)
    sam = playing["sam"]
    pages = {
        "roll for": _text(director.get(playing["url"] + f"for/{sam.pk}/")),
        "phone": _text(player_client(sam).get(playing["url"])),
    }
    for where, text in pages.items():
        assert 'placeholder="5 2 1"' not in text, where
        assert 'placeholder="1–6 each"' in text, where
    # Asked to investigate, the phone has the Investigation's box for its one die (and no
    # Gamble's box under it till that roll: one roll asked at a time).
    _ask(director, playing, sam)
    assert 'placeholder="1–6"' in _text(player_client(sam).get(playing["url"]))


def test_rolling_for_a_hero_in_a_tumult_asks_what_it_is_aimed_at(director, playing):
    """A fresh-eyes evening: "Roll for Ada" in a Tumult offered no "Aimed at an enemy?", so the
    success counted against no one. The page asks it as the player's own form does, the
    Gamble is aimed as chosen, and once locked in the Director is back at the table."""
    from sessions.actions import tumults
    from sessions.models import Danger

    adventure, ada = playing["adventure"], playing["ada"]
    Danger.objects.update(revealed=True)
    brute = Danger.objects.filter(scene__isnull=True).first() or Danger.objects.first()
    tumults.start_tumult(adventure, adventure.director)
    page_url = playing["url"] + f"for/{ada.pk}/"
    page = _text(director.get(page_url))
    assert "Aimed at an enemy?" in page
    assert brute.name in page
    back = {"Referer": f"http://testserver{page_url}"}
    with use_dice(LoadedDice([6, 6, 6, 6, 6])):
        rolled = director.post(
            playing["url"] + f"roll/{ada.pk}/",
            gamble_form("request-0001", danger=str(brute.pk)),
            headers=back,
        )
    assert rolled["Location"] == page_url  # the Lucky Saves and lock-in still to come
    gamble = Gamble.objects.get()
    assert gamble.danger_id == brute.pk
    locked = director.post(
        _gamble_url(playing, gamble) + "lock/", {"step": gamble.step}, headers=back
    )
    assert locked["Location"] == playing["url"]
    brute.refresh_from_db()
    assert brute.successes == 1
