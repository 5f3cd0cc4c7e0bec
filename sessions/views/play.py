"""The players' moves at the table: Gambles, investigations, Wide Shot details, Tumult
actions, and the X-card any player may press."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from sessions import rules as R
from sessions.actions import gambles, investigations, rolled, safety, tumults, wideshots
from sessions.actions.base import PAUSED, PAUSED_BY_DIRECTOR, AlreadyDone, once
from sessions.forms import GambleForm, WideShotDetailForm
from sessions.forms.dice import FacesRefused, players_dice
from sessions.models import Gamble, Investigation
from sessions.parts import PARTS, base_context
from sessions.parts.player import gamble_panel
from sessions.viewer import Viewer
from sessions.views.answers import (
    act,
    back,
    checked,
    done,
    hero_at_hand,
    redrawn,
    render_part,
    request_key,
    table_viewer,
    whole_number,
)


def _gamble_request(form: GambleForm, names: tuple[str, ...]) -> gambles.GambleRequest:
    data = form.cleaned_data
    return gambles.GambleRequest(
        intent=data["intent"],
        knacks=data["knacks"],
        equipment=data["equipment"],
        sound_effects=data["sound_effects"],
        advantages=data["advantages"],
        helpers=data["helpers"],
        penalties=data["penalties"],
        danger=data["danger"],
        names=names,
    )


def _known_names(viewer: Viewer, intent: str) -> tuple[str, ...]:
    """The names a stated action may start with or name, kept as names in every sentence
    told of it: the Cast's, and the Scene's NPCs' and revealed Dangers' ("Question Mr. Wen").
    The Scene's are read only for words with a capital past their first: most Gambles
    ("Bluff the foreman") name nobody, and their roll reads nothing more."""
    cast = tuple(c.name for c in viewer.cast)
    scene = viewer.scene if any(w[:1].isupper() for w in intent.split()[1:]) else None
    return (*cast, *scene.known_names(viewer.dangers)) if scene else cast


@require_POST
def gamble_roll(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    adventure, viewer = table_viewer(request, pk)
    character = hero_at_hand(viewer, character_id)
    form = viewer.gamble_form(character, request.POST)
    if not form.is_valid():
        # Nothing rolled, nothing kept: the form comes back with the message by its field.
        return _gamble_refused(request, adventure, viewer, character, form)
    try:
        # Two tabs showing the same form roll once (its request id); a Retry too (the page's).
        with once(adventure.pk, request_key(request)):
            dice = players_dice(adventure, request.POST.get("faces"))
            gambles.roll_gamble(
                adventure,
                character,
                _gamble_request(form, _known_names(viewer, form.cleaned_data["intent"])),
                form.cleaned_data["request_id"],
                request.user,
                dice,
            )
    except AlreadyDone:
        pass
    except R.RuleError as refused:
        if not (request.htmx or viewer.directs):
            messages.error(request, str(refused))
            return back(request, adventure)
        # Keep what the player typed, with the reason next to it: by the faces if they were
        # what was wrong (400), else on top (409).
        faces = isinstance(refused, (FacesRefused, R.WrongDiceCount)) and adventure.by_hand
        # The panel drawn once, around the form that was sent (not a fresh one to throw away).
        # On the roll-for page a pause is said by its bar and the panel's note: not a third time.
        unsaid = faces or (not request.htmx and str(refused) in (PAUSED, PAUSED_BY_DIRECTOR))
        panel = gamble_panel(viewer, character, form=form, error="" if unsaid else str(refused))
        panel |= {"faces_error": str(refused) if faces else ""}
        status = 400 if faces or isinstance(refused, FacesRefused) else 409
        if not request.htmx:
            # The Director's roll-for page: the action typed and the dice chosen come back too
            # (the X-card pressed meanwhile: with the pause's bar and its Resume on top).
            return _roll_for_page(request, adventure, viewer, panel, status)
        context = base_context(viewer) | {"panel": panel}
        return render_part(request, PARTS["gamble"], context, status=status)
    return done(request, adventure)


def _roll_for_page(request, adventure, viewer, panel: dict, status: int) -> HttpResponse:
    """The Director's roll-for page drawn as the answer to its refused roll."""
    context = {"adventure": adventure, "viewer": viewer, "panel": panel}
    return render(request, "sessions/roll_for.html", context, status=status)


def _gamble_refused(request, adventure, viewer, character, form: GambleForm) -> HttpResponse:
    """A Gamble form sent with a mistake, drawn again with each message by its field (400):
    the hero's panel for htmx, or the Director's roll-for page, or the table page."""
    panel = gamble_panel(viewer, character, form=form)
    if request.htmx:
        context = base_context(viewer) | {"panel": panel}
        return render_part(request, PARTS["gamble"], context, status=400)
    if viewer.directs:
        return _roll_for_page(request, adventure, viewer, panel, 400)
    errors = " ".join(e for errs in form.errors.values() for e in errs)
    messages.error(request, f"Check the Gamble: {errors}")
    return back(request, adventure)


