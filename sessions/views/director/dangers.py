"""Dangers in play and Tumults."""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import (
    dangers,
    tumults,
)
from sessions.forms import (
    DangerEditForm,
    DangerQuickForm,
)
from sessions.views.answers import (
    act,
    checked,
    director_viewer,
    redrawn,
    whole_number,
)
from sessions.views.director.base import control


@require_POST
def danger_add(request: HttpRequest, pk: int) -> HttpResponse:
    def add(adventure, _viewer):
        data = checked(DangerQuickForm(request.POST))
        revealed = not data["hidden"]
        dangers.add_danger(
            adventure, data["name"], data["template"], request.user, revealed=revealed
        )

    return control(request, pk, add)


def _danger_id(request: HttpRequest) -> int:
    danger_id = whole_number(request.POST.get("danger"))
    if danger_id is None:
        raise Http404("No such Danger")
    return danger_id


def _on_danger(request: HttpRequest, pk: int, action) -> HttpResponse:
    """A Director's move on one Danger of the Scene, its id posted as ``danger``:
    ``action(adventure, danger_id, actor)``."""
    danger_id = _danger_id(request)
    return control(request, pk, lambda adventure, _: action(adventure, danger_id, request.user))


@require_POST
def danger_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    revealed = request.POST.get("revealed") == "1"

    def reveal(adventure, danger_id, actor):
        dangers.reveal_danger(adventure, danger_id, revealed, actor)

    return _on_danger(request, pk, reveal)


@require_POST
def danger_change(request: HttpRequest, pk: int) -> HttpResponse:
    def change(adventure, danger_id, actor):
        data = checked(DangerEditForm(request.POST))
        dangers.edit_danger(
            adventure,
            danger_id,
            data["name"],
            data["success_threshold"],
            data["danger_rating"],
            actor,
        )

    return _on_danger(request, pk, change)


@require_POST
def danger_remove(request: HttpRequest, pk: int) -> HttpResponse:
    return _on_danger(request, pk, dangers.remove_danger)


@require_POST
def danger_back(request: HttpRequest, pk: int) -> HttpResponse:
    return _on_danger(request, pk, dangers.bring_back)


@require_POST
def danger_success(request: HttpRequest, pk: int) -> HttpResponse:
    return _on_danger(request, pk, dangers.director_mark_success)


# The start form's mark that it offered the Scene's Dangers to tick (an unticked box sends
# nothing: without the mark, a Tumult against every Danger still standing, as before).
FOES_OFFERED = "foes-offered"


def chosen_foes(post) -> list[int] | None:
    """The Danger ids ticked on the start form (``foe``), or None if it offered no choice.
    Anything that isn't an id is a Danger of no Scene: refused, never a crash."""
    if FOES_OFFERED not in post:
        return None
    ids = [whole_number(value) for value in post.getlist("foe")]
    if None in ids:
        raise R.NotAFoe()
    return ids


@require_POST
def tumult_start(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, _viewer = director_viewer(request, pk)
    ticked = request.POST.getlist("foe")

    def start():
        tumults.start_tumult(adventure, request.user, foes=chosen_foes(request.POST))

    def refused(reason: str) -> HttpResponse:
        # Beside the boxes, as they were ticked, the question still asked: ticks the Director
        # chose, kept through the live redraws that follow (data-touched, table.js).
        extra = {"foes_ticked": ticked, "foes_chosen": True}
        return redrawn(request, adventure, "director-tumult", error=reason, status=409, extra=extra)

    return act(request, adventure, start, "director-tumult", refused=refused)


@require_POST
def tumult_join(request: HttpRequest, pk: int) -> HttpResponse:
    return _on_danger(request, pk, tumults.bring_into_tumult)


def peril_splits(post) -> dict[int, dict[int, int | None]]:
    """Read fields named split-<danger>-<character> into {danger: {character: Peril}}; a share
    that isn't a whole number is None (the action refuses it by its box, with the rest)."""
    splits: dict[int, dict[int, int | None]] = {}
    for key, value in post.items():
        parts = key.split("-")
        if len(parts) != 3 or parts[0] != "split" or not value.strip():
            continue
        danger_id, character_id = whole_number(parts[1]), whole_number(parts[2])
        if danger_id is None or character_id is None:
            raise R.RuleError("That split doesn't make sense.")
        splits.setdefault(danger_id, {})[character_id] = whole_number(value.strip())
    return splits


# The enemies' turn drawn with its boxes of Peril (each 0 at first), and the answer "Yes, none"
# to the question asked when every box is still 0.
PERIL_ASKED, NONE_MEANT = "peril-asked", "no-peril"


def _no_peril_said(post) -> bool:
    """Every box of the enemies' turn left at 0 (or empty), and not yet said to be meant."""
    if PERIL_ASKED not in post or NONE_MEANT in post:
        return False
    try:
        splits = peril_splits(post)
    except R.RuleError:
        return False  # the action refuses it, with its reason
    return all(share == 0 for shares in splits.values() for share in shares.values())


@require_POST
def tumult_enemies(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, _viewer = director_viewer(request, pk)
    if _no_peril_said(request.POST) and tumults.enemies_may_strike(adventure):
        # Not skipped by accident: the question asked in the page, the boxes kept as they are.
        extra = {"ask_no_peril": True}
        return redrawn(request, adventure, "director-tumult", status=409, extra=extra)
    grid: list[R.PerilGridRefused] = []

    def strike():
        try:
            tumults.enemies_turn(adventure, peril_splits(request.POST), request.user)
        except R.PerilGridRefused as refused:
            grid.append(refused)
            raise

    def refused(reason: str) -> HttpResponse:
        # Every bad box marked by its own message, the grid as it was typed; nothing doled out.
        extra = {"typed": request.POST}
        if grid:
            extra["box_errors"] = {f"{d}-{c}": why for (d, c), why in grid[0].boxes.items()}
            extra["column_errors"] = grid[0].columns
        return redrawn(request, adventure, "director-tumult", error=reason, status=409, extra=extra)

    return act(request, adventure, strike, "director-tumult", refused=refused)


@require_POST
def tumult_next(request: HttpRequest, pk: int) -> HttpResponse:
    return control(request, pk, lambda adventure, _: tumults.next_round(adventure, request.user))


@require_POST
def tumult_end(request: HttpRequest, pk: int) -> HttpResponse:
    """The Tumult ends once the Director said yes to the question asked in the page (an end
    in one click, by a slip beside "Enemies' turn", ended the fight for every screen)."""
    confirmed = request.POST.get("confirm") == "yes"
    return control(
        request,
        pk,
        lambda adventure, _: tumults.end_tumult(adventure, request.user, confirmed=confirmed),
    )
