"""The X-card pauses the table (DESIGN.md §2): every player action and every Director's tool
that moves the game on is refused until the Director resumes; the buttons say why."""

import pytest

from sessions.actions import dangers as danger_actions
from sessions.actions import investigations
from sessions.models import (
    Adventure,
    Danger,
    Gamble,
    Investigation,
    SafetyNote,
    TableEvent,
    Tumult,
    WideShot,
)
from sessions.rules import DangerTemplate, LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

PAUSED = "The table is paused (X-card)"


def _pause(playing):
    response = player_client(playing["ada"]).post(playing["url"] + "x-card/", headers=HTMX)
    assert response.status_code == 200
    assert Adventure.objects.get().paused


def _refused(client, url, data=None):
    before = TableEvent.objects.count()
    response = client.post(url, data or {}, headers=HTMX)
    assert response.status_code == 409, url
    assert PAUSED in response.content.decode(), url
    assert TableEvent.objects.count() == before, url


def test_every_player_action_waits_for_the_director(director, playing):
    sam, ada, url = playing["sam"], playing["ada"], playing["url"]
    sam_client, ada_client = player_client(sam), player_client(ada)
    with use_dice(LoadedDice([2, 3])):
        sam_client.post(url + f"roll/{sam.pk}/", gamble_form("before-pause"))
    gamble = Gamble.objects.get()
    director.post(url + "investigate/", {"character": ada.pk, "text": "the ledger"})
    pending = Investigation.objects.get()
    director.post(url + "tumult/start/")
    _pause(playing)

    _refused(sam_client, url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    _refused(sam_client, url + f"gambles/{gamble.pk}/lucky/", {"step": gamble.step, "die": 0})
    _refused(sam_client, url + f"gambles/{gamble.pk}/reroll/", {"step": gamble.step})
    _refused(ada_client, url + f"roll/{ada.pk}/", gamble_form("while-paused"))
    _refused(ada_client, url + f"investigate/{pending.pk}/roll/")
    _refused(ada_client, url + f"tumult/act/{ada.pk}/")
    _refused(ada_client, url + "x-card/")
    if WideShot.objects.exists():
        _refused(ada_client, url + f"wideshot/{ada.pk}/", {"text": "A ticking crate"})
    gamble.refresh_from_db()
    assert not gamble.locked
    assert Tumult.objects.get().acted == []

    director.post(url + "resume/", headers=HTMX)
    assert not Adventure.objects.get().paused
    answer = sam_client.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    assert answer.status_code == 302
    gamble.refresh_from_db()
    assert gamble.locked
    assert ada_client.post(url + f"tumult/act/{ada.pk}/", headers=HTMX).status_code == 200


def test_the_directors_pacing_tools_wait_too_but_resuming_does_not(director, playing):
    sam, url = playing["sam"], playing["url"]
    adventure = playing["adventure"]
    danger = danger_actions.add_danger(
        adventure, "Brass Jack", DangerTemplate.LIEUTENANT, adventure.director
    )
    _pause(playing)
    for path, data in [
        ("leg/end/", {}),
        ("scene/end/", {}),
        ("peril/", {"character": sam.pk, "delta": 1, "reason": "enemy"}),
        ("rest/", {}),
        ("group/", {"text": "Outrun the flood"}),
        ("investigate/", {"character": sam.pk, "text": "the ledger"}),
        ("dangers/success/", {"danger": danger.pk}),
        ("tumult/start/", {}),
    ]:
        _refused(director, url + path, data)
    assert Danger.objects.get(pk=danger.pk).successes == 0
    assert sam.__class__.objects.get(pk=sam.pk).peril == 0

    director.post(url + "resume/", headers=HTMX)
    assert director.post(url + "tumult/start/", headers=HTMX).status_code == 200
    _pause(playing)
    for path in ("tumult/enemies/", "tumult/end/"):
        _refused(director, url + path)
    assert Tumult.objects.filter(active=True).exists()


def test_while_paused_the_buttons_are_greyed_out_with_the_reason(director, playing):
    sam, url = playing["sam"], playing["url"]
    sam_client = player_client(sam)
    _pause(playing)
    event = TableEvent.objects.first()
    for topic in ("pause", "heroes", "director", "tumult", "wideshot-state", "gambles"):
        assert topic in event.data["topics"]

    panel = sam_client.get(url + f"part/gamble/?character={sam.pk}").content.decode()
    assert PAUSED in panel
    assert 'button-roll" disabled>Roll!' in panel
    page = sam_client.get(url).content.decode()
    assert PAUSED in page
    tools = director.get(url + "part/director-pacing/").content.decode()
    assert PAUSED in tools
    assert 'disabled class="button button-small">End Scene' in tools
    assert "Resume the game" in director.get(url + "part/pause/").content.decode()

    director.post(url + "resume/", headers=HTMX)
    panel = sam_client.get(url + f"part/gamble/?character={sam.pk}").content.decode()
    assert PAUSED not in panel
    assert "Roll!" in panel
    assert "disabled>Roll!" not in panel


def test_an_open_gamble_shows_its_buttons_disabled_while_paused(playing):
    sam, url = playing["sam"], playing["url"]
    sam_client = player_client(sam)
    with use_dice(LoadedDice([4])):  # a 4: a Lucky Save can make it a success
        sam_client.post(url + f"roll/{sam.pk}/", gamble_form("open-gamble"))
    _pause(playing)
    panel = sam_client.get(url + f"part/gamble/?character={sam.pk}").content.decode()
    assert 'button-primary" disabled>Lock in' in panel
    assert "disabled>+1" in panel


def test_lines_and_veils_are_in_sight_at_the_table(playing):
    adventure = playing["adventure"]
    SafetyNote.objects.create(adventure=adventure, kind="line", text="No harm to children")
    SafetyNote.objects.create(
        adventure=adventure, kind="veil", text="Torture", author=playing["ada"].owner
    )
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Lines &amp; Veils" in page
    assert "No harm to children" in page
    assert "Torture" in page
    assert "Add a Line or a Veil" in page  # in place, anonymously if they like
    assert "DESIGN.md" not in page  # the template's own note stays out of the page


def test_an_investigation_asked_before_the_pause_can_be_rolled_after_it(director, playing):
    adventure, ada = playing["adventure"], playing["ada"]
    investigations.ask_to_investigate(adventure, ada.pk, "the ledger", adventure.director)
    _pause(playing)
    director.post(playing["url"] + "resume/", headers=HTMX)
    pending = Investigation.objects.get()
    with use_dice(LoadedDice([4])):
        response = player_client(ada).post(
            playing["url"] + f"investigate/{pending.pk}/roll/", headers=HTMX
        )
    assert response.status_code == 200
