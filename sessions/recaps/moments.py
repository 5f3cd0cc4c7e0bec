"""What each event of the log adds to the Scene being told (`sessions.recaps.story`): a
Gamble locked in, a Knockout, a handout's reveal, a Rest… as `chapter.Happening`s, and the
rolls of real dice it holds."""

from collections.abc import Iterable

from sessions import rules as R
from sessions.grammar import listed
from sessions.models import TableEvent
from sessions.recaps.chapter import HandRoll, Happening, Moment
from sessions.wording.director import name_inside


def of_event(
    events: list[TableEvent], index: int, hero: str, heroes: dict[int, str]
) -> list[Happening]:
    """What an event other than a Gamble's or the Leg's own adds to the story, if anything."""
    data = events[index].data
    match events[index].kind:
        case "peril" if data.get("knocked_out"):
            why = f"Why: {data['reason']}" if data.get("reason") else ""
            return [Happening(Moment.KNOCKOUT, hero, text=data.get("out_until", ""), more=why)]
        case "enemies_turn":
            # The enemies strike only in a Tumult: whoever they knock out is out until it ends;
            # the others they hurt are told in a sentence of their own (a fresh-eyes recap told
            # the heroes' Gambles and never the blows that answered them).
            until = R.OutUntil.TUMULT_ENDS.value
            out = data.get("heroes_knocked_out", [])
            return [
                *_struck(data, out, heroes),
                *(
                    Happening(
                        Moment.KNOCKOUT,
                        heroes.get(pk, "A hero"),
                        text=until,
                        more=_struck_by(data, pk),
                    )
                    for pk in out
                ),
            ]
        case "tumult_started":
            return [Happening(Moment.TUMULT, count=1 + _rounds_after(events[index + 1 :]))]
        case "investigated":
            learnt = (data.get("prompt", ""), data.get("learns", ""))
            return [Happening(Moment.INVESTIGATED, hero, *learnt)]
        case "group_resolved":
            return [
                Happening(
                    Moment.GROUP,
                    text=data.get("description", ""),
                    success=bool(data.get("success")),
                    count=data.get("successes", 0),
                    of=data.get("participants", 0),
                )
            ]
        case "rest":
            eased = tuple(r["name"] for r in data.get("rested", []) if r["to"] < r["from"])
            return [Happening(Moment.REST, text=listed(list(eased)), count=1, who=eased)]
        case "handout" if _first_showing(events[index]):
            caption = data.get("caption") or events[index].summary.split(": ", 1)[-1]
            return [Happening(Moment.HANDOUT, text=caption)]
        case "gear_lost" if data.get("item"):  # a blunder's consequence, posted to the log
            return [Happening(Moment.GEAR_LOST, hero, text=data["item"])]
        case "narration":
            said = events[index].summary.removeprefix("The Director: ").removeprefix("Clue: ")
            line = data.get("line") or said
            return [Happening(Moment.CLUE if data.get("clue") else Moment.NARRATION, text=line)]
    return []


def _struck(data: dict, out: list[int], heroes: dict[int, str]) -> list[Happening]:
    """The heroes the enemies hurt and didn't knock out, with the foes that struck as the Cast
    saw them (hidden ones unnamed): one happening, or none."""
    hurt = [s for s in data.get("struck", []) if s["hero"] not in out]
    if not hurt:
        return []
    who = tuple(dict.fromkeys(heroes.get(s["hero"], "a hero") for s in hurt))
    by = listed([name_inside(name) for name in dict.fromkeys(s["by"] for s in hurt if s["by"])])
    return [Happening(Moment.STRUCK, text=by, who=who)]


def _struck_by(data: dict, hero: int) -> str:
    """Who knocked the hero out in the enemies' turn: the enemies that struck them, named as
    the Cast saw them then (a hidden one struck as "an enemy" and stays unnamed)."""
    named = dict.fromkeys(s["by"] for s in data.get("struck", []) if s["hero"] == hero and s["by"])
    if not named:
        return "It was the enemies' turn"
    return f"{listed(list(named))} struck in the enemies' turn"


def _first_showing(event: TableEvent) -> bool:
    """A handout's reveal (not its showing again), as its event says (or, before the events
    said so, its line)."""
    if "first" in event.data:
        return event.data["first"] is True
    return event.summary.startswith("The Director reveals a handout")


def locked(
    told: dict,
    hero: str,
    data: dict,
    gamble: dict,
    sounds: list[str],
    group_action: str | None = None,
) -> None:
    """A Gamble locked in: counted, and remembered if it was a moment. A member's part of a
    Group Gamble (``group_action``: the group's action) is a Gamble too, counted as every
    screen counts it, and told once, in the group's sentence (its action and its tally): never
    again as a Gamble of its own, whatever its hero's words (a fresh-eyes recap: "Not long
    after, Mabel Finch set out to sprint for the exit, and blundered." after the group's)."""
    success, effects = bool(data.get("success")), data.get("sound_effects", [])
    intent = gamble.get("intent", "")
    told["gambles"] += 1
    told["successes"] += success
    if group_action is not None:
        told["grouped"] += 1
        intent = ""
    happenings = told["happenings"]
    if effects:
        sounds.extend(effects)
    rerolled = success and "before" in gamble and not _hit(gamble["before"])
    lucky, rolled = bool(gamble.get("lucky")), gamble.get("rolled")
    snatched = success and not rerolled and lucky and rolled is not None and not _hit(rolled)
    if intent:  # what the hero set out to do: its success or blunder (and its luck), told
        said = " ".join(effects)
        happenings.append(Happening(Moment.GAMBLE, hero, intent, said, success, snatched=snatched))
    if data.get("knocked_out"):
        happenings.append(Happening(Moment.KNOCKOUT, hero, text=data.get("out_until", "")))
    if data.get("retired") and data.get("knocked_out"):
        happenings.append(Happening(Moment.RETIRING, hero))
    if rerolled:
        happenings.append(Happening(Moment.CATCHPHRASE, hero, gamble.get("phrase", "")))
    elif snatched and not intent:  # told on its own: no sentence of the Gamble to tell it in
        happenings.append(Happening(Moment.SNATCHED, hero))
    if effects and not intent:
        moment = Moment.BLAMMO if success else Moment.BLAMMO_FLOP
        happenings.append(Happening(moment, hero, " ".join(effects)))


# What each kind of event rolled, in the recap's words (`chapter.ROLLS`).
ROLLED_FOR = {
    "gamble_rolled": "gamble",
    "catchphrase": "catchphrase",
    "investigated": "investigation",
    "rest": "rest",
    "leg_started": "lucky",
}


def rolled_by_hand(hero: str, kind: str, data: dict) -> list[HandRoll]:
    """The rolls of real dice in this event: its hero's, or those of the heroes of a Rest or
    a Leg's start whose die was typed in; each with whether the Director typed it in."""
    roll = ROLLED_FOR.get(kind, "gamble")
    if data.get("by_hand") is True and hero:
        return [HandRoll(hero, roll, data.get(TableEvent.TYPED_IN) is True)]
    rolls = [*data.get("rested", []), *data.get("rolls", [])]
    return [
        HandRoll(r["name"], roll, r.get(TableEvent.TYPED_IN) is True)
        for r in rolls
        if isinstance(r, dict) and r.get("by_hand")
    ]


def _hit(dice: Iterable[int]) -> bool:
    return any(R.is_hit(face) for face in dice)


def _rounds_after(events: list[TableEvent]) -> int:
    rounds = 0
    for event in events:
        if event.kind == "tumult_ended":
            break
        rounds += event.kind == "tumult_round"
    return rounds
