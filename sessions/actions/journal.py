"""What a table action changed, kept so that the Director can undo it (DESIGN.md §2,
"Corrections").

While an undoable action runs (`keeping`), every row of the table's models it reads remembers
its values as loaded; what the action then saves, creates or deletes is written down, in
order, as the action's `Journal`. Its first event keeps the journal (`TableEvent.journal`,
never shown to anyone); undoing it puts each row back as it was, last change first.

The journal sees what goes through a model's `save()` and `delete()`: an undoable action
changes the table that way (a Blammo! sound effect, made with `bulk_create`, goes with its
Gamble).
"""

import contextlib
import contextvars
import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models.signals import post_init, post_save, pre_delete

# The journal of the undoable action under way; False inside an action that is not undone
# (its inner steps keep nothing either); None outside any action.
_journal: contextvars.ContextVar["Journal | bool | None"] = contextvars.ContextVar(
    "table_journal", default=None
)

_LOADED = "_journal_loaded"


def plain(values: dict) -> dict:
    """Values as the journal (a JSON field) keeps them: dates as text, lists copied."""
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))


def _kept_fields(model: type[models.Model]) -> list[models.Field]:
    """The fields an undo puts back: not the key, not a last-changed stamp."""
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key and not getattr(f, "auto_now", False)
    ]


def _values(instance: models.Model, fields=None) -> dict:
    """The instance's values as they stand in memory (never a query for a deferred field)."""
    held = instance.__dict__
    return {
        f.attname: copy.deepcopy(held[f.attname])
        for f in fields or _kept_fields(type(instance))
        if f.attname in held
    }


@dataclass
class Journal:
    steps: list[dict] = field(default_factory=list)
    events: list[int] = field(default_factory=list)  # the action's events, the keeper first
    written: int | None = None  # how many steps the keeper was written with
    # Each row's values as the action last saved them: another copy of the row, loaded
    # before that save, remembers older ones.
    known: dict[tuple[str, object], dict] = field(default_factory=dict)

    def as_data(self) -> dict:
        """The journal as its first event keeps it (with the ids of the action's others)."""
        return {"steps": self.steps, "also": self.events[1:]}

    def unwritten(self) -> bool:
        """Whether the action went on after its first event was written (more steps, more
        events): its journal must be written again."""
        return bool(self.events) and (len(self.steps) != self.written or len(self.events) > 1)

    def changed(self, instance: models.Model, before: dict, after: dict) -> None:
        self.steps.append(
            {
                "do": "change",
                "row": instance._meta.label,
                "pk": instance.pk,
                "before": before,
                "after": after,
            }
        )

    def created(self, instance: models.Model) -> None:
        self.steps.append({"do": "create", "row": instance._meta.label, "pk": instance.pk})

    def deleted(self, instance: models.Model) -> None:
        self.steps.append(
            {
                "do": "delete",
                "row": instance._meta.label,
                "pk": instance.pk,
                "values": plain(_values(instance)),
            }
        )


def current() -> Journal | None:
    journal = _journal.get()
    return journal if isinstance(journal, Journal) else None


@contextlib.contextmanager
def keeping(undoable: bool) -> Iterator[Journal | None]:
    """Keep a journal of the action inside (if ``undoable``), yielded to its keeper. A step of
    a bigger action belongs to that action's journal, or to none: it yields None."""
    if _journal.get() is not None:
        yield None
        return
    journal = Journal() if undoable else False
    token = _journal.set(journal)
    try:
        yield journal or None
    finally:
        _journal.reset(token)


# Signal receivers: cheap when no journal is kept (a context variable read).


def _loaded(sender, instance, **kwargs) -> None:
    if current() is not None:
        instance.__dict__[_LOADED] = _values(instance)


def _saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    journal = current()
    if journal is None:
        return
    key = (instance._meta.label, instance.pk)
    if created:
        journal.created(instance)
        journal.known[key] = plain(_values(instance))
        return
    fields = _kept_fields(sender)
    if update_fields is not None:
        fields = [f for f in fields if f.name in update_fields or f.attname in update_fields]
    after = plain(_values(instance, fields))
    before = {**plain(instance.__dict__.get(_LOADED, {})), **journal.known.get(key, {})}
    if missing := [name for name in after if name not in before]:
        # Read before the action began: ask the database how it was.
        row = sender._base_manager.filter(pk=instance.pk).values(*missing).first() or {}
        before |= plain(row)
    if changed := [name for name in after if before.get(name) != after[name]]:
        journal.changed(
            instance,
            {name: before.get(name) for name in changed},
            {name: after[name] for name in changed},
        )
    journal.known[key] = {**journal.known.get(key, {}), **after}


def _deleting(sender, instance, **kwargs) -> None:
    if (journal := current()) is not None:
        journal.deleted(instance)


# The rows a table action may change: heroes, and what happens at the table.
KEPT = (
    "characters.Character",
    "characters.Equipment",  # an item a hero is parted from (`gear`)
    "table.Gamble",
    "table.GroupGamble",
    "table.Investigation",
    "table.Tumult",
    "table.Danger",
    "table.WideShot",
    "table.WideShotDetail",
    "table.Handout",
)


def connect() -> None:
    for label in KEPT:
        model = apps.get_model(label)
        uid = f"table-journal-{label}"
        post_init.connect(_loaded, sender=model, dispatch_uid=uid)
        post_save.connect(_saved, sender=model, dispatch_uid=uid)
        pre_delete.connect(_deleting, sender=model, dispatch_uid=uid)
