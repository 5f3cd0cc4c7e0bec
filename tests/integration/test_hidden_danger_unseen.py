"""A Danger the Director adds at the table starts hidden: nothing the Cast or the TV reads may
say that one is there (not even "the Director adds a Danger"), nor that it was changed, taken
out or the adding undone. Revealing it is news for everyone."""

import pytest
from django.test import Client
from django.urls import reverse

from sessions import live
from sessions.models import Danger, TableEvent, next_to_undo
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

# Words of a line about a Danger the Cast can't see.
TELLS = ("adds a", "Danger to the Scene", "changes a", "removes a", "Goon", "Undone")


def _what_the_cast_reads(playing) -> list[str]:
    adventure, sam = playing["adventure"], playing["sam"]
    adventure.screen_token = "tv-token"  # the TV switched on
    adventure.save(update_fields=["screen_token"])
    phone = player_client(sam)
    screen = Client().get(reverse("screen", args=[adventure.screen_token]))
    assert screen.status_code == 200
    texts = [
        phone.get(playing["url"]).content.decode(),
        phone.get(f"/adventures/{adventure.pk}/log/").content.decode(),
        phone.get(f"/adventures/{adventure.pk}/log/markdown/").content.decode(),
        phone.get(f"/adventures/{adventure.pk}/log/json/").content.decode(),
        screen.content.decode(),
    ]
    for event in TableEvent.objects.order_by("pk"):
        texts += [live.log_row(event), live.draw_event(event.pk).public.decode()]
    return texts


def _undo(director, playing):
    offered = next_to_undo(playing["adventure"].pk)
    return director.post(playing["url"] + "undo/", {"event": offered.pk}, headers=HTMX)


def test_a_hidden_danger_added_changed_removed_or_undone_leaves_no_line(director, playing):
    before = set(TableEvent.objects.values_list("pk", flat=True))
    url = playing["url"] + "dangers/"
    director.post(
        url + "add/", {"name": "Goon", "template": "minion", "hidden": "on"}, headers=HTMX
    )
    goon = Danger.objects.get(name="Goon")
    assert not goon.revealed
    director.post(
        url + "change/",
        {"danger": goon.pk, "name": "Goon Boss", "success_threshold": 3, "danger_rating": 2},
        headers=HTMX,
    )
    assert _undo(director, playing).status_code == 200  # the change
    director.post(url + "remove/", {"danger": goon.pk}, headers=HTMX)
    assert not Danger.objects.filter(pk=goon.pk).exists()
    assert _undo(director, playing).status_code == 200  # the removal: it is back
    new = TableEvent.objects.exclude(pk__in=before)
    assert new.count() == 5  # each move is an event all the same: the Director can undo it
    for text in _what_the_cast_reads(playing):
        for tell in TELLS:
            assert tell not in text


def test_revealing_it_is_told_to_everyone(director, playing):
    url = playing["url"] + "dangers/"
    director.post(
        url + "add/", {"name": "Goon", "template": "minion", "hidden": "on"}, headers=HTMX
    )
    goon = Danger.objects.get(name="Goon")
    director.post(url + "reveal/", {"danger": goon.pk, "revealed": "1"}, headers=HTMX)
    log = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Enter Goon!" in log
    assert "adds a" not in log
