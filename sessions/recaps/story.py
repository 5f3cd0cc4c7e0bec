"""The log read back as a story: a stretch of a table's events as a `chapter.Chapter`.

Only what the Cast saw goes in: the events (public by design) that still stand (nothing the
Director undid), the Scenes that were played with their public framing and Wide Shot, and the
Dangers the Director revealed. Nothing of the Director's prep is read.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from sessions import repeats
from sessions import rules as R
from sessions.models import Adventure, Danger, Leg, Scene, TableEvent
from sessions.recaps import reads
from sessions.recaps.chapter import Chapter, HandRoll, Happening, Moment, Told
from sessions.recaps.phrasing import names


def chapter(adventure: Adventure, after: int, last: int, leg: Leg | None) -> Chapter:
    events = reads.events_between(adventure, after, last)
    heroes = {c.pk: c.name for c in adventure.cast_characters()}
    reading = _Reading(reads.scenes(events), reads.dangers(events), heroes, reads.grouped(events))
    for index in range(len(events)):
        reading.read(events, index)
    reading.put_dangers_out()
    number, leg_title, continued = reads.leg_named(events, leg, after, adventure)
    return Chapter(
        adventure=adventure.title,
        leg_number=number,
        leg_title=leg_title,
        continued=continued,
        cast=tuple(heroes.values()),
        scenes=tuple(
            Told(**t) for t in reading.told if t["beat"] or t["happenings"] or t["gambles"]
        ),
        leg_over=reading.leg_over,
        finished=reading.finished,
        retired=tuple(reading.retired),
        sound_effects=tuple(dict.fromkeys(reading.sounds)),
        by_hand=tuple(reading.by_hand),
        names=_names(reading),
        seed=events[0].pk if events else 0,
    )


@dataclass
class _Reading:
    """The story as the log is read, one event after another: the Scenes told so far (the
    first holds what happened before any Scene), the Gambles still open, and where each
    Danger was last touched."""

    scenes: dict[int, Scene]
    dangers: dict[int, Danger]
    heroes: dict[int, str]
    # The Gambles that were a member's part of a Group Gamble: (the group, its action).
    grouped: dict[int, tuple[int, str]]
    told: list[dict] = field(default_factory=lambda: [_told()])
    gambles: dict[int, dict] = field(default_factory=dict)
    sounds: list[str] = field(default_factory=list)
    touched: dict[int, tuple[dict, int, int, str]] = field(default_factory=dict)
    retired: list[str] = field(default_factory=list)
    by_hand: list[HandRoll] = field(default_factory=list)
    # Where the open Group Gamble was called: told there, before its members' Gambles.
    group_at: tuple[dict, int] | None = None
    # Each Group Gamble's members who locked in, named once in its sentence.
    members: dict[int, list[str]] = field(default_factory=dict)
    leg_over: bool = False
    finished: bool = False

    def read(self, events: list[TableEvent], index: int) -> None:
        event = events[index]
        data, hero = event.data, event.character.name if event.character else ""
        now = self.told[-1]
        self.by_hand += _rolled_by_hand(hero, event.kind, data)
        match event.kind:
            case "scene_started":
                self.told.append(_told(self.scenes.get(data.get("scene")), data))
            case "gamble_rolled":
                self.gambles[data.get("gamble")] = {
                    "rolled": data.get("dice", []),
                    "intent": data.get("intent", ""),
                }
            case "catchphrase":
                self.gambles.setdefault(data.get("gamble"), {}).update(
                    before=data.get("before", []), phrase=data.get("phrase", "")
                )
            case "lucky_save":
                self.gambles.setdefault(data.get("gamble"), {})["lucky"] = True
            case "gamble_locked":
                gamble = self.gambles.pop(data.get("gamble"), {})
                group, action = self.grouped.get(data.get("gamble"), (None, None))
                if group is not None:
                    self.members.setdefault(group, []).append(hero)
                _locked(now, hero, data, gamble, self.sounds, group_action=action)
            case "leg_ended":
                self.leg_over = True
                self.retired += data.get("retired", [])
            case "adventure_finished":
                self.finished = True
            case "group_called":
                self.group_at = (now, len(now["happenings"]))
            case "group_resolved":
                who = tuple(self.members.pop(data.get("group"), ()))
                told = [replace(h, who=who) for h in _moments(events, index, hero, self.heroes)]
                if self.group_at and self.group_at[0] is now:
                    self._insert(now, self.group_at[1], told)
                else:
                    now["happenings"] += told
                self.group_at = None
            case _:
                now["happenings"] += _moments(events, index, hero, self.heroes)
        if (danger := data.get("danger")) in self.dangers:
            by = hero if event.kind == "gamble_locked" else ""
            self.touched[danger] = (now, len(now["happenings"]), index, by)

    def _insert(self, told: dict, at: int, happenings: list[Happening]) -> None:
        """Tell ``happenings`` earlier in the Scene, at ``at``: the places of the Dangers
        touched after it move along."""
        told["happenings"][at:at] = happenings
        for pk, (where, spot, index, by) in self.touched.items():
            if where is told and spot >= at:
                self.touched[pk] = (where, spot + len(happenings), index, by)

    def put_dangers_out(self) -> None:
        """An enemy that is out went down at the last blow the story tells (the latest first,
        so that the places of the earlier ones still hold)."""
        latest_first = sorted(self.touched.items(), key=lambda t: t[1][1:3], reverse=True)
        for pk, (where, at, _, by) in latest_first:
            danger = self.dangers[pk]
            if danger.is_out:
                name = danger.name if danger.revealed else ""
                happening = Happening(Moment.DANGER_OUT, by if name else "", name)
                where["happenings"].insert(at, happening)


def _moments(
    events: list[TableEvent], index: int, hero: str, heroes: dict[int, str]
) -> list[Happening]:
    """What an event other than a Gamble's or the Leg's own adds to the story, if anything."""
    data = events[index].data
    match events[index].kind:
        case "peril" if data.get("knocked_out"):
            why = f"Why: {data['reason']}" if data.get("reason") else ""
            return [Happening(Moment.KNOCKOUT, hero, text=data.get("out_until", ""), more=why)]
        case "enemies_turn" if data.get("knocked_out"):
            why = "It was the enemies' turn"
            # The enemies strike only in a Tumult: whoever they knock out is out until it ends.
            until = R.OutUntil.TUMULT_ENDS.value
            return [
                Happening(Moment.KNOCKOUT, heroes.get(pk, "A hero"), text=until, more=why)
                for pk in data.get("heroes_knocked_out", [])
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
            eased = [r["name"] for r in data.get("rested", []) if r["to"] < r["from"]]
            return [Happening(Moment.REST, text=names(eased))]
        case "handout" if _first_showing(events[index]):
            caption = data.get("caption") or events[index].summary.split(": ", 1)[-1]
            return [Happening(Moment.HANDOUT, text=caption)]
        case "gear_lost" if data.get("item"):  # a blunder's consequence, posted to the log
            return [Happening(Moment.GEAR_LOST, hero, text=data["item"])]
        case "narration":
            line = data.get("line") or events[index].summary.removeprefix("The Director: ")
            return [Happening(Moment.NARRATION, text=line)]
    return []


def _first_showing(event: TableEvent) -> bool:
    """A handout's reveal (not its showing again), as its event says (or, before the events
    said so, its line)."""
    if "first" in event.data:
        return event.data["first"] is True
    return event.summary.startswith("The Director reveals a handout")


def _names(reading: "_Reading") -> tuple[str, ...]:
    """The names the story may meet in typed words: the heroes', the NPCs' of the places
    played, the Dangers' the Cast saw."""
    npcs = [
        npc.get("name", "")
        for scene in reading.scenes.values()
        if scene.key_location
        for npc in scene.key_location.npcs
        if isinstance(npc, dict)
    ]
    met = [scene.framing_who for scene in reading.scenes.values()]  # "Pillai", "Old Tom"
    dangers = [d.name for d in reading.dangers.values() if d.revealed]
    return tuple(name for name in (*reading.heroes.values(), *npcs, *met, *dangers) if name)