def _gamble_step(request: HttpRequest, pk: int, gamble_id: int, step) -> HttpResponse:
    """A move on a rolled Gamble, by its player, or by the Director settling it."""
    adventure, viewer = table_viewer(request, pk)
    # Whose it is: an open Gamble of the Cast came with the seat's read; any other, ask.
    hero = next((c.pk for c in viewer.cast if c.open_gamble_id == gamble_id), None)
    if hero is None:
        hero = get_object_or_404(Gamble, pk=gamble_id, adventure=adventure).character_id
    mine = hero in {c.pk for c in viewer.characters}
    if not (mine or viewer.directs):
        raise Http404("Not your Gamble")
    name, hero = ("gamble", hero) if mine else ("director-gambles", None)
    seen = whole_number(request.POST.get("step"))
    return act(request, adventure, lambda: step(adventure, gamble_id, seen), name, hero)


@require_POST
def gamble_reroll(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    def reroll(adventure, gamble_id, seen):
        dice = players_dice(adventure, request.POST.get("faces"))
        # Dice that already succeed are re-rolled only once confirmed (the panel asks first).
        confirmed = request.POST.get("confirm") == "yes"
        rolled.catchphrase_reroll(
            adventure, gamble_id, seen, request.user, dice, confirmed=confirmed
        )

    return _gamble_step(request, pk, gamble_id, reroll)


@require_POST
def gamble_lucky_save(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    die = whole_number(request.POST.get("die"))

    def lift(adventure, gamble_id, seen):
        die_index = -1 if die is None else die
        rolled.spend_lucky_save(adventure, gamble_id, die_index, seen, request.user)

    return _gamble_step(request, pk, gamble_id, lift)


@require_POST
def gamble_lock_in(request: HttpRequest, pk: int, gamble_id: int) -> HttpResponse:
    def lock(adventure, gamble_id, seen):
        rolled.lock_in(adventure, gamble_id, seen, request.user)

    # The step the page saw makes a lock-in safe to send again (see `rolled.lock_in`).
    response = _gamble_step(request, pk, gamble_id, lock)
    # The Director rolling for a hero (`director_rolls_for`, no htmx): once the Gamble is
    # locked in, that hero's turn is done, back to the table (a refusal stays on the page).
    rolling_for = not request.htmx and "/for/" in response.get("Location", "")
    if rolling_for and Gamble.objects.filter(pk=gamble_id, locked=True).exists():
        return redirect("table", pk)
    return response


@require_POST
def investigation_roll(request: HttpRequest, pk: int, investigation_id: int) -> HttpResponse:
    """The player rolls a plain 1d6 for an investigation the Director asked of them."""
    adventure, viewer = table_viewer(request, pk)
    investigation = get_object_or_404(Investigation, pk=investigation_id, adventure=adventure)
    character = hero_at_hand(viewer, investigation.character_id)

    def roll():
        dice = players_dice(adventure, request.POST.get("faces"))
        investigations.investigate(adventure, investigation.pk, request.user, dice)

    return act(request, adventure, roll, "gamble", character.pk)


@require_POST
def wideshot_detail(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    adventure, viewer = table_viewer(request, pk)
    character = viewer.own(character_id)
    form = WideShotDetailForm(request.POST, character=character)

    def add():
        wideshots.add_detail(adventure, character, checked(form)["text"], request.user)

    def refused(reason: str) -> HttpResponse:
        # The reason in the part, and what the player typed still in their input.
        typed = {"typed_for": character.pk, "typed": request.POST.get("text", "")[:300]}
        return redrawn(request, adventure, "wideshot", error=reason, status=409, extra=typed)

    # Sent: the stream brings the sender's own form with the event (its input holding the
    # detail as it now stands), drawn in order with the other players' details.
    return act(request, adventure, add, "wideshot", refused=refused)


@require_POST
def tumult_act(request: HttpRequest, pk: int, character_id: int) -> HttpResponse:
    """A player's action this round that needs no Gamble."""
    adventure, viewer = table_viewer(request, pk)
    character = viewer.own(character_id)
    return act(
        request,
        adventure,
        lambda: tumults.act_without_gamble(adventure, character, request.user),
        "tumult-moves",
    )


@require_POST
def x_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Anyone at the table may pause it. Nothing records who."""
    adventure, _viewer = table_viewer(request, pk)
    return act(request, adventure, lambda: safety.press_x_card(adventure), "pause", anonymous=True)


@require_POST
def fast_forward(request: HttpRequest, pk: int) -> HttpResponse:
    """Anyone at the table may ask to skip past a moment (Script Change). Nothing records who."""
    adventure, _viewer = table_viewer(request, pk)
    return act(
        request, adventure, lambda: safety.ask_fast_forward(adventure), "pause", anonymous=True
    )
