"""How the table's views answer: who is asking, running an action, redrawing a part.

Not views themselves: the helpers every table view module shares.
"""

import hashlib
import re
from urllib.parse import urlparse

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django_htmx.http import reswap

from characters.models import Character
from sessions import rules as R
from sessions.actions.base import AlreadyDone, once
from sessions.forms.dice import FACES_FIELD, FacesRefused
from sessions.models import Adventure
from sessions.parts import PARTS, Part, part_context
from sessions.viewer import Viewer, seated_viewer

# The largest id a database row can have (a signed 64-bit integer). A bigger one in a URL names
# nothing; SQLite would raise OverflowError on it instead of finding no row.
LARGEST_ID = 2**63 - 1


def table_viewer(request: HttpRequest, pk: int) -> tuple[Adventure, Viewer]:
    """The Adventure and who is looking at its table; 404 for anyone without a seat."""
    viewer = seated_viewer(pk, request.user.pk) if pk <= LARGEST_ID else None
    if viewer is None:
        raise Http404("No such adventure")
    return viewer.adventure, viewer


def hero_at_hand(viewer: Viewer, character_id) -> Character:
    """One of the viewer's own heroes, or, for the Director, any hero of the Cast: a player
    without a phone tells the Director their moves and the dice they rolled."""
    if not viewer.directs:
        return viewer.own(character_id)
    hero = next((c for c in viewer.cast if str(c.pk) == str(character_id)), None)
    if hero is None:
        raise Http404("Not in the Cast")
    # The hero's Gamble panel is drawn for the Director as for its player (`part_context`).
    viewer.__dict__["characters"] = [hero]
    return hero


def director_viewer(request: HttpRequest, pk: int) -> tuple[Adventure, Viewer]:
    adventure, viewer = table_viewer(request, pk)
    if not viewer.directs:
        raise Http404("Directors only")
    return adventure, viewer


def whole_number(value: str | None) -> int | None:
    """A plain id or count from a form, or None: "²", "-1" or a thousand digits aren't."""
    return int(value) if value and re.fullmatch(r"\d{1,9}", value) else None


def render_part(request, part: Part, context: dict, status: int = 200) -> HttpResponse:
    return render(request, part.content, context, status=status)


def request_key(request: HttpRequest, anonymous_at: Adventure | None = None) -> str | None:
    """The page's id for this action (`X-Request-ID`), the same when it is retried.

    ``anonymous_at``: an action that must hold nothing of who made it (the X-card). Its key
    is a digest of the page's id and the Adventure alone, so a Retry is still known as one,
    while nothing stored or backed up leads back to the person, nor to their page's id."""
    value = request.headers.get("X-Request-ID", "")
    if not (request.user.is_authenticated and re.fullmatch(r"[A-Za-z0-9_-]{8,64}", value)):
        return None
    if anonymous_at is not None:
        digest = hashlib.sha256(f"anonymous:{anonymous_at.pk}:{value}".encode()).hexdigest()
        return f"anon:{digest[:48]}"
    return f"{request.user.pk}:{value}"


def back(request, adventure: Adventure) -> HttpResponse:
    """Without JavaScript, back to the page the move was made on: the Director's page for
    rolling for one hero (`director_rolls_for`, which sends its forms without htmx), else
    the table. That page's own forms may name it (a ``back`` field): one drawn as the answer
    to a refused roll stands at the roll's address, not its own."""
    came_from = urlparse(request.POST.get("back") or request.headers.get("Referer", ""))
    rolling_for = re.fullmatch(rf"/adventures/{adventure.pk}/table/for/\d{{1,9}}/", came_from.path)
    if rolling_for and came_from.netloc in ("", request.get_host()):
        return redirect(came_from.path)
    return redirect("table", adventure.pk)


def done(request, adventure: Adventure) -> HttpResponse:
    """A table action went through. Every screen, the actor's too, gets the parts it changed
    from its event stream, so an htmx answer has nothing to draw; without JavaScript, the page."""
    if not request.htmx:
        return back(request, adventure)
    return reswap(HttpResponse(), "none")


def respond(request, adventure: Adventure, name: str, error: str = "", hero=None, field=""):
    """Answer an action: done, or refused with the part redrawn as it is now and the reason in
    it (409 for htmx; 400 with the reason by the ``field`` that was wrong), or the page with
    the reason on top."""
    if not error:
        return done(request, adventure)
    if not request.htmx:
        messages.error(request, error)
        return back(request, adventure)
    return redrawn(request, adventure, name, hero, error=error, status=409, field=field)


def redrawn(
    request,
    adventure: Adventure,
    name: str,
    hero=None,
    *,
    error="",
    status=200,
    field="",
    extra=None,
):
    """The part ``name`` drawn afresh for whoever asked, with ``error`` (and ``extra``) in it."""
    adventure.refresh_from_db()
    # Who may see what was settled before the action; what they see is read afresh.
    viewer = Viewer(adventure, request.user.pk, adventure.director_id == request.user.pk)
    part = PARTS[name]
    # The form that was refused (its ``tool`` field) shows the reason beside its button.
    context = (
        part_context(viewer, part, hero)
        | {
            "error": error,
            "refused_tool": request.POST.get("tool", ""),
            "refusal_shown": [],  # the tool's own place says it; else the part's foot (`refusal`)
        }
        | (extra or {})
    )
    if field:  # real dice typed wrong: the message goes by the faces, not on top
        status = 400
        context["faces_errors"] = {field: error}
        if "panel" in context:
            context["panel"]["faces_error"] = error
        if adventure.by_hand:
            context["error"] = ""
    if "panel" in context and context["error"]:
        context["panel"]["error"] = error
    return render_part(request, part, context, status=status)


def act(
    request,
    adventure: Adventure,
    action,
    name: str,
    hero=None,
    *,
    refused=None,
    anonymous: bool = False,
) -> HttpResponse:
    """Run a table action, at most once for the page's request id; a refused move comes back
    as a message in the redrawn part, or, for htmx, in whatever ``refused(reason)`` draws (a
    form that lives outside its part, kept with what was typed). ``anonymous``: its request
    id is stored without anything of who sent it (`request_key`)."""
    key = request_key(request, anonymous_at=adventure if anonymous else None)
    try:
        with once(adventure.pk, key):
            action()
    except AlreadyDone:
        pass  # a Retry of what went through: answer as the first time
    except FacesRefused as error:
        return respond(request, adventure, name, str(error), hero, field=error.field)
    except R.WrongDiceCount as error:  # the rules asked for more or fewer dice than typed
        return respond(request, adventure, name, str(error), hero, field=FACES_FIELD)
    except R.RuleError as error:
        if refused is not None and request.htmx:
            return refused(str(error))
        return respond(request, adventure, name, str(error), hero)
    return done(request, adventure)


def checked(form) -> dict:
    """A valid form's data; an invalid one is refused like any other bad move."""
    if not form.is_valid():
        raise R.RuleError(" ".join(e for errors in form.errors.values() for e in errors))
    return form.cleaned_data
