"""Handouts at the table: the Director reveals one to every screen, or puts it away."""

from django.utils import timezone

from sessions.actions.base import NotNow, record, table_action, unpaused_adventure
from sessions.models import Adventure, Handout
from sessions.topics import Topic

CHANGED = (Topic.HANDOUTS, Topic.DIRECTOR)


@table_action(undoable=True)
def reveal(adventure: Adventure, handout_id: int, actor) -> Handout:
    """Show a handout on every screen (big on the TV); the first time, it joins the Cast's
    list of handouts for good."""
    adventure = unpaused_adventure(adventure)
    handouts = Handout.objects.select_for_update().filter(adventure=adventure)
    handout = handouts.filter(pk=handout_id).first()
    if handout is None:
        raise NotNow("That handout isn't in this adventure.")
    first = not handout.is_revealed
    for shown in handouts.filter(on_show=True).exclude(pk=handout.pk):
        shown.on_show = False
        shown.save(update_fields=["on_show"])
    handout.on_show = True
    if first:
        handout.revealed = timezone.now()
    handout.save(update_fields=["on_show", "revealed"])
    verb = "reveals a handout" if first else "shows a handout again"
    record(adventure, "handout", f"The Director {verb}: {handout.caption}", actor=actor,
           topics=CHANGED, handout=handout.pk, caption=handout.caption, first=first)  # fmt: skip
    return handout


@table_action(undoable=True)
def put_away(adventure: Adventure, actor) -> None:
    """Take the handout off the screens (it stays in the Cast's list)."""
    adventure = unpaused_adventure(adventure)
    shown = Handout.objects.select_for_update().filter(adventure=adventure, on_show=True).first()
    if shown is None:
        raise NotNow("No handout is on show.")
    shown.on_show = False
    shown.save(update_fields=["on_show"])
    record(adventure, "handout_away", f"The Director puts away: {shown.caption}", actor=actor,
           topics=CHANGED)  # fmt: skip


def put_away_at_scene_end(adventure: Adventure) -> Handout | None:
    """A Scene ends (or the next starts): its handout leaves the screens with it (inside the
    caller's transaction; the caller's event says so)."""
    shown = Handout.objects.select_for_update().filter(adventure=adventure, on_show=True).first()
    if shown is not None:
        shown.on_show = False
        shown.save(update_fields=["on_show"])
    return shown
