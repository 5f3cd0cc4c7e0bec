"""Corrections: the Director undoes table actions one at a time, newest first, back to the
start of the Scene in play (DESIGN.md §2). An undo puts back what the action's journal says
it changed (`journal`), frees the Blammo! sound effects of a Gamble it takes back, and is
itself an event; the undone events stay in the log, struck through."""

from django.apps import apps

from sessions.actions.base import NotNow, StaleAction, locked_adventure, record, table_action
from sessions.actions.dangers import still_exports
from sessions.actions.journal import plain
from sessions.models import Adventure, Danger, TableEvent, next_to_undo
from sessions.models.table import UNSEEN
from sessions.topics import Topic
from sessions.undoing import undone_words


class CantUndo(NotNow):
    default_message = "That move can't be undone any more: the table has changed since."


@table_action
def undo(adventure: Adventure, expected: int | None, actor) -> TableEvent:
    """Undo the newest action of the Scene, ``expected``: the one the Director saw offered.
    If the table has moved on since, or the move isn't named at all (a blind undo could take
    back a move nobody saw), nothing is undone. Allowed while the X-card holds the table: that
    is the rewind."""
    adventure = locked_adventure(adventure)
    target = next_to_undo(adventure.pk, journal=True)
    if target is None:
        raise NotNow("Nothing left to undo: undo reaches back to the start of the Scene.")
    if expected is None:
        raise StaleAction("Say which move to undo: the Undo button names the newest one.")
    if target.pk != expected:
        raise StaleAction()
    for step in reversed(target.journal["steps"]):
        _put_back(step)
    if any(step["row"] == Danger._meta.label for step in target.journal["steps"]):
        # A Danger put back (or its old name) is prep again: the export must still import.
        still_exports(adventure)
    undone = list(TableEvent.objects.filter(pk__in=[target.pk, *target.journal["also"]]))
    topics = {Topic(topic) for event in undone for topic in event.topics}
    heroes = {event.character_id for event in undone if event.character_id}
    if len(heroes) > 1:
        topics.add(Topic.HEROES)
    event = record(
        adventure,
        # Undoing what only the Director knew of is theirs alone too (`UNSEEN`).
        "hidden_undo" if all(e.kind in UNSEEN for e in undone) else "undo",
        f"Undone by the Director: {undone_words(target.summary, target.kind, target.data)}",
        actor=actor,
        character=target.character if len(heroes) == 1 else None,
        topics=tuple(sorted(topics)),
        undid=[e.pk for e in undone],
        # Heroes whose lock-in is undone: their Gamble is open again, and their phone says so.
        **({"reopened": reopened} if (reopened := _reopened(undone)) else {}),
    )
    TableEvent.objects.filter(pk__in=[e.pk for e in undone]).update(undone_by=event)
    return event


def _reopened(undone: list[TableEvent]) -> list[int]:
    """The heroes whose Gamble's lock-in is among the moves ``undone`` (in the log's order)."""
    heroes = (
        e.character_id for e in sorted(undone, key=lambda e: e.pk) if e.kind == "gamble_locked"
    )
    return list(dict.fromkeys(hero for hero in heroes if hero))


def _put_back(step: dict) -> None:
    """Undo one step of a journal, after checking that the row is as the action left it."""
    model = apps.get_model(step["row"])
    row = model._base_manager.select_for_update().filter(pk=step["pk"]).first()
    if step["do"] == "create":
        if row is None:
            raise CantUndo()
        row.delete()  # a Gamble's sound effects go with it
        return
    if step["do"] == "delete":
        if row is not None:
            raise CantUndo()
        model(pk=step["pk"], **_values(model, step["values"])).save(force_insert=True)
        return
    if row is None or plain({name: getattr(row, name) for name in step["after"]}) != step["after"]:
        raise CantUndo()
    for name, value in _values(model, step["before"]).items():
        setattr(row, name, value)
    row.save(update_fields=[field.name for field in _fields(model, step["before"]).values()])


def _fields(model, values: dict) -> dict:
    by_attname = {field.attname: field for field in model._meta.concrete_fields}
    return {name: by_attname[name] for name in values}


def _values(model, values: dict) -> dict:
    """Journal values (JSON) back as the model's own (dates, keys…)."""
    return {name: field.to_python(values[name]) for name, field in _fields(model, values).items()}
