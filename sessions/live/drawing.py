"""The drawing of an event: its log row and the parts it changed, encoded once per audience.

*Everyone* gets the log row and the public parts, one drawing for every page and screen; *the
screen*, *one player* and *the Director* each get their own variants (a player's Gamble
panels, the Director's panel with its secrets), drawn only for an audience with a stream open
and only when the event changed something it sees its own way.
"""

import json
from dataclasses import dataclass, field

from sessions import parts
from sessions.channel import handed
from sessions.live.listeners import Listener
from sessions.models import TableEvent
from sessions.parts import kept
from sessions.parts.rows import event_row
from sessions.viewer import Viewer, event_table


def sse(name: str, html: str) -> str:
    lines = html.strip().splitlines() or [""]
    return f"event: {name}\n" + "".join(f"data: {line}\n" for line in lines) + "\n"


def seen(event_id: int) -> str:
    """The last message of an event: its id, which a reconnecting page sends back."""
    return f"id: {event_id}\nevent: seen\ndata: {json.dumps({'id': event_id})}\n\n"


def revoked(listener: Listener) -> str:
    text = (
        "This shared screen link has been switched off."
        if listener.screen
        else "You no longer have a seat at this table."
    )
    return sse("revoked", f"<p>{text}</p>")


def log_row(event: TableEvent) -> str:
    """The event's row of the log; an undo also strikes out, where they show, the rows it
    undid (swapped out of band, by their ids)."""
    html = event_row(event)
    if not html:
        return ""  # an event for the live screens alone: no row to add
    if event.kind == "undo":
        for undone in TableEvent.objects.filter(pk__in=event.data.get("undid", [])):
            html += event_row(undone, oob=True)
    return sse("log", html)


def _event(event_id: int) -> TableEvent | None:
    """The event, as the action of this process that wrote it handed it over, else read."""
    return handed(event_id) or (
        TableEvent.objects.select_related("character").filter(pk=event_id).first()
    )


def public_drawing(event: TableEvent, table: Viewer) -> str:
    """The log row and the public parts the event changed: the same for every page, drawn by
    ``table`` (a viewer of the table with no seat of its own)."""
    text = log_row(event)
    what = parts.change([event])
    if what.names:
        text += "".join(sse(*drawing) for drawing in parts.drawn(table, what, public=True))
    return text


@dataclass(frozen=True)
class EventDrawing:
    """One event as the streams of a process send it, encoded once for all of them: the public
    drawing first, then (drawn meanwhile, sharing the reads) each audience's own."""

    event: TableEvent
    table: Viewer  # what the drawings read of the table, for the audiences' own to share
    public: bytes
    done: bytes  # the public drawing and the event's id: all that most audiences get

    concerned: dict[str, bool] = field(default_factory=dict)  # by audience, worked out once

    def concerns(self, listener: Listener) -> bool:
        """Whether ``listener`` has a drawing of its own to get for this event."""
        known = self.concerned.get(listener.audience)
        if known is None:
            what = parts.change([self.event])
            known = self.concerned[listener.audience] = any(
                _concerns(parts.PARTS[name], what, self.event, listener) for name in what.names
            )
        return known


def draw_event(event_id: int) -> EventDrawing | None:
    """Draw an event for everybody (the log row and the public parts it changed)."""
    event = _event(event_id)
    if event is None:
        return None
    table = event_table(event)
    _carry_forward(event, table)
    public = public_drawing(event, table).encode()
    return EventDrawing(event, table, public, public + seen(event_id).encode())


def _carry_forward(event: TableEvent, table: Viewer) -> None:
    """The drawings kept of the table's moment just before the event hold after it, but for
    the parts it changed (drawn now): checked by the event before it in the log, read only
    when there are drawings to carry."""
    since = kept.older(event.adventure_id, table.moment)
    if since is None:
        return
    before = TableEvent.objects.filter(adventure_id=event.adventure_id, pk__lt=event.pk)
    if (before.order_by("-pk").values_list("pk", flat=True).first() or 0) != since[0]:
        return
    what = parts.change([event])
    kept.carry(event.adventure_id, since, table.moment, lambda key: parts.changed_by(what, key))


def draw_own(drawing: EventDrawing, audiences: dict[str, Listener]) -> dict[str, bytes]:
    """Each audience's own drawing of an event, with its id after it."""
    end = seen(drawing.event.pk).encode()
    return {
        audience: own_drawing(drawing.event, listener, drawing.table).encode() + end
        for audience, listener in audiences.items()
    }


def draw_for(event_id: int, audiences: dict[str, Listener]) -> tuple[int, dict[str, bytes]]:
    """An event drawn for the audiences present (each by one of its listeners): its table, and
    what every stream of each audience gets, in one piece (nothing: not an event)."""
    drawing = draw_event(event_id)
    if drawing is None:
        return 0, {}
    own = {name: listener for name, listener in audiences.items() if drawing.concerns(listener)}
    drawn = draw_own(drawing, own) if own else {}
    return drawing.event.adventure_id, {
        name: drawing.public + drawn[name] if name in drawn else drawing.done for name in audiences
    }


def own_drawing(event: TableEvent, listener: Listener, table: Viewer) -> str:
    """The parts the event changed that this audience sees its own way (maybe none), drawn
    with what ``table`` (a viewer of the same table) has read already, and adding to it."""
    what = parts.change([event])
    # Only the parts that concern this audience: another player's own (Sam's detail undone
    # redraws Sam's Wide Shot form, never the one Carol is typing in) stay as they are.
    names = frozenset(n for n in what.names if _concerns(parts.PARTS[n], what, event, listener))
    if not names:
        return ""
    what = parts.Change(names, what.heroes)
    viewer = table.alike(listener.user_id, listener.directs, listener.screen)
    text = "".join(sse(*drawing) for drawing in parts.drawn(viewer, what, public=False))
    table.share(viewer)
    return text


def _concerns(part: parts.Part, what: parts.Change, event: TableEvent, listener: Listener):
    """Whether ``listener`` has its own drawing of ``part`` to get: not for a public part, a
    part it doesn't show, or one hero's panel when the hero is someone else's."""
    if part.audience == parts.Audience.EVERYONE or not part.seen_by(listener):
        return False
    if part.per_hero and what.heroes is not None:
        return event.character is not None and event.character.owner_id == listener.user_id
    heard = set(event.topics) & part.topics
    if part.owner_topics and event.character is not None and heard <= part.owner_topics:
        return event.character.owner_id == listener.user_id
    return True
