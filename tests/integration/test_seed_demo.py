"""`manage.py seed_demo`: a complete demo table in one command, safe to run again."""

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from characters.models import Character
from sessions.models import Adventure, Campaign, CastMember, Danger, Leg, Scene

pytestmark = pytest.mark.django_db


def _counts():
    return [
        model.objects.count()
        for model in (Adventure, Campaign, Leg, Scene, Danger, Character, CastMember)
    ]


def test_the_demo_is_complete_and_running_it_twice_adds_nothing(capsys):
    call_command("seed_demo")
    adventure = Adventure.objects.get()
    assert adventure.campaign == Campaign.objects.get(title="The Monsoon Years")
    assert adventure.legs.count() == 3
    assert all(leg.scenes.exists() and leg.key_locations.exists() for leg in adventure.legs.all())
    assert [m.character.name for m in adventure.cast.select_related("character")] == [
        "Ada Quill",
        "Sam “Sledge” Okafor",
    ]
    request = RequestFactory().post("/accounts/login/")
    assert authenticate(request, username="demo-director", password="enigma-demo-password")
    assert "demo-director" in capsys.readouterr().out
    before = _counts()
    call_command("seed_demo")
    assert _counts() == before


def test_a_finished_demo_adventure_keeps_its_cast_released():
    call_command("seed_demo")
    Adventure.objects.update(status=Adventure.Status.FINISHED)
    CastMember.objects.update(active=False)
    call_command("seed_demo")
    assert not CastMember.objects.filter(active=True).exists()
