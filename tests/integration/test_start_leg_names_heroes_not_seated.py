"""Starting the first Leg of a Campaign's next Adventure while heroes of the Adventure before
it haven't taken their one-tap seat: "Start Leg" asks first, in the page (a popover, as End
Leg asks), naming them, to start anyway or wait (the review: two heroes missing, nothing
said). Retired heroes and heroes not in the last Adventure's Cast are not awaited."""

from datetime import timedelta

import pytest

from characters.models import Character
from sessions.models import Adventure, Campaign, CastMember, Leg, Scene

pytestmark = pytest.mark.django_db

ASKED = 'id="leg-start-confirm"'


@pytest.fixture
def next_adventure(adventure, cast_member, carol, make_user):
    """The Clockwork Monsoon, no Leg started yet, follows The Foghorn Conspiracy in a Campaign:
    Sam played both and is seated; Ada played the last one and isn't yet; Cleo retired after
    it; Dex never played it."""
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    campaign = Campaign.objects.create(director=adventure.director, title="The Brass Years")
    earlier = Adventure.objects.create(
        director=adventure.director,
        title="The Foghorn Conspiracy",
        status=Adventure.Status.FINISHED,
    )
    Adventure.objects.filter(pk=earlier.pk).update(created=adventure.created - timedelta(days=7))
    Adventure.objects.filter(pk__in=[adventure.pk, earlier.pk]).update(campaign=campaign)
    dan = make_user("dan")
    ada = Character.objects.create(owner=carol, name="Ada", archetype="investigator")
    cleo = Character.objects.create(owner=dan, name="Cleo", archetype="brawler", career_ended=True)
    Character.objects.create(owner=dan, name="Dex", archetype="brawler")
    for hero in (cast_member.character, ada, cleo):
        CastMember.objects.create(adventure=earlier, character=hero, active=False)
    return {"adventure": adventure, "ada": ada}


def _pacing(client, adventure) -> str:
    client.force_login(adventure.director)
    url = f"/adventures/{adventure.pk}/table/part/director-pacing/"
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def test_start_leg_names_the_campaigns_heroes_not_seated_yet(client, next_adventure):
    pacing = _pacing(client, next_adventure["adventure"])
    assert ASKED in pacing
    assert "Not seated yet: Ada.</strong>" in pacing
    assert "Start the Leg anyway" in pacing
    assert "Wait for them" in pacing
    for not_awaited in ("Cleo", "Dex", "Sam Okafor"):
        assert not_awaited not in pacing


def test_once_every_hero_is_seated_start_leg_starts_at_once(client, next_adventure):
    adventure = next_adventure["adventure"]
    CastMember.objects.create(adventure=adventure, character=next_adventure["ada"])
    pacing = _pacing(client, adventure)
    assert ASKED not in pacing
    assert ">Start Leg</button>" in pacing


def test_once_play_has_begun_the_next_leg_is_not_asked_about(client, next_adventure):
    adventure = next_adventure["adventure"]
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.FINISHED)
    Leg.objects.create(adventure=adventure, position=2, title="The Second Leg")
    pacing = _pacing(client, adventure)
    assert ">Start Leg</button>" in pacing
    assert ASKED not in pacing


def test_an_adventure_outside_a_campaign_is_not_asked_about(client, adventure, cast_member):
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    pacing = _pacing(client, adventure)
    assert ">Start Leg</button>" in pacing
    assert ASKED not in pacing
