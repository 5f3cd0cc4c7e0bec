"""True words (issue 34 item 4): a Knockout reads the same on every screen (the log, the TV,
the phone, the sheet, the recap) and says what the rule does: one taken during a Tumult ends
with it, one taken outside lasts the rest of the Scene. The TV's spotlight says what is still in
play on an open Gamble, as the rules engine says."""

import re

import pytest
from django.test import Client

from characters.models import Character
from sessions.models import Adventure, Gamble, Recap, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

IN_TUMULT = "until the Tumult ends"
IN_SCENE = "for the rest of the Scene"
# What an earlier version said of the same Knockout, somewhere: none of it may come back.
UNTRUE = ("until the next Scene", "out cold")


def _tv(director, playing) -> str:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    return Client().get(f"/screen/{Adventure.objects.get().screen_token}/").content.decode()


def _knocked_out_by_a_gamble(playing, request_id: str) -> TableEvent:
    """Sam, one Peril short, rolls a 1 and locks it in: a Knockout."""
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(peril=5, lucky_saves=0)
    bob = player_client(sam)
    with use_dice(LoadedDice([1, 2])):
        bob.post(playing["url"] + f"roll/{sam.pk}/", gamble_form(request_id), headers=HTMX)
    gamble = Gamble.objects.get(character=sam, locked=False)
    bob.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX)
    event = TableEvent.objects.first()
    assert event.kind == "gamble_locked"
    assert event.data["knocked_out"]
    return event


