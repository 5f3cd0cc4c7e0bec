"""The log read back as a story: a stretch of a table's events as a `chapter.Chapter`.

Only what the Cast saw goes in: the events (public by design) that still stand (nothing the
Director undid), the Scenes that were played with their public framing and Wide Shot, and the
Dangers the Director revealed. Nothing of the Director's prep is read.
"""

from dataclasses import dataclass, field, replace

from sessions.grammar import listed
from sessions.models import Adventure, Danger, Leg, Scene, TableEvent
from sessions.recaps import moments, reads
from sessions.recaps.chapter import Chapter, HandRoll, Happening, Moment, Told


def chapter(adventure: Adventure, after: int, last: int, leg: Leg | None) -> Chapter:
    events = reads.events_between(adventure, after, last)
    cast = adventure.cast_characters()
    heroes = {c.pk: c.name for c in cast}
    # A hero who has left the Cast since is still told of by their own pronouns.
    told_as = {e.character.name: e.character.pronouns for e in events if e.character}
    # A stretch that begins in the middle of a Scene (the last recap was drafted during it)
    # tells what happened next in that Scene, under its name: never under no Scene at all.
    going_on = reads.scene_going_on(adventure, after) if events else None
    scenes = reads.scenes([going_on, *events] if going_on else events)
    first = (
        _told(scenes.get(going_on.data.get("scene")), going_on.data, going_on=True)
        if going_on
        else _told()
    )
    reading = _Reading(scenes, reads.dangers(events), heroes, reads.grouped(events), told=[first])
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
        # A Scene started in the stretch is told, if only its framing; one going on from the
        # last recap, only for what happened in it since.
        scenes=tuple(
            Told(**t)
            for t in reading.told
            if (t["beat"] and not t["going_on"]) or t["happenings"] or t["gambles"]
        ),
        leg_over=reading.leg_over,
        finished=reading.finished,
        retired=tuple(reading.retired),
        sound_effects=tuple(dict.fromkeys(reading.sounds)),
        by_hand=tuple(reading.by_hand),
        names=_names(reading),
        pronouns=tuple((told_as | {c.name: c.pronouns for c in cast}).items()),
        seed=events[0].pk if events else 0,
    )


@dataclass
class _Reading:
    """The story as the log is read, one event after another: the Scenes told so far (the
    first holds what happened before any Scene started in the stretch: in the Scene going on
    from the last recap, or in none), the Gambles still open, and where each Danger was last
    touched."""

    scenes: dict[int, Scene]
    dangers: dict[int, Danger]
    heroes: dict[int, str]
    # The Gambles that were a member's part of a Group Gamble: (the group, its action).
    grouped: dict[int, tuple[int, str]]
    told: list[dict]
    gambles: dict[int, dict] = field(default_factory=dict)
    sounds: list[str] = field(default_factory=list)
    touched: dict[int, tuple[dict, int, int, str]] = field(default_factory=dict)
    retired: list[str] = field(default_factory=list)
    by_hand: list[HandRoll] = field(default_factory=list)
    # Where the open Group Gamble was called: its action is told there, before its members'
    # Gambles, and its tally after them, as it was played.
    group_at: tuple[dict, int] | None = None
    # Each Group Gamble's members who locked in, named once in its sentence.
    members: dict[int, list[str]] = field(default_factory=dict)
    leg_over: bool = False
    finished: bool = False
    # The Director's lines told so far, as said (`_said`): a clue posted again (from the crib,
    # a tap after a lost preview) is told once.
    lines: set[str] = field(default_factory=set)

    def read(self, events: list[TableEvent], index: int) -> None:
        event = events[index]
        data, hero = event.data, event.character.name if event.character else ""
        now = self.told[-1]
        self.by_hand += moments.rolled_by_hand(hero, event.kind, data)
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
                moments.locked(now, hero, data, gamble, self.sounds, group_action=action)
            case "leg_ended":
                self.leg_over = True
                self.retired += data.get("retired", [])
            case "adventure_finished":
                self.finished = True
            case "group_called":
                self.group_at = (now, len(now["happenings"]))
            case "group_resolved":
                who = tuple(self.members.pop(data.get("group"), ()))
                told = [
                    replace(h, who=who) for h in moments.of_event(events, index, hero, self.heroes)
                ]
                if self.group_at and self.group_at[0] is now:
                    at = self.group_at[1]
                    if len(now["happenings"]) > at:  # a member's part told: the group's first
                        called = [replace(h, moment=Moment.GROUP_CALLED) for h in told]
                        self._insert(now, at, called)
                        told = [replace(h, moment=Moment.GROUP_TALLY) for h in told]
                now["happenings"] += told
                self.group_at = None
            case "rest":
                self._rest(now, moments.of_event(events, index, hero, self.heroes))
            case "narration":
                for happening in moments.of_event(events, index, hero, self.heroes):
                    if (said := _said(happening.text)) not in self.lines:
                        self.lines.add(said)
                        now["happenings"].append(happening)
            case _:
                now["happenings"] += moments.of_event(events, index, hero, self.heroes)
        if (danger := data.get("danger")) in self.dangers:
            by = hero if event.kind == "gamble_locked" else ""
            self.touched[danger] = (now, len(now["happenings"]), index, by)

    def _rest(self, told: dict, rests: list[Happening]) -> None:
        """A Rest right after another is one sentence ("caught their breath twice", whoever
        shook off Peril in either named once); a later one, after other happenings, "again"."""
        happenings = told["happenings"]
        for rest in rests:
            last = happenings[-1] if happenings else None
            if last is not None and last.moment is Moment.REST:
                who = tuple(dict.fromkeys((*last.who, *rest.who)))
                happenings[-1] = replace(
                    last, count=last.count + 1, who=who, text=listed(list(who))
                )
            else:
                again = any(h.moment is Moment.REST for t in self.told for h in t["happenings"])
                happenings.append(replace(rest, more="again") if again else rest)

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


def _said(line: str) -> str:
    """A line as it reads: its case, its spacing and its closing stop aside."""
    return " ".join(line.casefold().split()).rstrip(".!…")


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


def _told(scene: Scene | None = None, data: dict | None = None, going_on: bool = False) -> dict:
    """A Scene being told, as a dict to add to (a `Told` once done); ``going_on``: it started
    before the stretch told."""
    told = {"happenings": [], "gambles": 0, "successes": 0, "grouped": 0, "going_on": going_on}
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
