"""The TV between Legs: once a Leg ends and before the next starts, the story column had the
Cast and then nothing (a fresh-eyes TV: a big empty space). It says how the Leg went, the
sound effects it rang with, who retired, and what the next Leg brings, in the rules' words.
Drawn for the shared screen alone."""

from django.http import Http404

from sessions import rules as R
from sessions.models import Gamble, Leg, TableEvent
from sessions.viewer import Viewer

SOUNDS = 6


def between_legs_context(viewer: Viewer) -> dict:
    if not viewer.screen:
        raise Http404("The shared screen's own part")
    adventure = viewer.adventure
    if adventure.is_finished or viewer.scene is not None:
        return {}
    legs = list(adventure.legs.all())
    if any(leg.status == Leg.Status.PLAYING for leg in legs):
        return {}  # between Scenes: the Leg goes on
    over = [n for n, leg in enumerate(legs, 1) if leg.status == Leg.Status.FINISHED]
    if not over:
        return {}  # before the first Leg: the invitation has the room
    number = over[-1]
    gambles = list(Gamble.objects.filter(scene__leg=legs[number - 1], locked=True))
    successes = sum(1 for gamble in gambles if gamble.success)
    following = next((n for n, leg in enumerate(legs, 1) if leg.status == Leg.Status.PLANNED), None)
    return {
        "between": {
            "number": number,
            "tally": gambles_tally(len(gambles), successes),
            # The Leg's last few: a line the room reads at a glance.
            "sounds": [sound for gamble in gambles for sound in gamble.sound_effects][-SOUNDS:],
            "retired": _retired(viewer),
            "next": following,
            "most_lucky": R.MAX_LUCKY_SAVES,
        }
    }


def gambles_tally(made: int, successes: int) -> str:
    """Gambles in a line, a Leg's or (at The End) the whole Adventure's: "5 Gambles: 3
    successes, 2 blunders"."""
    if not made:
        return "no Gambles rolled"
    blunders = made - successes
    return (
        f"{made} Gamble{'' if made == 1 else 's'}: "
        f"{successes} success{'' if successes == 1 else 'es'}, "
        f"{blunders} blunder{'' if blunders == 1 else 's'}"
    )


def _retired(viewer: Viewer) -> list[str]:
    """The heroes whose careers the Leg's end closed (their fourth Knockout), as its log said."""
    ended = TableEvent.objects.filter(
        adventure=viewer.adventure, kind="leg_ended", undone_by__isnull=True
    ).first()
    return list(ended.data.get("retired", [])) if ended else []
