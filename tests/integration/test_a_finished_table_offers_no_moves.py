"""After The End the Director's table offers no move it would refuse (a fresh-eyes cockpit saw
"Post my line" and the dice to choose on a finished table): what is left is pointed to, and
the server still refuses the moves sent anyway."""

import html

import pytest

from sessions.models import Adventure, TableEvent
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_finished_table_offers_no_line_for_the_log_and_no_dice_to_choose(director, playing):
    from sessions.actions import legs

    url = playing["url"]
    before = _page(director, url)
    assert "Post my line to the table" in before
    assert "Use these dice" in before

    legs.finish_adventure(playing["adventure"], playing["adventure"].director)
    page = _page(director, url)
    for offer in ("Post my line to the table", "A line for everyone's log", "Use these dice"):
        assert offer not in page, offer
    assert 'name="real_dice"' not in page
    assert "The Adventure is finished: its log is kept as it was played." in page
    assert 'href="#pacing-title"' in page
    # What is still possible: the recap, every recap, the table's dice to read.
    assert "Read the recap" in page
    assert "Every recap of this Adventure" in page
    assert f'href="/adventures/{playing["adventure"].pk}/dice/"' in page
    # The Director's own notes are still theirs to keep.
    assert "Save notes" in page


def test_a_finished_table_refuses_a_line_or_a_change_of_dice_sent_anyway(director, playing):
    from sessions.actions import legs

    adventure = playing["adventure"]
    legs.finish_adventure(adventure, adventure.director)
    before = TableEvent.objects.count()
    line = director.post(
        playing["url"] + "narrate/", {"note": "One more thing!", "tool": "line"}, headers=HTMX
    )
    assert line.status_code == 409
    assert "This Adventure is finished" in html.unescape(line.content.decode())
    dice = director.post(playing["url"] + "real-dice/", {"real_dice": "hand"}, headers=HTMX)
    assert dice.status_code == 409
    assert Adventure.objects.get(pk=adventure.pk).real_dice == "app"
    assert TableEvent.objects.count() == before


def test_a_handout_on_show_between_legs_leaves_the_screens_at_the_end(director, playing):
    """Finished between Legs, a handout on show stayed over the TV's The End card."""
    from sessions.actions import handouts, legs
    from sessions.models import Handout
    from tests.images import handout

    adventure = playing["adventure"]
    legs.end_leg(adventure, adventure.director)
    handouts.reveal(adventure, handout(adventure, "The harbour map").pk, adventure.director)
    assert Handout.objects.filter(on_show=True).exists()
    legs.finish_adventure(adventure, adventure.director)
    assert not Handout.objects.filter(on_show=True).exists()
    the_end = TableEvent.objects.get(kind="adventure_finished")
    assert the_end.data["handout_caption"] == "The harbour map"
