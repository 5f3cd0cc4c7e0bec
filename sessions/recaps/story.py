"""The log read back as a story: a stretch of a table's events as a `writer.Chapter`.

Only what the Cast saw goes in: the events (public by design) that still stand (nothing the
Director undid), the Scenes that were played with their public framing and Wide Shot, and the
Dangers the Director revealed. Nothing of the Director's prep is read.
"""

from collections.abc import Iterable

from django.db.models import Prefetch

from sessions import rules as R
from sessions.models import Adventure, Danger, Leg, Scene, TableEvent, WideShotDetail
from sessions.recaps.writer import Chapter, Happening, Moment, Told, names


def events_between(adventure: Adventure, after: int, last: int) -> list[TableEvent]:
    """The events after ``after`` up to ``last`` that still stand (not undone)."""
    return list(
        TableEvent.objects.filter(
            adventure=adventure, pk__gt=after, pk__lte=last, undone_by__isnull=True
        )
        .exclude(kind="undo")
        .select_related("character")
        .defer("journal")
        .order_by("pk")
    )


def chapter(adventure: Adventure, after: int, last: int, leg: Leg | None) -> Chapter:
    events = events_between(adventure, after, last)
    scenes = _scenes(events)
    dangers = _dangers(events)
    heroes = {c.pk: c.name for c in adventure.cast_characters()}
    told: list[dict] = [_told()]  # what happened before the first Scene of the stretch
    gambles: dict[int, dict] = {}
    sounds: list[str] = []
    touched: dict[int, tuple[dict, int, int, str]] = {}
    leg_over = finished = False
    retired: list[str] = []
    by_hand: list[str] = []
    for index, event in enumerate(events):
        data, hero = event.data, event.character.name if event.character else ""
        now = told[-1]
        by_hand += _rolled_by_hand(hero, data)
        match event.kind:
            case "scene_started":
                told.append(_told(scenes.get(data.get("scene")), data))
            case "gamble_rolled":
                gambles[data.get("gamble")] = {"rolled": data.get("dice", [])}
            case "catchphrase":
                gambles.setdefault(data.get("gamble"), {}).update(
                    before=data.get("before", []), phrase=data.get("phrase", "")
                )
            case "lucky_save":
                gambles.setdefault(data.get("gamble"), {})["lucky"] = True
            case "gamble_locked":
                _locked(now, hero, data, gambles.pop(data.get("gamble"), {}), sounds)
            case "peril" if data.get("knocked_out"):
                now["happenings"].append(
                    Happening(
                        Moment.KNOCKOUT,
                        hero,
                        more=f"Why: {data['reason']}" if data.get("reason") else "",
                    )
                )
            case "enemies_turn" if data.get("knocked_out"):
                for pk in data.get("heroes_knocked_out", []):
                    name = heroes.get(pk, "A hero")
                    now["happenings"].append(
                        Happening(Moment.KNOCKOUT, name, more="It was the enemies' turn")
                    )
            case "tumult_started":
                rounds = 1 + _rounds_after(events[index + 1 :])
                now["happenings"].append(Happening(Moment.TUMULT, count=rounds))
            case "investigated":
                now["happenings"].append(
                    Happening(
                        Moment.INVESTIGATED, hero, data.get("prompt", ""), data.get("learns", "")
                    )
                )
            case "group_resolved":
                now["happenings"].append(
                    Happening(
                        Moment.GROUP,
                        text=data.get("description", ""),
                        success=bool(data.get("success")),
                        count=data.get("successes", 0),
                        of=data.get("participants", 0),
                    )
                )
            case "rest":
                eased = [r["name"] for r in data.get("rested", []) if r["to"] < r["from"]]
                now["happenings"].append(Happening(Moment.REST, text=names(eased)))
            case "narration":
                line = data.get("line") or event.summary.removeprefix("The Director: ")
                now["happenings"].append(Happening(Moment.NARRATION, text=line))
            case "leg_ended":
                leg_over = True
                retired += data.get("retired", [])
            case "adventure_finished":
                finished = True
        if (danger := data.get("danger")) in dangers:
            by = hero if event.kind == "gamble_locked" else ""
            touched[danger] = (now, len(now["happenings"]), index, by)
    # An enemy that is out went down at the last blow the story tells (the latest first, so
    # that the places of the earlier ones still hold).
    for pk, (where, at, _, by) in sorted(touched.items(), key=lambda t: t[1][1:3], reverse=True):
        danger = dangers[pk]
        if danger.is_out:
            name = danger.name if danger.revealed else ""
            where["happenings"].insert(at, Happening(Moment.DANGER_OUT, by if name else "", name))
    number, leg_title, continued = _leg(events, leg, after, adventure)
    return Chapter(
        adventure=adventure.title,
        leg_number=number,
        leg_title=leg_title,
        continued=continued,
        cast=tuple(heroes.values()),
        scenes=tuple(Told(**t) for t in told if t["beat"] or t["happenings"] or t["gambles"]),
        leg_over=leg_over,
        finished=finished,
        retired=tuple(retired),
        sound_effects=tuple(dict.fromkeys(sounds)),
        by_hand=tuple(dict.fromkeys(by_hand)),
        seed=events[0].pk if events else 0,
    )


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


