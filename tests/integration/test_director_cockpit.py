"""The Director runs the game from one screen: the crib, refusals beside their buttons, the
phases of play, and what the cockpit costs to draw."""

import html

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from characters.models import Character
from sessions.actions import dangers as danger_actions
from sessions.models import (
    Adventure,
    Campaign,
    Danger,
    Gamble,
    KeyLocation,
    Leg,
    SafetyNote,
    Scene,
    TableEvent,
)
from sessions.parts import kept
from sessions.parts.crib import line_key
from sessions.rules import DangerTemplate, LoadedDice, use_dice
from tests.conftest import HTMX, SECRET, player_client
from tests.gambles import gamble_form
from tests.integration.test_table_permissions import HIDDEN

pytestmark = pytest.mark.django_db

# What the crib holds of the conftest's prep: everything secret but the Director's table notes
# (in their own panel) and the next Scene's beat (pacing names it).
CRIB = [m for m in HIDDEN if not m.endswith(("-tablenotes", "-futurescene"))]


def _crib(director, playing) -> str:
    response = director.get(playing["url"] + "part/crib/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_crib_holds_the_prep_in_play_for_the_director(director, playing):
    crib = _crib(director, playing)
    assert [m for m in CRIB if m not in crib] == []
    assert "Still unused this Leg: 2 clues and 1 set piece." in crib
    assert f"/adventures/{playing['adventure'].pk}/legs/" in crib  # edit in prep


def test_the_crib_is_the_directors_alone(playing):
    sam = player_client(playing["sam"])
    assert sam.get(playing["url"] + "part/crib/").status_code == 404
    page = sam.get(playing["url"]).content.decode()
    assert [m for m in HIDDEN if m in page] == []


def test_a_ticked_clue_counts_as_used_and_tells_the_players_nothing(director, playing):
    key = line_key("clue", f"Vienna stamp {SECRET}-legclues")
    response = director.post(
        playing["url"] + "crib/tick/", {"line": key, "used": "1", "part": "crib"}, headers=HTMX
    )
    assert response.status_code == 200
    assert "Still unused this Leg: 1 clue and 1 set piece." in response.content.decode()
    assert Leg.objects.get().crib_used == [key]
    assert not TableEvent.objects.filter(summary__contains=SECRET).exists()
    director.post(playing["url"] + "crib/tick/", {"line": key, "used": "0"}, headers=HTMX)
    assert Leg.objects.get().crib_used == []


def test_a_clue_posted_from_the_crib_reaches_the_log_and_nothing_more(director, playing):
    key = line_key(f"place-{KeyLocation.objects.get().pk}", f"Schillings {SECRET}-locclues")
    # Shown first, as it will read (sessions/views/director/tell.py), then posted.
    response = director.post(playing["url"] + "crib/post/", {"line": key}, headers=HTMX)
    assert response.status_code == 200
    assert "Every screen's log gets this line" in response.content.decode()
    assert not TableEvent.objects.filter(kind="narration").exists()
    text = f"Schillings {SECRET}-locclues"
    response = director.post(
        playing["url"] + "crib/post/", {"line": key, "note": text, "confirm": "1"}, headers=HTMX
    )
    assert response.status_code == 200
    assert TableEvent.objects.first().summary == f"Clue: Schillings {SECRET}-locclues"
    assert Leg.objects.get().crib_used == [key]
    sam = player_client(playing["sam"])
    page = sam.get(playing["url"]).content.decode()
    assert f"{SECRET}-locclues" in page
    posted = f"{SECRET}-locclues"
    assert [m for m in HIDDEN if m in page and m != posted] == []  # only the line posted
    adventure = playing["adventure"]
    for path in (f"/adventures/{adventure.pk}/log/", f"/adventures/{adventure.pk}/log/md/"):
        text = sam.get(path).content.decode()
        assert [m for m in HIDDEN if m in text and m != posted] == [], path


def test_the_crib_counts_the_whole_leg_whichever_scene_is_in_play(director, playing):
    """Every Key Location's clues are the Leg's: counted, listed and tickable from any Scene,
    and between Scenes, not only those of the Scene in play."""
    from sessions.actions import scenes

    adventure = playing["adventure"]
    leg = adventure.legs.get()
    lotus = KeyLocation.objects.create(
        leg=leg, position=2, name="Lotus Clockworks", clues="Oil on the gears\n- A torn ticket"
    )
    crib = _crib(director, playing)
    # 3 of the conftest's, 2 at Lotus Clockworks
    assert "Still unused this Leg: 4 clues and 1 set piece." in crib
    assert "Clues at Lotus Clockworks" in crib
    assert "A torn ticket" in crib
    # One Leg clue ticked, the Harbourmaster's clue posted, the set piece ticked.
    for source, text in (("clue", "Vienna stamp"), ("set-piece", "Chase")):
        marker = "legclues" if source == "clue" else "setpieces"
        key = line_key(source, f"{text} {SECRET}-{marker}")
        director.post(playing["url"] + "crib/tick/", {"line": key, "used": "1"}, headers=HTMX)
    note = f"Schillings {SECRET}-locclues"
    place_key = line_key(f"place-{KeyLocation.objects.get(position=1).pk}", note)
    posted = {"line": place_key, "note": note, "confirm": "1"}
    director.post(playing["url"] + "crib/post/", posted, headers=HTMX)
    crib = _crib(director, playing)
    assert "Still unused this Leg: 2 clues." in crib
    assert "Every clue and set piece of this Leg is used" not in crib

    # The Scene moves on, to a Scene with no Key Location: Lotus Clockworks still counts.
    scenes.end_scene(adventure, adventure.director)
    assert "Still unused this Leg: 2 clues." in _crib(director, playing)
    scenes.start_scene(adventure, leg.scenes.get(position=2), None, adventure.director)
    crib = _crib(director, playing)
    assert "Still unused this Leg: 2 clues." in crib
    assert "Clues at Lotus Clockworks" in crib

    # Its clues are ticked from here, and only then is every line used.
    for text in ("Oil on the gears", "A torn ticket"):
        key = line_key(f"place-{lotus.pk}", text)
        response = director.post(
            playing["url"] + "crib/tick/", {"line": key, "used": "1", "part": "crib"}, headers=HTMX
        )
        assert response.status_code == 200
    crib = _crib(director, playing)
    assert "Still unused this Leg" not in crib
    assert "Every clue and set piece of this Leg is used." in crib


def test_a_forged_crib_line_is_refused_in_place(director, playing):
    response = director.post(
        playing["url"] + "crib/post/",
        {"line": "clue:000000000000", "part": "crib", "tool": "crib:clue:000000000000"},
        headers=HTMX,
    )
    assert response.status_code == 409
    assert "in the prep for this Leg any more" in response.content.decode()
    assert not TableEvent.objects.filter(kind="narration").exists()


def test_one_tap_peril_comes_back_beside_the_heros_buttons_when_refused(director, playing):
    sam = playing["sam"]
    Adventure.objects.update(paused=True)
    response = director.post(
        playing["url"] + "peril/",
        {
            "character": sam.pk,
            "delta": "1",
            "reason": "enemy",
            "part": "director-cast",
            "tool": f"peril:{sam.pk}",
        },
        headers=HTMX,
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert 'id="director-cast-title"' in html  # the Cast came back, not the tools
    hero_row = html[html.index(f"<strong>{sam.name}</strong>") :]
    assert hero_row.index("The table is paused") < hero_row.index(f"+1 Peril to {sam.name}")


def test_one_tap_peril_lands(director, playing):
    sam = playing["sam"]
    response = director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": "1", "reason": "enemy", "part": "director-cast"},
        headers=HTMX,
    )
    assert response.status_code == 200
    sam.refresh_from_db()
    assert sam.peril == 1


def test_a_knocked_out_hero_has_no_roll_for_them_in_the_cast(director, playing):
    """A fresh-eyes evening: a knocked-out hero's +1 and −1 were greyed out, their Roll live."""
    sam, ada = playing["sam"], playing["ada"]
    Character.objects.filter(pk=sam.pk).update(incapacitated=True)
    page = director.get(playing["url"] + "part/director-cast/").text
    assert f"/table/for/{ada.pk}/" in page
    assert f"/table/for/{sam.pk}/" not in page
    assert 'Roll<span class="visually-hidden"> for Sam Okafor (knocked out)</span>' in page


def test_too_much_peril_from_an_enemy_is_refused_beside_the_enemies_turn(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    danger_actions.add_danger(adventure, "Lieutenant Kray", DangerTemplate.LIEUTENANT, None)
    kray = Danger.objects.get(name="Lieutenant Kray")
    director.post(playing["url"] + "tumult/start/")
    response = director.post(
        playing["url"] + "tumult/enemies/",
        {f"split-{kray.pk}-{sam.pk}": "5", "part": "director-tumult", "tool": "enemies"},
        headers=HTMX,
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert html.index('class="form-errors refusal"') < html.index("Enemies")
    sam.refresh_from_db()
    assert sam.peril == 0


def test_a_part_name_from_a_player_form_cannot_pull_a_directors_part(playing):
    sam = player_client(playing["sam"])
    response = sam.post(playing["url"] + "peril/", {"part": "crib"}, headers=HTMX)
    assert response.status_code == 404


def test_ending_a_scene_with_a_gamble_open_asks_first_naming_it(director, playing):
    sam = playing["sam"]
    with use_dice(LoadedDice([6])):
        player_client(sam).post(playing["url"] + f"roll/{sam.pk}/", gamble_form("req-00001"))
    response = director.post(
        playing["url"] + "scene/end/",
        {"part": "director-pacing", "tool": "end-scene"},
        headers=HTMX,
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert f"{sam.name} still has a Gamble open" in html
    assert "Lock them in and end the Scene" in html
    assert Scene.objects.filter(status=Scene.Status.PLAYING).exists()
    response = director.post(
        playing["url"] + "scene/end/", {"lock_open": "yes", "part": "director-pacing"}
    )
    assert response.status_code == 302
    assert Gamble.objects.get().locked
    assert not Scene.objects.filter(status=Scene.Status.PLAYING).exists()


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("group/", {"text": "Outrun the flood"}),
        ("rest/", {}),
    ],
)
def test_the_directors_scene_moves_wait_for_a_scene(director, playing, path, data):
    director.post(playing["url"] + "scene/end/")
    before = TableEvent.objects.count()
    response = director.post(playing["url"] + path, data, headers=HTMX)
    assert response.status_code == 409
    assert "needs a Scene in play" in response.content.decode()
    assert TableEvent.objects.count() == before


def test_a_gamble_waits_for_a_scene_and_the_page_says_so(director, playing):
    sam = playing["sam"]
    director.post(playing["url"] + "scene/end/")
    player = player_client(sam)
    response = player.post(
        playing["url"] + f"roll/{sam.pk}/", gamble_form("req-00002"), headers=HTMX
    )
    assert response.status_code == 409
    assert "A Gamble needs a Scene in play" in response.content.decode()
    assert not Gamble.objects.exists()
    page = player.get(playing["url"]).content.decode()
    assert "Gambles wait for a Scene in play" in page
    assert "Roll!" not in page
    assert "Between Scenes" in page


def test_between_legs_the_table_says_so_and_nothing_stale_stays_up(director, playing):
    sam = playing["sam"]
    Danger.objects.update(revealed=True)
    with use_dice(LoadedDice([6])):
        player_client(sam).post(playing["url"] + f"roll/{sam.pk}/", gamble_form("req-00003"))
    director.post(playing["url"] + "scene/end/", {"lock_open": "yes"})
    director.post(playing["url"] + "leg/end/")
    Leg.objects.create(adventure=playing["adventure"], title="The Drowned Bell", position=2)
    page = player_client(sam).get(playing["url"]).content.decode()
    assert "Leg 1, A Ticking in the Rain, is over: the Director starts the next Leg." in page
    assert "Dockhands" not in page
    assert "No dice rolled yet" in page
    assert "hasn't started yet" not in page


def test_before_the_first_leg_the_table_says_so(playing):
    Leg.objects.update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "started yet: the Director starts the first Leg" in page


def _queries(client, path) -> int:
    """What the page costs drawn afresh (nothing kept of it: `sessions.parts.kept`)."""
    kept.forget_all()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


def _more_prep(adventure, n: int) -> None:
    """More Legs, Key Locations and Dangers: none of it may cost a query more."""
    leg = adventure.legs.get(status=Leg.Status.PLAYING)
    scene = Scene.objects.get(status=Scene.Status.PLAYING)
    for i in range(n):
        Leg.objects.create(adventure=adventure, position=10 + i, title=f"Later {i}", clues="A\nB")
        place = KeyLocation.objects.create(leg=leg, position=10 + i, name=f"Place {i}")
        Danger.objects.create(key_location=scene.key_location, name=f"Goon {i}", notes="Mean")
        Danger.objects.create(key_location=place, name=f"Elsewhere {i}")


def test_the_cockpit_costs_a_fixed_number_of_queries(director, playing):
    adventure = playing["adventure"]
    page, crib = playing["url"], playing["url"] + "part/crib/"
    before = (_queries(director, page), _queries(director, crib))
    _more_prep(adventure, 4)
    after = (_queries(director, page), _queries(director, crib))
    assert before == after == (PAGE_QUERIES, CRIB_QUERIES)


# The whole page (every part the Director sees, the crib among them) and the crib on its own
# (the open Gambles come with the seat: `seated_viewer`). The page reads the TV's moment for
# its "On the TV now" line, and the table's last event first (for the drawings kept of this
# moment, `sessions.parts.kept`: none here, every part is drawn). The crib reads the Legs and
# their Key Locations (shared with the pacing on the page), to count every clue of the Leg.
PAGE_QUERIES, CRIB_QUERIES = 21, 7


def test_a_line_added_at_the_table_shows_on_every_screen_and_the_tv(director, playing):
    player = player_client(playing["sam"])
    response = player.post(
        playing["url"].replace("table/", "safety/"),
        {"kind": "veil", "text": "Spiders", "anonymous": "on", "part": "lines-veils"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert "Spiders" in response.content.decode()
    event = TableEvent.objects.first()
    assert event.kind == "lines_veils"
    assert event.summary == "A Veil was added to the Lines & Veils."
    assert event.actor_id is None
    assert "safety" in event.topics
    assert "Spiders" in director.get(playing["url"] + "part/lines-veils/").content.decode()
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    screen = Client().get(f"/screen/{token}/").content.decode()
    assert "Spiders" in screen
    assert "Add a Line or a Veil" not in screen


def test_a_refused_line_comes_back_in_the_tables_own_part(playing):
    response = player_client(playing["sam"]).post(
        playing["url"].replace("table/", "safety/"),
        {"kind": "veil", "text": "", "part": "lines-veils"},
        headers=HTMX,
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="lines-veils-title"' in html
    assert 'class="errorlist' in html
    assert not SafetyNote.objects.exists()


def test_only_who_added_a_line_or_the_director_takes_it_off(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    note = SafetyNote.objects.create(
        adventure=playing["adventure"], kind="line", text="No rats", author=sam.owner
    )
    remove = playing["url"].replace("table/", f"safety/{note.pk}/remove/")
    assert player_client(ada).post(remove, {"part": "lines-veils"}, headers=HTMX).status_code == (
        404
    )
    mine = player_client(sam).get(playing["url"] + "part/lines-veils/").content.decode()
    theirs = player_client(ada).get(playing["url"] + "part/lines-veils/").content.decode()
    assert "Take off" in mine
    assert "Take off" not in theirs
    assert player_client(sam).post(remove, {"part": "lines-veils"}, headers=HTMX).status_code == (
        200
    )
    assert not SafetyNote.objects.exists()
    assert TableEvent.objects.first().summary == "A Line was taken off the Lines & Veils."


def test_the_next_adventure_of_a_campaign_starts_with_the_lines_and_veils(
    alice_client, adventure, alice
):
    campaign = Campaign.objects.create(director=alice, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    SafetyNote.objects.create(adventure=adventure, kind="line", text="No harm to children")
    SafetyNote.objects.create(adventure=adventure, kind="veil", text="Spiders", author=alice)
    response = alice_client.post(
        f"/adventures/new/?campaign={campaign.pk}",
        {"title": "Low Tide", "campaign": campaign.pk, "real_dice": "app"},
    )
    assert response.status_code == 302
    following = Adventure.objects.get(title="Low Tide")
    assert sorted(following.safety.values_list("kind", "text", "author")) == [
        ("line", "No harm to children", None),
        ("veil", "Spiders", alice.pk),
    ]


def test_after_the_last_leg_the_table_says_the_adventure_wraps_up(director, playing):
    director.post(playing["url"] + "scene/end/", {"lock_open": "yes"})
    director.post(playing["url"] + "leg/end/")
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "that was the last Leg. The Director wraps up the Adventure." in page
    assert "starts the next Leg" not in page


def test_a_clues_post_button_names_the_whole_clue_to_a_screen_reader(director, playing):
    """A fresh-eyes review heard "Post this clue: …clockmaker's mark from V…": the label is
    the clue, whole."""
    from sessions.models import Leg

    clue = "The gear crates are stamped with a clockmaker's mark from Vienna, and one ticks."
    Leg.objects.filter(adventure=playing["adventure"]).update(clues=clue)
    crib = html.unescape(_crib(director, playing))
    assert f'aria-label="Post this clue: {clue}"' in crib