def _told(scene: Scene | None = None, data: dict | None = None) -> dict:
    """A Scene being told, as a dict to add to (a `Told` once done)."""
    told = {"happenings": [], "gambles": 0, "successes": 0}
    if data is None:
        return told | {"beat": ""}
    told |= {"beat": data.get("beat", ""), "place": data.get("place", "")}
    if scene is None:
        return told
    board = getattr(scene, "wide_shot", None)
    if scene.key_location:
        told["description"] = scene.key_location.public_description
    told |= {
        "beat": scene.beat,
        "where": scene.framing_where,
        "what": scene.framing_what,
        "who": scene.framing_who,
        "opening": board.opening if board else "",
        "canon": tuple(
            (d.character.name, d.text) for d in (board.details.all() if board else ()) if d.text
        ),
    }
    return told


def _locked(
    told: dict,
    hero: str,
    data: dict,
    gamble: dict,
    sounds: list[str],
    group_action: str | None = None,
) -> None:
    """A Gamble locked in: counted, and remembered if it was a moment. A member's part of a
    Group Gamble (``group_action``: the group's action) is counted and told in the group's
    sentence; its hero's own words only where they say more than the group's."""
    success, effects = bool(data.get("success")), data.get("sound_effects", [])
    intent = gamble.get("intent", "")
    if group_action is None:
        told["gambles"] += 1
        told["successes"] += success
    elif not repeats.adds_to(intent, group_action):
        intent = ""
    happenings = told["happenings"]
    if effects:
        sounds.extend(effects)
    if intent:  # what the hero set out to do: its success or blunder, told
        said = " ".join(effects)
        happenings.append(Happening(Moment.GAMBLE, hero, intent, said, success))
    if data.get("knocked_out"):
        happenings.append(Happening(Moment.KNOCKOUT, hero, text=data.get("out_until", "")))
    if data.get("retired") and data.get("knocked_out"):
        happenings.append(Happening(Moment.RETIRING, hero))
    if success and "before" in gamble and not _hit(gamble["before"]):
        happenings.append(Happening(Moment.CATCHPHRASE, hero, gamble.get("phrase", "")))
    elif success and gamble.get("lucky") and "rolled" in gamble and not _hit(gamble["rolled"]):
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


def _rolled_by_hand(hero: str, kind: str, data: dict) -> list[HandRoll]:
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
