"""The Director's screens after a fresh-eyes evening (issue #35): what the table says when the
Adventure has no Legs yet, and when it is finished."""

import html

import pytest

from sessions.models import Adventure

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_new_adventure_with_no_legs_says_so_with_a_way_to_add_one(client, alice):
    adventure = Adventure.objects.create(director=alice, title="A Fresh Start")
    client.force_login(alice)
    page = _text(client.get(f"/adventures/{adventure.pk}/table/"))
    assert "Every Leg has been played" not in page
    assert "No Legs yet." in page
    assert f'href="/adventures/{adventure.pk}/legs/new/"' in page


def test_a_finished_table_shows_where_the_story_goes_on(director, playing):
    from django.utils import timezone

    from sessions.actions import legs
    from sessions.models import Campaign, Recap
    from tests.conftest import player_client

    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="Harbour Tales")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    adventure.refresh_from_db()
    legs.finish_adventure(adventure, adventure.director)
    player = player_client(playing["sam"])
    table = playing["url"]

    page = _text(player.get(table))
    # No recap published yet: the way to the Adventure's recaps, for when there is one.
    assert "After the end" in page
    assert f'href="{adventure.get_absolute_url()}#recaps"' in page
    assert "The Adventure's recaps" in page

    Recap.objects.filter(adventure=adventure).update(published=timezone.now())
    recap = Recap.objects.filter(adventure=adventure).first()
    assert recap is not None  # the last one is drafted as the Adventure ends
    following = Adventure.objects.create(
        director=adventure.director, title="The Second Monsoon", campaign=campaign
    )
    page = _text(player.get(table))
    assert f'href="{recap.get_absolute_url()}"' in page
    assert "The story goes on: “The Second Monsoon” is ready." in page
    assert f'href="{campaign.get_absolute_url()}"' in page
    assert following.pk

    # The Director's Latest Gamble says the Adventure is over, not that no dice were rolled.
    cockpit = _text(director.get(table))
    assert "No dice rolled yet." not in cockpit
    assert "This Adventure is finished: no more Gambles at this table." in cockpit


def test_a_finished_adventure_offers_no_invite_no_adding_and_no_play_tools(director, playing):
    from sessions.actions import legs

    adventure = playing["adventure"]
    outline = f"/adventures/{adventure.pk}/"
    before = _text(director.get(outline))
    assert "Copy invite link" in before
    assert "Add a Leg" in before
    assert "When it goes wrong" in _text(director.get(playing["url"]))

    legs.finish_adventure(adventure, adventure.director)
    page = _text(director.get(outline))
    for offer in ("Copy invite link", "New invite link", "Add a Leg", "Add a Scene"):
        assert offer not in page, offer
    assert adventure.invite_code not in page
    assert "The Adventure is finished" in page
    assert f'href="/adventures/{adventure.pk}/log/"' in page
    cockpit = _text(director.get(playing["url"]))
    assert "When it goes wrong" not in cockpit
    assert "Hide consequence prompts" not in cockpit


def test_a_finished_adventure_drops_the_prompt_switch_and_the_real_dice_note(director, playing):
    """A table still open as the Adventure ends is redrawn part by part: the consequence
    prompts' switch and the players' "Real dice tonight" go with it (a fresh-eyes evening)."""
    from sessions.actions import legs
    from tests.conftest import player_client

    adventure = playing["adventure"]
    director.post(playing["url"] + "real-dice/", {"real_dice": "either"}, HTTP_HX_REQUEST="true")
    player = player_client(playing["sam"])
    assert "Dice: real or the app's" in _text(player.get(playing["url"]))
    prompts = playing["url"] + "part/consequences/"
    assert "Hide consequence prompts" in _text(director.get(prompts))

    legs.finish_adventure(adventure, adventure.director)
    part = _text(director.get(prompts))
    assert "Hide consequence prompts" not in part
    assert "Show consequence prompts" not in part
    # (the log keeps its line of the evening the table switched to real dice)
    assert "Dice: real or the app's" not in _text(player.get(playing["url"]))
    assert "real-dice-note" not in _text(player.get(playing["url"] + "part/scene/"))
