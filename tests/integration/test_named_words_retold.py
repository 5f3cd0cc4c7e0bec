"""Names the table knows, in what the players type, read as names on the log and the TV (the
review: "Ada sees pillai keeps glancing"); an Investigation reads as one sentence on both
("Ada takes a closer look" above "The ledger" read as if missing "at")."""

import html

import pytest
from django.test import Client
from django.urls import reverse

from sessions.models import KeyLocation, TableEvent
from sessions.rules import LoadedDice

pytestmark = pytest.mark.django_db


@pytest.fixture
def tv(playing):
    adventure = playing["adventure"]
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])
    KeyLocation.objects.update(npcs=[{"name": "Pillai", "notes": ""}])
    return lambda: html.unescape(
        Client().get(reverse("screen", args=["tv-token"])).content.decode()
    )


@pytest.mark.parametrize(
    "typed", ["pillai keeps glancing at the door", "Pillai keeps glancing at the door"]
)
def test_a_wide_shot_detail_naming_an_npc_keeps_the_name(playing, tv, typed):
    from sessions.actions import wideshots

    ada = playing["ada"]
    wideshots.add_detail(playing["adventure"], ada, typed, ada.owner)
    told = "Ada notices: Pillai keeps glancing at the door"
    assert TableEvent.objects.get(kind="wideshot_detail").summary == f"{told}."
    page = tv()
    assert "<strong>Ada</strong> notices: Pillai keeps glancing at the door" in page
    assert "sees pillai" not in page.lower()


def test_an_investigation_reads_as_one_sentence_on_the_tv_and_the_log(playing, tv):
    from sessions.actions import investigations

    adventure, ada = playing["adventure"], playing["ada"]
    investigations.ask_to_investigate(adventure, ada.pk, "The ledger", adventure.director)
    asked = adventure.investigations.get()
    investigations.investigate(adventure, asked.pk, ada.owner, LoadedDice([4]))
    summary = TableEvent.objects.get(kind="investigated").summary
    assert summary.startswith("Ada takes a closer look at the ledger: rolls 4, and learns ")
    page = tv()
    assert "Ada takes a closer look at the ledger" in page
    assert "takes a closer look</p>" not in page
