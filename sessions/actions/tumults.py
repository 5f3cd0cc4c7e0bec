"""Tumults: rounds of the players acting first, then the enemies' turn."""

from collections.abc import Collection

from characters.models import Character
from sessions import rules as R
from sessions.actions.base import NotNow, record, table_action, unpaused_adventure
from sessions.actions.words import strike_words
from sessions.models import Adventure, Danger, Gamble, Tumult
from sessions.topics import Topic

CHANGED = (Topic.TUMULT, Topic.DIRECTOR)


def fighters(adventure: Adventure) -> set[int]:
    """Who can act in a Tumult: the Cast members still in the thick of it."""
    return {c.pk for c in adventure.cast_characters() if R.in_the_thick_of_it(c.state)}


def _tumult(adventure: Adventure) -> Tumult:
    tumult = adventure.active_tumult(lock=True)
    if tumult is None:
        raise NotNow("There's no Tumult on.")
    return tumult


def standing(dangers: Collection[Danger]) -> list[Danger]:
    """The Dangers a Tumult may be fought against: those still in the picture."""
    return [danger for danger in dangers if not danger.is_out]


@table_action(undoable=True)
def start_tumult(adventure: Adventure, actor, foes: Collection[int] | None = None) -> None:
    """All hell breaks loose, against ``foes``: the ids of the Scene's Dangers the Director
    ticked (refused if none, or one not of this Scene); ``None``, every one still standing."""
    adventure = unpaused_adventure(adventure)
    scene = adventure.playing_scene()
    if scene is None:
        raise NotNow("Start a Scene first: a Tumult happens in a Scene.")
    if adventure.active_tumult():
        raise NotNow("A Tumult is already raging.")
    offered = [danger.pk for danger in standing(scene.dangers_in_play())]
    state = R.start_tumult(R.choose_foes(foes, offered))
    Tumult.objects.create(adventure=adventure, foes=sorted(state.foes))
    record(
        adventure,
        "tumult_started",
        "TUMULT! Round 1: players act first, in any order.",
        actor=actor,
        topics=(*CHANGED, Topic.HEROES),
    )


def take_tumult_action(adventure: Adventure, character: Character) -> bool:
    """Count a character's action this round, if a Tumult is on (inside the caller's
    transaction). Whether it counted."""
    tumult = adventure.active_tumult(lock=True)
    if tumult is None:
        return False
    tumult.take_state(R.take_action(tumult.state, character.pk, fighters(adventure)))
    return True


def note_knockout(adventure: Adventure, character: Character, change: R.PerilChange) -> bool:
    """Whether ``change`` knocked ``character`` out during a Tumult (inside the caller's
    transaction): if so the Tumult remembers it, and its end puts the hero back on their feet."""
    if not change.knocked_out:
        return False
    tumult = adventure.active_tumult(lock=True)
    if tumult is None:
        return False
    tumult.take_state(R.knocked_out_during(tumult.state, character.pk))
    return True


@table_action(undoable=True)
def act_without_gamble(adventure: Adventure, character: Character, actor) -> None:
    adventure = unpaused_adventure(adventure)
    if not take_tumult_action(adventure, character):
        raise NotNow("There's no Tumult on.")
    record(
        adventure,
        "tumult_action",
        f"{character.name} acts (no Gamble needed).",
        actor=actor,
        character=character,
        topics=CHANGED,
    )


def _check_grid(foes: list[Danger], splits: dict[int, dict[int, int | None]]) -> None:
    """Refuse the Director's grid with every bad box in it at once, each by its Danger and
    hero, before any Peril is doled out (a share that isn't a whole number comes as None)."""
    boxes: dict[tuple[int, int], str] = {}
    columns: dict[int, str] = {}
    said = []
    for danger in foes:
        shares, together = R.peril_split_problems(danger.danger_rating, splits.get(danger.pk, {}))
        boxes.update({(danger.pk, who): why for who, why in shares.items()})
        if together:
            columns[danger.pk] = together
        if shares or together:
            said.append(f"{danger.name}: {together or next(iter(shares.values()))}")
    if said:
        raise R.PerilGridRefused(" ".join(said), boxes=boxes, columns=columns)


def _dole_out(
    adventure: Adventure,
    splits: dict[int, dict[int, int | None]],
    knocked_out: list[int],
    struck: list[dict],
) -> list[str]:
    """Each enemy still in the picture doles out its Peril as the Director split it; the
    heroes it knocks out join ``knocked_out``, and each line of the log, with its hero, joins
    ``struck`` (so each player's phone tells them theirs)."""
    scene = adventure.playing_scene()
    cast = {c.pk: c for c in adventure.cast_characters(lock=True)}
    lines = []
    tumult = adventure.active_tumult()
    foes = standing(tumult.foes_among(scene.dangers_in_play()) if scene else ())
    _check_grid(foes, splits)
    for danger in foes:
        shares = R.dole_out_peril(danger.state, splits.get(danger.pk, {}))
        for character_id, share in shares.items():
            if character_id not in cast:
                raise NotNow("Peril can only go to characters in the Cast.")
            character = cast[character_id]
            change = R.add_peril(character.state, share)
            character.take_state(change.state_after)
            in_tumult = note_knockout(adventure, character, change)
            if change.knocked_out:
                knocked_out.append(character.pk)
            who = danger.name if danger.revealed else "An enemy"
            line, yours = strike_words(who, character.name, change, in_tumult=in_tumult)
            lines.append(line)
            # Who dealt it, for the hero's sheet: named only when the Cast can see it.
            by = danger.name if danger.revealed else ""
            # ``yours``: the line as the hero's own phone tells it, to its player.
            struck.append({"hero": character.pk, "line": line, "by": by, "yours": yours})
    return lines


