"""The TV at The End: a closing card, as the end of a Leg has its own (`between`). A fresh-eyes
TV read an empty "Latest Gamble: This Adventure is finished" where the whole story had been
played. It says how the Adventure went: its Legs and Scenes, its Gambles, the Blammo! sound
effects it rang with, its Knockouts, and who took part. Drawn for the shared screen alone."""

from django.http import Http404

from sessions.models import CastMember, Gamble, Leg, Scene, TableEvent
from sessions.parts.between import SOUNDS, gambles_tally
from sessions.viewer import Viewer


def the_end_context(viewer: Viewer) -> dict:
    if not viewer.screen:
        raise Http404("The shared screen's own part")
    adventure = viewer.adventure
    if not adventure.is_finished:
        return {}
    gambles = list(Gamble.objects.filter(adventure=adventure, locked=True).order_by("pk"))
    sounds = [sound for gamble in gambles for sound in gamble.sound_effects]
    members = CastMember.objects.filter(adventure=adventure).select_related("character")
    return {
        "the_end": {
            "played": _played(adventure),
            "tally": gambles_tally(len(gambles), sum(1 for gamble in gambles if gamble.success)),
            "heard": _count(len(sounds), "Blammo! sound effect"),
            # The last few: a line the room reads at a glance.
            "sounds": sounds[-SOUNDS:],
            "knockouts": _count(_knockouts(adventure), "Knockout"),
            "starring": _listed([member.character.name for member in members]),
        }
    }


def _played(adventure) -> str:
    """ "2 Legs and 7 Scenes played" (those the table got to), or "" before any."""
    legs = Leg.objects.filter(adventure=adventure, status=Leg.Status.FINISHED).count()
    scenes = Scene.objects.filter(leg__adventure=adventure, status=Scene.Status.DONE).count()
    if not legs and not scenes:
        return ""
    return f"{_count(legs, 'Leg')} and {_count(scenes, 'Scene')} played"


def _knockouts(adventure) -> int:
    """Every Knockout of the Adventure not undone: a Gamble's Peril, the Director's or an
    enemy's blow, each hero an enemies' turn knocked out."""
    events = TableEvent.objects.filter(
        adventure=adventure, undone_by__isnull=True, data__knocked_out=True
    ).only("kind", "data")
    return sum(
        len(event.data.get("heroes_knocked_out", [])) if event.kind == "enemies_turn" else 1
        for event in events
    )


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _listed(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
