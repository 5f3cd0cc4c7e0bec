"""What the TV shows now, told to the Director in a line of their cockpit: the spotlight's
moment (the newest, as `screen.newest_moment` finds it) and whether the table is paused,
redrawn when a move changes the TV's moment; and the handout on show, redrawn when the
handouts change. Drawn for the Director alone."""

from django.http import Http404

from sessions.campaigns import next_in_campaign
from sessions.models import Adventure, TableEvent
from sessions.models.prep import ZeroStep
from sessions.parts.previously import on_tv
from sessions.parts.screen import CHANGES, moment_of, newest_moment
from sessions.viewer import Viewer

# The Director's stage line hears what changes the TV's spotlight, and the TV switched on or off:
# a link the Director makes or switches off ("screen_link"), or one made as the TV of the
# finished Adventure follows the Campaign here ("screen").
STAGE_CHANGES = CHANGES | {
    "screen",
    "screen_link",
    "previously_on",
    "previously_skipped",
    "session_zero",
    "session_zero_step",
    "session_zero_closed",
    "campaign_went_on",  # a finished Adventure's TV moves on to the Campaign's next one
}


def stage_context(viewer: Viewer) -> dict:
    """The TV's moment, and whether the table is paused (the handout is a part of its own,
    drawn only when the handouts change: a Gamble's moment reads none)."""
    if not viewer.directs:
        raise Http404("Directors only")
    adventure = viewer.adventure
    shown_at = None  # when the moment came: the TV shows one for some seconds, then its board
    # Where play stands beside it: "In play" only once a Leg is under way.
    standing = "Before the first Leg" if adventure.status == Adventure.Status.PREP else "In play"
    following = next_in_campaign(adventure) if adventure.is_finished else None
    if following is not None:  # its TV asks where to now and then, and goes there (screen.js)
        moment = f"{following.title} (the TV followed the Campaign there)"
    elif adventure.is_finished:  # the curtain has its moment, then the board is the TV's
        moment = "The End, then the finished table (the Cast and the log)"
    elif adventure.paused:
        moment = "Paused (by you)" if adventure.paused_by_director else "Paused (the X-card)"
    elif on_tv(adventure):
        moment = "“Previously on…”, the story so far"
    elif adventure.zero_step == ZeroStep.TONE:
        moment = "Session zero: the topics and the safety tools"
    elif adventure.zero_step == ZeroStep.CONNECTIONS:
        moment = "Session zero: the Cast tied together"
    else:
        event = newest_moment(viewer)
        if event is not None and _over(viewer, moment_of(event)):
            event = None  # the TV's board is back: the moment is over
        moment = moment_words(event)
        shown_at = event.created if event is not None else None
        if event is not None and event.kind == "leg_ended":
            standing = "Between Legs"
    return {
        "tv_moment_at": shown_at,
        "tv_on": bool(adventure.screen_token),
        "tv_coming": not adventure.screen_token and _tv_comes_along(adventure),
        "tv_moment": moment,
        "tv_paused": adventure.paused,
        "tv_finished": adventure.is_finished,
        "tv_standing": standing,
    }


def _over(viewer: Viewer, moment: str | None) -> bool:
    """Whether the TV's newest moment is over though nothing newer took its place: a pause
    resumed, a handout put away."""
    if moment == "pause":
        return True
    return moment == "handout" and not any(handout.on_show for handout in viewer.handouts)


def _tv_comes_along(adventure) -> bool:
    """Whether a TV left on an earlier, finished Adventure of the Campaign comes here once the
    Director opens this one (session zero, "Previously on…", the first Leg): the TV then
    follows its Campaign (`campaigns.next_in_campaign`), no new link needed."""
    if adventure.campaign_id is None or adventure.is_finished:
        return False
    if TableEvent.objects.filter(adventure=adventure, kind__in=("screen", "screen_link")).exists():
        return False  # a TV came here already (or the Director made, or switched off, a link)
    return (
        Adventure.objects.filter(
            campaign_id=adventure.campaign_id,
            director_id=adventure.director_id,
            status=Adventure.Status.FINISHED,
            screen_token__isnull=False,
            created__lt=adventure.created,
        )
        .exclude(screen_token="")
        .exists()
    )


def stage_handout_context(viewer: Viewer) -> dict:
    """The handout on show on the TV, if any."""
    if not viewer.directs:
        raise Http404("Directors only")
    return {"tv_handout": next((h for h in viewer.handouts if h.on_show), None)}


def moment_words(event: TableEvent | None) -> str:
    """The TV's newest moment, in a few words for the Director."""
    if event is None:
        return "the board, no spotlight up"
    name = event.character.name if event.character else "A hero"
    data = event.data
    match event.kind:
        case "gamble_rolled":
            return f"{name} rolls"
        case "catchphrase":
            return f"{name}'s Catchphrase re-roll"
        case "lucky_save":
            return f"{name} spends a Lucky Save"
        case "gamble_locked":
            verdict = "Success!" if data.get("success") else "Blunder!"
            knockout = " KNOCKOUT!" if data.get("knocked_out") else ""
            return f"{name}'s Gamble: {verdict}{knockout}"
        case "peril" if data.get("knocked_out"):
            return f"KNOCKOUT! {name}"
        case "peril":
            return f"A Danger strikes {name}"
        case "enemies_turn":
            return "The enemies strike!"
        case "tumult_started" | "tumult_round" | "tumult_action":
            return "Tumult! Who's still to act"
        case "tumult_ended":
            return "The dust settles"
        case "group_called" | "group_resolved":
            return "Group Gamble"
        case "investigation_asked":
            return f"{name} is asked to take a closer look"
        case "investigated":
            return f"{name} takes a closer look"
        case "rest":
            return "Rest · A breather"
        case "danger_shown":
            return event.summary  # "Enter Brass Jack!"
        case "handout":
            return "A handout revealed"
        case "x_card":
            return "Paused (the X-card)"
        case "director_pause":
            return "Paused (by you)"
        case "fast_forward":
            return "Fast-forward (someone asked)"
        case "leg_started":
            return f"Leg {data.get('number', '')} begins"
        case "leg_ended":
            return f"End of Leg {data.get('number', '')}"
        case "scene_started":
            return f"A new Scene: {data.get('beat', '')}"
        case "scene_ended":
            return "Scene over"
        case "adventure_finished":
            return "The End"
    return "the board"
