"""The table's hottest reads (the seat check, a move's locked reads) are compiled once per
process and run with each call's ids: the same rows as Django's own query, one statement each,
counted like any other."""

import pytest
from django.db import transaction

from sessions.models import Adventure, CastMember, Gamble
from sessions.models.prepared import Prepared
from sessions.rules import LoadedDice, use_dice
from sessions.viewer import seated_viewer
from tests.conftest import player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def test_a_prepared_read_is_built_once_and_reads_what_its_query_reads(
    playing, django_assert_num_queries
):
    built = []

    @Prepared
    def members(adventure_id: int, name: str):
        built.append(adventure_id)
        return (
            CastMember.objects.filter(adventure_id=adventure_id, character__name=name)
            .select_related("character", "adventure")
            .order_by("pk")
        )

    adventure = playing["adventure"]
    other = Adventure.objects.create(director=adventure.director, title="Elsewhere")
    for adventure_id, name in [
        (adventure.pk, "Ada"),
        (adventure.pk, "Sam Okafor"),
        (other.pk, "Ada"),
    ]:
        expected = list(members._build(adventure_id, name))
        with django_assert_num_queries(1):
            rows = members(adventure_id, name)
        assert rows == expected
        # Its rows come as Django makes them: the related rows joined in, no query more.
        with django_assert_num_queries(0):
            assert [(m.character.name, m.adventure.title) for m in rows] == [
                (m.character.name, m.adventure.title) for m in expected
            ]
    assert len(built) == 1 + 3  # compiled once (from stand-ins); built here for the expected
    assert [m.character.name for m in members(adventure.pk, "Sam Okafor")] == ["Sam Okafor"]


def test_a_read_whose_values_are_not_passed_as_they_are_is_compiled_every_time(playing):
    """A slice's bounds are written into the SQL, a search's text made into a pattern: no
    place to put each call's, so each call is compiled as usual."""

    @Prepared
    def first_few(how_many: int):
        return CastMember.objects.order_by("pk")[:how_many]

    @Prepared
    def named_like(start: str):
        return CastMember.objects.filter(character__name__startswith=start)

    assert len(first_few(1)) == 1
    assert len(first_few(2)) == 2
    assert [m.character.name for m in named_like("Sa")] == ["Sam Okafor"]
    assert [m.character.name for m in named_like("Ad")] == ["Ada"]


def test_a_prepared_read_by_key_says_when_there_is_no_such_row(playing):
    @Prepared
    def locked_gamble(gamble_id: int):
        return Gamble.objects.select_for_update().filter(pk=gamble_id)

    with transaction.atomic(), pytest.raises(Gamble.DoesNotExist):
        locked_gamble.get(10**9)
    with pytest.raises(TypeError):
        locked_gamble(True)


def test_the_seat_check_reads_each_table_as_it_is(playing, make_user):
    """Compiled once, the seat check still tells each table and each user apart."""
    adventure, sam = playing["adventure"], playing["sam"]
    other = Adventure.objects.create(director=make_user("dana"), title="Elsewhere")
    assert seated_viewer(adventure.pk, sam.owner_id).characters == [sam]
    assert seated_viewer(other.pk, sam.owner_id) is None
    assert seated_viewer(other.pk, other.director_id).directs
    with use_dice(LoadedDice([6, 2])):
        url = playing["url"] + f"roll/{sam.pk}/"
        player_client(sam).post(url, gamble_form("request-0001"))
    viewer = seated_viewer(adventure.pk, sam.owner_id)
    assert viewer.open_gambles[sam.pk] == Gamble.objects.get()
    assert viewer.gambles_made == {sam.pk: 1}  # read with what the Gamble form offers
