"""The Director's crib at the table: ticking a clue or set piece as used, posting a clue."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import narration
from sessions.forms import ClueLineForm
from sessions.parts.crib import crib_leg, crib_lines
from sessions.views.answers import director_viewer
from sessions.views.director.base import aside
from sessions.views.director.tell import refused_in_part, tell


def _line(viewer, key: str):
    """The crib line named ``key`` in the Leg in play now (at any of its Key Locations): the
    text is read from the prep, never taken from the form."""
    leg = crib_leg(viewer)
    found = next((line for line in crib_lines(leg) if line.key == key), None) if leg else None
    if found is None:
        raise R.RuleError("That line isn't in the prep for this Leg any more.")
    return leg, found


@require_POST
def crib_tick(request: HttpRequest, pk: int) -> HttpResponse:
    """Tick a clue or set piece as used this Leg (or untick it): the Director's alone."""
    used = request.POST.get("used") == "1"

    def tick(_adventure, viewer):
        leg, line = _line(viewer, request.POST.get("line", ""))
        narration.mark_used(leg.pk, line.key, used)

    return aside(request, pk, "crib", tick)


@require_POST
def crib_post(request: HttpRequest, pk: int) -> HttpResponse:
    """Tell the table a clue: shown first as it will read (anything else still hidden in it
    marked), then it joins everyone's log, and is ticked as used."""
    key = request.POST.get("line", "")
    adventure, viewer = director_viewer(request, pk)
    try:
        leg, line = _line(viewer, key)
    except R.RuleError as refused:
        return refused_in_part(request, adventure, "crib", str(refused))

    def post(adventure, text, reveal):
        narration.post_clue(
            adventure, leg.pk, line.key, text, request.user, reveal=reveal, clue=line.clue
        )

    return tell(
        request,
        pk,
        name="crib",
        text=line.text,
        post=post,
        always_show=True,
        fields=[("line", line.key), ("part", "crib"), ("tool", f"crib:{line.key}")],
        # The clue is no secret in its own post, nor where prep has it twice (the Leg's own
        # clues and a Key Location's): the twin is the same words, told.
        skip=[f"clue-{twin.key}" for twin in crib_lines(leg) if twin.text == line.text],
        form_class=ClueLineForm,
        prefix=narration.clue_prefix(line.clue),
    )
