"""Recaps drafted from the event log when a Leg ends (and whenever the Director asks), edited
and published by the Director, read, printed and exported by the Cast.

Each recap tells the events since the one before it, so the story is told once, in order.
"""

from django.utils import timezone

from characters.portable import CREDIT
from sessions.models import Adventure, Leg, Recap, TableEvent
from sessions.recaps import story, writer


class NothingNew(Exception):
    """Nothing has happened at the table since the last recap."""


NOTHING_NEW = "Nothing has happened at the table since the last recap."
NOTHING_PLAYED = "Nothing to recap yet: the table hasn't played its first Leg."


def _told_up_to(adventure: Adventure) -> int:
    """The last event an earlier recap told (0: none yet)."""
    last = adventure.recaps.order_by("-last_event").values_list("last_event", flat=True).first()
    return last or 0


def nothing_to_recap(adventure: Adventure) -> str:
    """Why a recap drafted now would have nothing to tell, in the Director's words (empty: it
    has something): the table has not played yet (no Leg started: its settings and its
    session zero are no story), or nothing happened since the last recap."""
    began = (
        adventure.events.filter(kind="leg_started")
        .order_by("pk")
        .values_list("pk", flat=True)
        .first()
    )
    if began is None:
        return NOTHING_PLAYED
    if not adventure.events.filter(pk__gt=max(_told_up_to(adventure), began - 1)).exists():
        return NOTHING_NEW
    return ""


def _draft(adventure: Adventure, after: int, last: int, leg: Leg | None) -> tuple[str, str]:
    chapter = story.chapter(adventure, after, last, leg)
    return writer.title(chapter), writer.write(chapter)


def draft_leg(adventure: Adventure, leg: Leg, ended: TableEvent) -> Recap:
    """The Leg has ended (``ended``): draft its recap, from where the last one stopped."""
    started = (
        TableEvent.objects.filter(adventure=adventure, kind="leg_started", data__leg=leg.pk)
        .values_list("pk", flat=True)
        .order_by("-pk")
        .first()
    )
    after = max(_told_up_to(adventure), (started or 1) - 1)
    title, body = _draft(adventure, after, ended.pk, leg)
    return Recap.objects.create(
        adventure=adventure, leg=leg, title=title, body=body, after_event=after, last_event=ended.pk
    )


def draft_now(adventure: Adventure) -> Recap:
    """A recap of what happened since the last one, on the Director's say-so."""
    after = _told_up_to(adventure)
    last = adventure.events.filter(pk__gt=after).values_list("pk", flat=True).first()
    if last is None:
        raise NothingNew(NOTHING_NEW)
    leg = adventure.playing_leg() or _latest_leg(adventure, after, last)
    title, body = _draft(adventure, after, last, leg)
    return Recap.objects.create(
        adventure=adventure, leg=leg, title=title, body=body, after_event=after, last_event=last
    )


def _latest_leg(adventure: Adventure, after: int, last: int) -> Leg | None:
    """The Leg the stretch of play ended in, if it is about one."""
    turn = (
        adventure.events.filter(pk__gt=after, pk__lte=last, kind__in=("leg_started", "leg_ended"))
        .values_list("data", flat=True)
        .first()
    )
    return adventure.legs.filter(pk=turn.get("leg")).first() if turn else None


def redraft(recap: Recap) -> None:
    """Write the recap again from the log (the Director's edits are replaced)."""
    recap.title, recap.body = _draft(
        recap.adventure, recap.after_event, recap.last_event, recap.leg
    )
    recap.save(update_fields=["title", "body", "updated"])


def publish(recap: Recap, published: bool) -> None:
    recap.published = timezone.now() if published else None
    recap.save(update_fields=["published", "updated"])


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]


def markdown(recap: Recap) -> str:
    """The recap as a Markdown file: its title, its paragraphs, where it comes from."""
    body = "\n\n".join(paragraphs(recap.body))
    return (
        f"# {recap.title}\n\n*{recap.adventure.title}*\n\n{body}\n\n---\n\n"
        f"Recapped with Enigma Table. {CREDIT}.\n"
    )


def last_recap(adventure: Adventure) -> Recap | None:
    """The story so far: this Adventure's newest published recap, or else the newest of the
    Campaign's Adventure before it. Never a draft."""
    published = Recap.objects.filter(published__isnull=False)
    own = published.filter(adventure=adventure).order_by("-last_event", "-pk").first()
    if own is not None or adventure.campaign_id is None:
        return own
    earlier = published.filter(adventure__campaign_id=adventure.campaign_id).exclude(
        adventure=adventure
    )
    return earlier.order_by("-adventure__created", "-last_event", "-pk").first()
