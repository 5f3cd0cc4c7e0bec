"""\"Previously on…\" tells the story so far (a fresh-eyes defect: it played the last Leg's
recap alone): every Leg recapped in this Adventure, a card each; before the first recap of a
Campaign's next Adventure, the Adventure before it."""

import html

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from sessions.models import Adventure, Campaign, Leg, Recap, Scene
from sessions.recaps import sequence
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

LEG_ONE = (
    "Previously, in The Clockwork Monsoon… Leg 1, “A Ticking in the Rain”, threw Sam Okafor "
    "and Ada into the thick of it.\n\n"
    "The first Scene, “Questions for the harbourmaster”, played out at the office. Ada "
    "pocketed the ledger.\n\nTo be continued…"
)
LEG_TWO = (
    "Last time, in The Clockwork Monsoon… Leg 2, “The Drowned Ledger”, sent Sam Okafor and "
    "Ada headlong after the truth.\n\n"
    "Down at the harbour, Sam swung from a crane and caught the villain's satchel. Ada read "
    "the stamp on the crates: Vienna.\n\nTo be continued…"
)


def _recap(adventure, leg, body, title, published=True):
    return Recap.objects.create(
        adventure=adventure,
        leg=leg,
        title=title,
        body=body,
        published=timezone.now() if published else None,
    )


def _two_legs(adventure):
    one = adventure.legs.get()
    two = Leg.objects.create(adventure=adventure, position=2, title="The Drowned Ledger")
    _recap(adventure, one, LEG_ONE, "Leg 1: A Ticking in the Rain")
    _recap(adventure, two, "A DRAFT NOBODY MAY SEE.", "Draft", published=False)
    _recap(adventure, two, LEG_TWO, "Leg 2: The Drowned Ledger")
    Scene.objects.update(status=Scene.Status.DONE)


def _tv(adventure) -> str:
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-token")
    page = Client().get(reverse("screen", args=["tv-token"])).content.decode()
    return html.unescape(page)


def test_every_leg_so_far_is_told_the_newest_whole(director, playing):
    adventure = playing["adventure"]
    _two_legs(adventure)
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    phone = html.unescape(player_client(playing["sam"]).get(playing["url"]).content.decode())
    tv = _tv(adventure)
    for screen in (phone, tv):
        # Every recap told, each under its own title, in the order played (a card each: the
        # earlier ones were once cut down to a line, test_previously_on_one_card_a_recap).
        assert "Leg 1: A Ticking in the Rain" in screen
        assert "Ada pocketed the ledger" in screen
        # Leg 2, the newest, whole; and after Leg 1.
        assert "caught the villain's satchel" in screen
        assert "Ada read the stamp on the crates: Vienna." in screen
        assert screen.index("Ada pocketed the ledger") < screen.index("caught the villain's")
        assert "DRAFT NOBODY" not in screen


def test_the_story_so_far_fits_the_tvs_minute(director, playing):
    """Many Legs played: each earlier one still named, the whole read in about a minute."""
    adventure = playing["adventure"]
    _two_legs(adventure)
    for n in range(3, 12):
        leg = Leg.objects.create(adventure=adventure, position=n, title=f"Chase number {n}")
        story = f"Leg {n} was long. " + "The gears kept turning and turning all night. " * 12
        _recap(adventure, leg, story, f"Leg {n}: Chase number {n}")
    last = Leg.objects.create(adventure=adventure, position=12, title="The Finale")
    _recap(adventure, last, LEG_TWO, "Leg 12: The Finale")
    director.post(playing["url"] + "previously/", headers=HTMX)
    tv = _tv(adventure)
    for n in range(3, 12):
        assert f"Leg {n}: Chase number {n}" in tv
    assert "caught the villain's satchel" in tv
    state = Adventure.objects.get(pk=adventure.pk).previously_on
    assert state["until"] - state["started"] <= sequence.TITLE_SECONDS + sequence.STORY_SECONDS


def test_the_next_adventure_of_a_campaign_tells_the_last_one(director, playing):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Brass Years")
    earlier = Adventure.objects.create(director=adventure.director, title="Act One")
    Adventure.objects.filter(pk__in=[adventure.pk, earlier.pk]).update(campaign=campaign)
    one = Leg.objects.create(adventure=earlier, position=1, title="A Ticking in the Rain")
    two = Leg.objects.create(adventure=earlier, position=2, title="The Drowned Ledger")
    _recap(earlier, one, LEG_ONE, "Leg 1: A Ticking in the Rain")
    _recap(earlier, two, LEG_TWO, "Leg 2: The Drowned Ledger")
    Scene.objects.update(status=Scene.Status.DONE)
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    phone = html.unescape(player_client(playing["sam"]).get(playing["url"]).content.decode())
    assert "Leg 1: A Ticking in the Rain" in phone
    assert "Ada pocketed the ledger" in phone
    assert "caught the villain's satchel" in phone


def test_the_next_adventures_replay_is_titled_with_the_adventure_it_tells(director, playing):
    """The review: "Previously on… The Drowned Bell" on the TV and the phones, telling The
    Foghorn Conspiracy. Titled with what it tells, the Campaign beneath it on the TV."""
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Brass Years")
    earlier = Adventure.objects.create(director=adventure.director, title="The Foghorn Conspiracy")
    Adventure.objects.filter(pk__in=[adventure.pk, earlier.pk]).update(campaign=campaign)
    Adventure.objects.filter(pk=adventure.pk).update(title="The Drowned Bell")
    one = Leg.objects.create(adventure=earlier, position=1, title="A Ticking in the Rain")
    _recap(earlier, one, LEG_ONE, "Leg 1: A Ticking in the Rain")
    Scene.objects.update(status=Scene.Status.DONE)
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    phone = html.unescape(player_client(playing["sam"]).get(playing["url"]).content.decode())
    heading = phone.split('id="previously-title">', 1)[1].split("<", 1)[0]
    assert heading == "The Foghorn Conspiracy"
    tv = _tv(adventure)
    title = tv.split('id="previously-title">', 1)[1].split("<", 1)[0]
    assert title == "The Foghorn Conspiracy"
    assert '<p class="previously-sub">The Brass Years</p>' in tv


def test_an_adventures_own_replay_keeps_its_own_title(director, playing):
    adventure = playing["adventure"]
    _two_legs(adventure)
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    phone = html.unescape(player_client(playing["sam"]).get(playing["url"]).content.decode())
    assert f'id="previously-title">{adventure.title}<' in phone
