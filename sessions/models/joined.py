"""The table as it stands, as columns of a query that reads something else anyway (the Cast, a
locked hero or Adventure): ids only, so what is absent costs no query of its own. Joins, not
subqueries: Django compiles a subquery on its own, and these run on every table action."""

from django.db import models
from django.db.models import Q


def playing_scene_joined(adventure: str) -> dict[str, models.Expression]:
    """The id of the Scene in play, as joins: through the playing Leg (one at most,
    `one_playing_leg`) to its playing Scene (one at most: starting a Scene ends the last)."""
    legs = f"{adventure}legs"
    return {
        "now_leg": models.FilteredRelation(legs, condition=Q(**{f"{legs}__status": "playing"})),
        "now_scene": models.FilteredRelation(
            "now_leg__scenes", condition=Q(now_leg__scenes__status="playing")
        ),
        "playing_scene_id": models.F("now_scene__pk"),
    }


def open_gamble_joined(hero: str, adventure_id: int) -> dict[str, models.Expression]:
    """A hero's open Gamble at this table (its id), as a join instead of a subquery (Django
    compiles and the database runs it as part of the query it joins): a hero has at most one
    open Gamble (`one_open_gamble_each`), so it adds no rows. ``hero`` is the path from the
    model read to the hero: "" for a `Character`, "character__" for a `CastMember`."""
    gambles = f"{hero}gambles"
    condition = Q(**{f"{gambles}__adventure_id": adventure_id, f"{gambles}__locked": False})
    return {
        "now_open_gamble": models.FilteredRelation(gambles, condition=condition),
        "open_gamble_id": models.F("now_open_gamble__pk"),
    }


def table_now_joined(adventure: str) -> dict[str, models.Expression]:
    """The ids of the active Tumult and the open Group Gamble, as joins: a table has at most
    one of each (`one_tumult_at_a_time`, `one_open_group_gamble`), so they add no rows.
    ``adventure`` is the path from the model read to the Adventure ("" or "adventure__")."""
    tumults, groups = f"{adventure}tumults", f"{adventure}groups"
    return {
        "now_tumult": models.FilteredRelation(tumults, condition=Q(**{f"{tumults}__active": True})),
        "tumult_id": models.F("now_tumult__pk"),
        "now_group": models.FilteredRelation(groups, condition=Q(**{f"{groups}__closed": False})),
        "group_id": models.F("now_group__pk"),
    }