def _locked(told: dict, hero: str, data: dict, gamble: dict, sounds: list[str]) -> None:
    """A Gamble locked in: counted, and remembered if it was a moment."""
    success, effects = bool(data.get("success")), data.get("sound_effects", [])
    told["gambles"] += 1
    told["successes"] += success
    happenings = told["happenings"]
    if data.get("knocked_out"):
        happenings.append(Happening(Moment.KNOCKOUT, hero))
    if data.get("retired") and data.get("knocked_out"):
        happenings.append(Happening(Moment.RETIRING, hero))
    if success and "before" in gamble and not _hit(gamble["before"]):
        happenings.append(Happening(Moment.CATCHPHRASE, hero, gamble.get("phrase", "")))
    elif success and gamble.get("lucky") and "rolled" in gamble and not _hit(gamble["rolled"]):
        happenings.append(Happening(Moment.SNATCHED, hero))
    if effects:
        sounds.extend(effects)
        moment = Moment.BLAMMO if success else Moment.BLAMMO_FLOP
        happenings.append(Happening(moment, hero, " ".join(effects)))


def _rolled_by_hand(hero: str, data: dict) -> list[str]:
    """Who rolled real dice in this event: its hero, or the heroes of a Rest or a Leg's start
    whose players typed their die."""
    if data.get("by_hand") is True and hero:
        return [hero]
    rolls = [*data.get("rested", []), *data.get("rolls", [])]
    return [roll["name"] for roll in rolls if isinstance(roll, dict) and roll.get("by_hand")]


def _hit(dice: Iterable[int]) -> bool:
    return any(R.is_hit(face) for face in dice)


def _rounds_after(events: list[TableEvent]) -> int:
    rounds = 0
    for event in events:
        if event.kind == "tumult_ended":
            break
        rounds += event.kind == "tumult_round"
    return rounds


def _scenes(events: list[TableEvent]) -> dict[int, Scene]:
    ids = [e.data.get("scene") for e in events if e.kind == "scene_started"]
    details = Prefetch(
        "wide_shot__details", queryset=WideShotDetail.objects.select_related("character")
    )
    scenes = (
        Scene.objects.filter(pk__in=[pk for pk in ids if pk])
        .select_related("key_location", "wide_shot")
        .prefetch_related(details)
    )
    return {scene.pk: scene for scene in scenes}


def _dangers(events: list[TableEvent]) -> dict[int, Danger]:
    ids = {e.data.get("danger") for e in events} - {None}
    return {d.pk: d for d in Danger.objects.filter(pk__in=ids)} if ids else {}


def _leg(
    events: list[TableEvent], leg: Leg | None, after: int, adventure: Adventure
) -> tuple[int | None, str, bool]:
    """The Leg's number and title as the log named them, and whether it began before."""
    if leg is None:
        return None, "", False
    started = next((e for e in events if e.kind == "leg_started"), None)
    if started is None:
        started = (
            TableEvent.objects.filter(adventure=adventure, kind="leg_started", data__leg=leg.pk)
            .defer("journal")
            .order_by("-pk")
            .first()
        )
    if started is not None and "number" in started.data:
        return started.data["number"], started.data["title"], started.pk <= after
    return leg.number(), leg.title, started is not None and started.pk <= after
