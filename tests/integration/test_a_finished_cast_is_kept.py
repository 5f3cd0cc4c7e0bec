"""A finished Adventure's page says nobody new joins, yet offered "Remove" beside each member of
its Cast (a fresh-eyes review). The Cast is kept as it was played: no Remove, and a Remove posted
anyway is refused with the reason, the Cast unchanged."""

import html

import pytest
from django.contrib.messages import get_messages

from sessions.actions import cast, legs
from sessions.actions.base import NotNow
from sessions.models import CastMember, KeptOut, TableEvent
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def test_a_finished_adventure_offers_no_remove_beside_its_cast(director, playing):
    adventure = playing["adventure"]
    outline = f"/adventures/{adventure.pk}/"
    assert "Remove Sam Okafor from the Cast?" in html.unescape(director.get(outline).text)

    legs.finish_adventure(adventure, adventure.director)
    page = html.unescape(director.get(outline).content.decode())
    assert "Sam Okafor" in page
    assert "Ada" in page
    assert "/remove/" not in page[page.index('id="cast"') :].split("</section>")[0]
    assert "from the Cast" not in page


def test_a_remove_posted_to_a_finished_adventure_is_refused(director, playing):
    adventure = playing["adventure"]
    legs.finish_adventure(adventure, adventure.director)
    member = CastMember.objects.get(adventure=adventure, character=playing["sam"])
    url = f"/adventures/{adventure.pk}/cast/{member.pk}/remove/"

    response = director.post(url)
    assert response.status_code == 302
    said = [str(message) for message in get_messages(response.wsgi_request)]
    assert said == [
        "This Adventure is finished: its Cast is kept as it was played. Nobody was removed."
    ]

    partial = director.post(url, headers=HTMX)
    assert partial.status_code == 409
    assert "its Cast is kept as it was played" in partial.content.decode()
    assert CastMember.objects.filter(pk=member.pk).exists()


def test_the_action_itself_keeps_a_finished_cast(playing):
    """Refused by `leave_cast` itself, not only by the Remove view: any caller is held back."""
    adventure = playing["adventure"]
    legs.finish_adventure(adventure, adventure.director)
    member = CastMember.objects.get(adventure=adventure, character=playing["sam"])
    events = TableEvent.objects.filter(adventure=adventure).count()

    with pytest.raises(NotNow, match="its Cast is kept as it was played"):
        cast.leave_cast(member, adventure.director)
    assert CastMember.objects.filter(pk=member.pk).exists()
    assert not KeptOut.objects.filter(adventure=adventure).exists()
    assert TableEvent.objects.filter(adventure=adventure).count() == events
