"""A log row is drawn once per process and reused, and never outlives what it shows."""

import pytest
from django.template.loader import render_to_string

from sessions.models import TableEvent
from sessions.parts.rows import event_row

pytestmark = pytest.mark.django_db


def _drawn(event: TableEvent, oob: bool = False) -> str:
    return render_to_string("sessions/table/_event.html", {"event": event, "oob": oob})


def test_a_row_is_drawn_once_and_is_what_the_template_draws(playing):
    event = TableEvent.objects.filter(adventure=playing["adventure"]).latest("pk")
    row = event_row(event)
    assert row == _drawn(event)
    assert event_row(TableEvent.objects.get(pk=event.pk)) is row  # read again: the same row
    assert event_row(event, oob=True) == _drawn(event, oob=True) != row


def test_an_undone_event_draws_its_row_again_struck_out(playing):
    events = TableEvent.objects.filter(adventure=playing["adventure"]).order_by("pk")
    first, last = events.first(), events.last()
    before = event_row(first)
    TableEvent.objects.filter(pk=first.pk).update(undone_by=last)
    after = event_row(TableEvent.objects.get(pk=first.pk))
    assert "Undone by the Director" in after
    assert "Undone by the Director" not in before


def test_the_table_page_shows_the_rows(client, playing):
    client.force_login(playing["sam"].owner)
    page = client.get(playing["url"]).content.decode()
    for event in TableEvent.objects.filter(adventure=playing["adventure"]):
        assert event_row(event) in page
