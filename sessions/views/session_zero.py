"""Session zero at the table: the Director opens it, moves it on and closes it; each player
marks the topics (anonymously: nothing of the request is kept with their name), adds one, ties
their hero to another and answers a tie made to theirs."""

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from characters.models import Relationship
from sessions import rules as R
from sessions.actions import session_zero
from sessions.forms.session_zero import AnswerForm, ConnectionForm, TopicForm
from sessions.rules.session_zero import MARKS
from sessions.views.answers import (
    LARGEST_ID,
    act,
    checked,
    redrawn,
    table_viewer,
    whole_number,
)
from sessions.views.director.base import control

PART = "session-zero"


@require_POST
def zero_start(request: HttpRequest, pk: int) -> HttpResponse:
    return control(request, pk, lambda a, _: session_zero.start(a, request.user), PART)


@require_POST
def zero_next(request: HttpRequest, pk: int) -> HttpResponse:
    return control(request, pk, lambda a, _: session_zero.next_step(a, request.user), PART)


@require_POST
def zero_close(request: HttpRequest, pk: int) -> HttpResponse:
    return control(request, pk, lambda a, _: session_zero.close(a, request.user), PART)


def _marks(post) -> dict[int, str]:
    """The marks sent: ``topic-<id>`` = fine, veil or line; anything else is refused."""
    marks: dict[int, str] = {}
    for name, value in post.items():
        if not name.startswith("topic-"):
            continue
        topic = whole_number(name.removeprefix("topic-"))
        if topic is None or value not in MARKS:
            raise R.RuleError("Mark each topic fine, a Veil or a Line.")
        marks[topic] = value
    return marks


@require_POST
def zero_marks(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's private marks. Only players mark: the Director runs the table."""
    adventure, viewer = table_viewer(request, pk)
    if not viewer.characters:
        return act(request, adventure, _only_players, PART)
    user_id = request.user.pk
    response = act(
        request,
        adventure,
        lambda: session_zero.mark(
            adventure, user_id, _marks(request.POST), everything_fine="all_fine" in request.POST
        ),
        PART,
        anonymous=True,
    )
    if request.htmx and response.status_code == 200:
        # Changed marks tell the table nothing (no event, no redraw): the sender's own part
        # comes back to say they are in, or which topics are still to mark.
        return redrawn(request, adventure, PART)
    return response


def _only_players():
    raise R.RuleError("Only the players mark the topics: the Director runs the table.")


@require_POST
def zero_topic(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, _viewer = table_viewer(request, pk)
    form = TopicForm(request.POST)
    return act(
        request,
        adventure,
        lambda: session_zero.add_topic(adventure, checked(form)["text"]),
        PART,
        anonymous=True,
    )


@require_POST
def zero_connect(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """A player ties their hero to another: the table's redraw brings the tie (and table.js
    brings it into the sender's sight); a mistake comes back by its field in the form (400),
    a move the step does not allow with the reason on top (409)."""
    adventure, viewer = table_viewer(request, pk)
    hero = viewer.own(character_id)
    others = [c for c in viewer.cast if c.pk != hero.pk]
    form = ConnectionForm(request.POST, others=others, auto_id=f"tie-{hero.pk}-%s")

    def connect():
        data = checked(form)
        try:
            session_zero.connect(adventure, hero, data["other"], data["text"], request.user)
        except session_zero.AlreadyTied as refused:
            form.add_error("other", str(refused))
            raise

    def refused(reason: str) -> HttpResponse:
        if not form.errors:
            return redrawn(request, adventure, PART, error=reason, status=409)
        # Drawn again offering only the heroes still to tie (as the fresh form does).
        tied = set(Relationship.objects.filter(character=hero).values_list("other_id", flat=True))
        form.fields["other"].choices = [(c.pk, c.name) for c in others if c.pk not in tied]
        extra = {"zero_bound": {"hero": hero.pk, "form": form}}
        return redrawn(request, adventure, PART, status=400, extra=extra)

    return act(request, adventure, connect, PART, refused=refused)


@require_POST
def zero_answer(
    request: HttpRequest, pk: int, character_id: int, connection_id: int
) -> HttpResponse:
    adventure, viewer = table_viewer(request, pk)
    hero = viewer.own(character_id)
    if connection_id > LARGEST_ID:
        raise Http404("No such connection")
    form = AnswerForm(request.POST)
    return act(
        request,
        adventure,
        lambda: session_zero.answer(
            adventure, hero, connection_id, checked(form)["text"], request.user
        ),
        PART,
    )