def _text(html: str) -> str:
    """The page's words, tags and runs of space gone (a sentence may wrap in the template)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    ("tumult", "until"), [(True, IN_TUMULT), (False, IN_SCENE)], ids=["in-tumult", "in-scene"]
)
def test_a_knockout_reads_the_same_on_every_screen(director, playing, tumult, until):
    sam = playing["sam"]
    if tumult:
        director.post(playing["url"] + "tumult/start/")
    event = _knocked_out_by_a_gamble(playing, "ko-words-1")
    said = f"KNOCKOUT! Sam Okafor is out {until}."
    other = IN_SCENE if tumult else IN_TUMULT

    # The log, on the Director's page and the players'.
    assert said in event.summary
    log = director.get(playing["url"] + "part/log/").content.decode()
    assert said in _text(log)
    # The TV: the Latest Gamble's banner and the log; the spotlight's KNOCKOUT! and its line.
    tv = _text(_tv(director, playing))
    assert tv.count(said) >= 2, tv
    spot = _spotlight(director, playing)
    assert "KNOCKOUT!" in spot
    assert f"Sam Okafor is out {until}." in spot
    # The phone: Sam's own Gamble panel and his Wide Shot, on his table page.
    phone = _text(player_client(sam).get(playing["url"]).content.decode())
    assert f"Knocked out! Sam Okafor is out {until}: no Gambles" in phone
    assert said in phone  # its Latest Gamble and log
    # The sheet.
    sheet = _text(player_client(sam).get(f"/characters/{sam.pk}/").content.decode())
    assert f"Knocked out! Sam Okafor is out {until}." in sheet
    for html in (log, tv, phone):
        for wrong in (*UNTRUE, f"Sam Okafor is out {other}"):
            assert wrong not in html, wrong
    assert f"is out {other}" not in sheet

    # The recap, drafted as the Leg ends, tells the same Knockout the same way.
    if tumult:
        director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    director.post(playing["url"] + "scene/end/")
    director.post(playing["url"] + "leg/end/")
    body = Recap.objects.get().body
    assert f"Out {until}." in body
    assert f"Out {other}." not in body


def test_a_knockout_at_the_enemies_hands_ends_with_the_tumult_in_the_recap(director, playing):
    """The enemies strike only in a Tumult: the recap says the Knockout ends with it."""
    sam = playing["sam"]
    from sessions.models import Danger

    Danger.objects.all().delete()
    director.post(playing["url"] + "dangers/add/", {"name": "Brass Jack", "template": "lieutenant"})
    jack = Danger.objects.get(name="Brass Jack")
    Character.objects.filter(pk=sam.pk).update(peril=4)
    director.post(playing["url"] + "tumult/start/")
    director.post(playing["url"] + "tumult/enemies/", {f"split-{jack.pk}-{sam.pk}": 2})
    assert f"Sam Okafor is out {IN_TUMULT}." in TableEvent.objects.first().summary
    sheet = _text(player_client(sam).get(f"/characters/{sam.pk}/").content.decode())
    assert f"Knocked out! Sam Okafor is out {IN_TUMULT}." in sheet
    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"})
    director.post(playing["url"] + "leg/end/")
    assert f"Out {IN_TUMULT}." in Recap.objects.get().body


def _spotlight(director, playing) -> str:
    html = _tv(director, playing)
    return _text(html[html.index('class="spotlight-part"') :])


def _roll(playing, dice, request_id="spotlight-roll-1", **pool):
    sam = playing["sam"]
    bob = player_client(sam)
    with use_dice(LoadedDice(dice)):
        form = gamble_form(request_id, **pool)
        bob.post(playing["url"] + f"roll/{sam.pk}/", form, headers=HTMX)
    return bob, Gamble.objects.get(character=sam, locked=False)


def test_the_spotlight_says_what_is_still_in_play(director, playing):
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(lucky_saves=2, catchphrase_used=False)
    bob, gamble = _roll(playing, [1, 2, 3])
    assert "2 Lucky Saves and the Catchphrase still in play." in _spotlight(director, playing)

    # The Catchphrase re-roll: it is spent, the Lucky Saves are not (two lift the 3 to a 5).
    with use_dice(LoadedDice([3])):
        url = playing["url"] + f"gambles/{gamble.pk}/reroll/"
        assert bob.post(url, {"step": gamble.step}, headers=HTMX).status_code == 200
    assert TableEvent.objects.first().kind == "catchphrase"
    spot = _spotlight(director, playing)
    assert "Catchphrase spent: 2 Lucky Saves still in play." in spot
    assert "Catchphrase still in play" not in spot
    assert "the Catchphrase is still in play" not in spot

    # Both Lucky Saves spent: nothing left but to lock it in.
    for _ in range(2):
        gamble.refresh_from_db()
        url = playing["url"] + f"gambles/{gamble.pk}/lucky/"
        bob.post(url, {"step": gamble.step, "die": 0}, headers=HTMX)
    assert TableEvent.objects.first().kind == "lucky_save"
    assert Character.objects.get(pk=sam.pk).lucky_saves == 0
    spot = _spotlight(director, playing)
    assert "Catchphrase spent, no Lucky Saves left: Sam Okafor can lock it in." in (spot)
    assert "still in play" not in spot


def test_with_no_lucky_saves_the_spotlight_says_only_the_catchphrase_is_left(director, playing):
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=0, catchphrase_used=False)
    _roll(playing, [1, 2, 3])
    spot = _spotlight(director, playing)
    assert "No Lucky Saves left. The Catchphrase is still in play." in spot
    assert "Lucky Saves and" not in spot


def test_a_success_with_lucky_saves_to_spare_never_says_there_are_none(director, playing):
    """The reviewer's roll: 4 4 6 5, a success not yet locked in, six Lucky Saves in hand."""
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=6, catchphrase_used=False)
    _roll(playing, [4, 4, 6, 5], advantages=3)
    assert Gamble.objects.get().dice == [4, 4, 6, 5]
    spot = _spotlight(director, playing)
    assert (
        "A success as it stands. No Lucky Save needed (6 left). "
        "The Catchphrase is still in play." in (spot)
    )
    assert "No Lucky Saves" not in spot
    # A whole sentence: a line that carries play is never cut with "…" on the TV.
    note = re.search(r'<p class="spot-note">(.*?)</p>', _tv(director, playing)).group(1)
    assert note.endswith("in play.")


@pytest.mark.parametrize(
    ("reason", "cause"),
    [("enemy", "An enemy strikes"), ("environment", "The environment is unforgiving")],
)
def test_a_knockout_by_the_directors_peril_says_its_cause_and_knockout_once(
    director, playing, reason, cause
):
    """The TV's KNOCKOUT! moment for Peril the Director dealt: the cause as it happened, then
    the hero out, the badge's word not said again ("Peril from the Director (an enemy
    strikes): KNOCKOUT! Sam …" read as the Director knocking Sam out, KNOCKOUT! twice)."""
    director.post(playing["url"] + "tumult/start/")
    sam = playing["sam"]
    knock = {"character": sam.pk, "delta": 6, "reason": reason}
    assert director.post(playing["url"] + "peril/", knock, headers=HTMX).status_code == 200
    tv = _tv(director, playing)
    start = tv.index('aria-label="The moment"')
    spotlight = _text(tv[start : tv.index("</section>", start)])
    assert f"KNOCKOUT! {cause}: Sam Okafor is out {IN_TUMULT}." in spotlight
    assert spotlight.count("KNOCKOUT!") == 1
    assert "Peril from the Director" not in spotlight