def _rolling(adventure: Adventure, tumult: Tumult) -> dict[int, str]:
    """The heroes who acted this round with a Gamble still open, each with their name."""
    return dict(
        Gamble.objects.filter(
            adventure=adventure, locked=False, character_id__in=tumult.state.acted
        ).values_list("character_id", "character__name")
    )


def enemies_may_strike(adventure: Adventure) -> bool:
    """Whether the enemies' turn would be taken now, as far as the round goes (read without a
    lock: the action asks again): the cockpit asks "No Peril?" only then, not before refusing it
    for a Gamble still open."""
    tumult = adventure.active_tumult()
    if tumult is None:
        return True  # the action says there's no Tumult on
    try:
        R.enemies_turn(tumult.state, _rolling(adventure, tumult))
    except R.RuleError:
        return False
    return True


@table_action(undoable=True)
def enemies_turn(adventure: Adventure, splits: dict[int, dict[int, int | None]], actor) -> None:
    """The enemies dole out Peril: ``splits`` maps each Danger's id to {character id: Peril}
    (None for a share that isn't a whole number: refused with the rest, `R.PerilGridRefused`)."""
    adventure = unpaused_adventure(adventure)
    tumult = _tumult(adventure)
    # Refused unless it's the players' turn with every Gamble of the round locked in, before
    # any Peril.
    R.enemies_turn(tumult.state, _rolling(adventure, tumult))
    knocked_out: list[int] = []
    struck: list[dict] = []
    lines = _dole_out(adventure, splits, knocked_out, struck)
    tumult.refresh_from_db()  # as the Knockouts of this turn left it
    tumult.take_state(R.enemies_turn(tumult.state))
    summary = f"Round {tumult.round}: the enemies' turn! " + (
        " ".join(lines) or "No Peril this time."
    )
    record(
        adventure,
        "enemies_turn",
        summary,
        actor=actor,
        topics=(
            *CHANGED,
            Topic.CAST,
            Topic.HEROES,
            *((Topic.TROUBLE, Topic.WIDESHOT_STATE) if knocked_out else ()),
        ),
        knocked_out=bool(knocked_out),
        heroes_knocked_out=knocked_out,
        struck=struck,
    )


@table_action(undoable=True)
def bring_into_tumult(adventure: Adventure, danger_id: int, actor) -> None:
    """Another Danger of the Scene joins the Tumult under way."""
    adventure = unpaused_adventure(adventure)
    tumult = _tumult(adventure)
    scene = adventure.playing_scene()
    in_scene = {danger.pk: danger for danger in standing(scene.dangers_in_play() if scene else ())}
    tumult.take_state(R.bring_in(tumult.state, danger_id, in_scene))
    danger = in_scene[danger_id]
    record(
        adventure,
        # A hidden Danger joins unseen: no line in the Cast's log says so.
        "tumult_joined" if danger.revealed else "hidden_danger_joined",
        f"{danger.name} joins the Tumult!" if danger.revealed else "A hidden Danger joins in.",
        actor=actor,
        topics=CHANGED,
    )


@table_action(undoable=True)
def next_round(adventure: Adventure, actor) -> None:
    adventure = unpaused_adventure(adventure)
    tumult = _tumult(adventure)
    tumult.take_state(R.next_round(tumult.state))
    record(
        adventure,
        "tumult_round",
        f"Round {tumult.round}! Players act first.",
        actor=actor,
        topics=(*CHANGED, Topic.HEROES),
    )


def finish_tumult(adventure: Adventure, actor) -> None:
    """The Tumult ends (inside the caller's transaction)."""
    tumult = _tumult(adventure)
    tumult.active = False
    tumult.save(update_fields=["active"])
    back, still_out = [], []
    for character in adventure.cast_characters(lock=True):
        during = character.pk in tumult.state.knocked_out
        after = R.end_tumult(character.state, knocked_out_during_it=during)
        if after != character.state:
            character.take_state(after)
            back.append(character.name)
        elif character.incapacitated:
            still_out.append(character.name)
    summary = "The dust settles: the Tumult is over."
    if back:
        summary += f" Back on their feet: {', '.join(back)}."
    if still_out:
        summary += f" Still out {R.OutUntil.SCENE_ENDS}: {', '.join(still_out)}."
    record(
        adventure,
        "tumult_ended",
        summary,
        actor=actor,
        # The fight's consequence prompts (its Knockouts) are settled with it; a hero back on
        # their feet may add to the Wide Shot again (its "Knocked out!" note goes, live).
        topics=(
            *CHANGED,
            Topic.CAST,
            Topic.HEROES,
            Topic.TROUBLE,
            *((Topic.WIDESHOT_STATE,) if back else ()),
        ),
    )


class EndNotConfirmed(R.RuleError):
    """The end of a Tumult, sent without the Director's yes to the question asked first."""

    default_message = "Say yes to end the Tumult: the fight is over on every screen."


@table_action(undoable=True)
def end_tumult(adventure: Adventure, actor, *, confirmed: bool = True) -> None:
    """The Director ends the Tumult; from the table, only ``confirmed`` (asked in the page)."""
    adventure = unpaused_adventure(adventure)
    _tumult(adventure)  # no Tumult on says so first, asked or not
    if not confirmed:
        raise EndNotConfirmed()
    finish_tumult(adventure, actor)
