"""A hero's sheet keeps their career: the Adventures and Legs they played, each Knockout with
when and where, and their retirement. A retired hero's sheet is an archive page."""

import pytest

from characters.models import Character
from sessions.models import Adventure, CastMember, Leg, next_to_undo
from sessions.rules import LoadedDice
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def _knockout(adventure, hero, reason="a falling crane"):
    from sessions.actions import peril

    peril.adjust_peril(adventure, hero.pk, 6, reason, adventure.director)


def test_the_sheet_lists_adventures_legs_and_knockouts_with_where(playing):
    adventure, sam = playing["adventure"], playing["sam"]
    _knockout(adventure, sam)
    page = player_client(sam).get(sam.get_absolute_url()).content.decode()
    assert "Career" in page
    assert "The Clockwork Monsoon" in page
    assert "Legs played:</strong> Leg 1: A Ticking in the Rain." in page
    assert (
        "Knockout</strong> in Leg 1: A Ticking in the Rain, at Harbourmaster&#x27;s Office "
        "(“Questions for the harbourmaster”): Peril from the Director (a falling crane)."
    ) in page


def test_an_undone_knockout_is_no_part_of_the_career(playing):
    from sessions.actions import corrections

    adventure, sam = playing["adventure"], playing["sam"]
    _knockout(adventure, sam)
    corrections.undo(adventure, next_to_undo(adventure.pk).pk, adventure.director)
    page = player_client(sam).get(sam.get_absolute_url()).content.decode()
    assert "Knockout</strong> in" not in page


def test_a_hero_who_joins_mid_adventure_played_only_the_legs_since(playing, make_user):
    from sessions.actions import legs

    adventure = playing["adventure"]
    kit = Character.objects.create(owner=make_user("kit"), name="Kit", archetype="explorer")
    legs.end_leg(adventure, adventure.director)
    second = Leg.objects.create(adventure=adventure, title="Into the Storm", position=2)
    CastMember.objects.create(adventure=adventure, character=kit)
    legs.start_leg(adventure, second, adventure.director, LoadedDice([1, 1, 1]))
    page = player_client(kit).get(kit.get_absolute_url()).content.decode()
    assert "Leg 2: Into the Storm" in page
    assert "Leg 1: A Ticking in the Rain" not in page


def test_retirement_and_its_leg_then_an_archive_page(playing):
    from sessions.actions import legs

    adventure, sam = playing["adventure"], playing["sam"]
    Character.objects.filter(pk=sam.pk).update(knockouts=3)
    _knockout(adventure, sam)  # the fourth: retiring at the end of this Leg
    legs.end_leg(adventure, adventure.director)
    sam.refresh_from_db()
    assert sam.career_ended
    client = player_client(sam)
    page = client.get(sam.get_absolute_url()).content.decode()
    assert "From the archive" in page
    assert "archive-page" in page
    assert "Retired at the end of Leg 1: A Ticking in the Rain: the career ended there." in page
    assert ">Edit</a>" not in page
    # The archive's notes are kept as they were.
    response = client.post(sam.get_absolute_url() + "notes/", {"notes": "new"}, headers=HTMX)
    sam.refresh_from_db()
    assert sam.notes == ""
    assert response.status_code == 400


def test_the_career_spans_every_adventure_of_the_hero(playing):
    from sessions.actions import cast, legs

    adventure, sam = playing["adventure"], playing["sam"]
    legs.finish_adventure(adventure, adventure.director)
    sequel = Adventure.objects.create(director=adventure.director, title="The Sequel")
    cast.join_cast(sequel, sam, sam.owner)
    page = player_client(sam).get(sam.get_absolute_url()).content.decode()
    career = page[page.index('id="career"') :]  # (the Relationships hint names the Cast now)
    assert career.index("The Clockwork Monsoon") < career.index("The Sequel")
    assert "Finished" in page


def test_the_sheet_with_a_long_career_takes_ten_queries(playing, django_assert_max_num_queries):
    from sessions.actions import cast, legs

    adventure, sam = playing["adventure"], playing["sam"]
    _knockout(adventure, sam)
    legs.finish_adventure(adventure, adventure.director)
    for n in range(3):  # and a fourth Knockout ends the career
        more = Adventure.objects.create(director=adventure.director, title=f"Part {n}")
        cast.join_cast(more, sam, sam.owner)
        leg = Leg.objects.create(adventure=more, title=f"Leg of part {n}")
        legs.start_leg(more, leg, adventure.director, LoadedDice([1]))
        _knockout(more, sam, f"trap {n}")
        legs.finish_adventure(more, adventure.director)
    client = player_client(sam)
    with django_assert_max_num_queries(10):
        page = client.get(sam.get_absolute_url()).content.decode()
    assert page.count("Knockout</strong> in") == 4
    assert "trap 2" in page
    assert "Retired at the end of Leg 1: Leg of part 2" in page
