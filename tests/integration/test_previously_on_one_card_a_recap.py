"""\"Previously on…\" at the Campaign's next Adventure tells each published recap as a card of
its own, in order, under the recap's own (edited) title, with its own text (fresh-eyes review:
the TV's card 1 of 4 ended "…up. The story so far, in The Serpent of Sky Harbor…", Leg 2's
opening glued onto Leg 1, whose whole story was cut down to its first Scene's place; the
Director's edited title was never used; the phone put Leg 2's title over Leg 1's text)."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from sessions.models import Adventure, Campaign, Leg, Recap, Scene
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

SERPENT = "The Serpent of Sky Harbor"
LEG_ONE_TITLE = "Leg 1: The Stolen Cormorant — Fists over Sky Harbor"
LEG_ONE = (
    f"Previously, in {SERPENT}… Leg 1, “The Stolen Cormorant”, threw Sam Okafor and Ada into "
    "the thick of it.\n\n"
    "The first Scene, “The mooring mast”, played out at the Sky Harbor mooring mast. Wide "
    "Shot! Gulls wheeled over the gasbags.\n\n"
    "Sam Okafor punched a dockhand clean off the gantry. Ada talked the harbourmaster into "
    "opening the logbook, and it worked. Sam Okafor and Ada tied the thief up.\n\n"
    "And there the Leg ended: Peril wiped clean, Lucky Saves to roll next time. To be continued…"
)
LEG_TWO_TITLE = "Leg 2: The Drowned Temple"
LEG_TWO = (
    f"The story so far, in {SERPENT}… Leg 2, “The Drowned Temple”, sent Sam Okafor and Ada "
    "headlong after the truth.\n\n"
    "The first Scene, “Under the lake”, played out at the drowned temple. Ada read the "
    "serpent's sigil on the altar. Sam Okafor held the door against the rising water.\n\n"
    f"And that was THE END of {SERPENT}."
)


@pytest.fixture
def next_adventure(director, playing):
    """The Campaign's next Adventure (the table in play), its last one finished with two Legs
    recapped and published, Leg 1's title edited by the Director."""
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Brass Years")
    earlier = Adventure.objects.create(
        director=adventure.director, title=SERPENT, status=Adventure.Status.FINISHED
    )
    Adventure.objects.filter(pk=earlier.pk).update(created=timezone.now().replace(year=2020))
    Adventure.objects.filter(pk__in=[adventure.pk, earlier.pk]).update(campaign=campaign)
    one = Leg.objects.create(adventure=earlier, position=1, title="The Stolen Cormorant")
    two = Leg.objects.create(adventure=earlier, position=2, title="The Drowned Temple")
    for leg, title, body, last in (
        (one, LEG_ONE_TITLE, LEG_ONE, 10),
        (two, LEG_TWO_TITLE, LEG_TWO, 20),
    ):
        Recap.objects.create(
            adventure=earlier,
            leg=leg,
            title=title,
            body=body,
            published=timezone.now(),
            last_event=last,
        )
    Scene.objects.update(status=Scene.Status.DONE)
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    return adventure


def _tv_pages(adventure) -> list[tuple[str, str]]:
    """The TV's story pages after its title card: each page's card title and its text."""
    Adventure.objects.filter(pk=adventure.pk).update(screen_token="tv-token")
    page = html.unescape(Client().get(reverse("screen", args=["tv-token"])).content.decode())
    found = re.findall(
        r'<h3 class="previously-card-title">(.*?)</h3>\s*<p class="previously-text[^"]*">(.*?)</p>',
        page,
        re.S,
    )
    return [(title.strip(), " ".join(text.split())) for title, text in found]


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_tv_tells_each_recap_on_cards_of_its_own_under_its_own_title(next_adventure):
    pages = _tv_pages(next_adventure)
    titles = [title for title, _text in pages]
    assert titles[0] == LEG_ONE_TITLE  # the Director's edit, not the Leg's name from the prep
    assert set(titles) == {LEG_ONE_TITLE, LEG_TWO_TITLE}
    assert titles == sorted(titles, key=[LEG_ONE_TITLE, LEG_TWO_TITLE].index)  # in order
    leg_one = " ".join(text for title, text in pages if title == LEG_ONE_TITLE)
    leg_two = " ".join(text for title, text in pages if title == LEG_TWO_TITLE)
    # Each card its own recap's text, never the other's glued on.
    assert "The story so far" not in leg_one
    assert "Stolen Cormorant" not in leg_two
    # Leg 1 told, not cut down to its first Scene's place: here, whole, as it fits the minute.
    assert leg_one == _words(LEG_ONE)
    assert leg_two == _words(LEG_TWO)
    for _title, text in pages:
        # No page cut short: each ends a sentence; "…" only where the recap itself says it.
        assert text.endswith((".", "!", "?", "To be continued…")), text
        assert not text.endswith(f"{SERPENT}…"), text


def test_the_phone_shows_each_recap_under_its_own_title(next_adventure, playing):
    phone = html.unescape(player_client(playing["sam"]).get(playing["url"]).content.decode())
    panel = phone.split('class="panel previously previously-phone"', 1)[1].split("</section>\n", 1)[
        0
    ]
    cards = re.findall(
        r'<article class="previously-recap"[^>]*>\s*<h3[^>]*>(.*?)</h3>\s*'
        r'<div class="prose">(.*?)</div>',
        panel,
        re.S,
    )
    assert [title.strip() for title, _body in cards] == [LEG_ONE_TITLE, LEG_TWO_TITLE]
    for (_title, body), text in zip(cards, (LEG_ONE, LEG_TWO), strict=True):
        told = _words(re.sub(r"<[^>]+>", " ", body))
        assert told == _words(text)
