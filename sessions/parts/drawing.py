"""Drawing the parts of the registry (`sessions.parts.registry`): which parts some events
changed, and each part as a viewer sees it (kept once drawn, `sessions.parts.kept`). The page
around them is `sessions.parts.page`."""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.template.loader import render_to_string

from sessions.models import TableEvent
from sessions.parts import kept
from sessions.parts.part import Audience, Part
from sessions.parts.registry import PARTS
from sessions.topics import Topic
from sessions.viewer import Viewer


@dataclass(frozen=True)
class Change:
    """What some events changed: the parts to draw again and, of the Gamble panels, only
    those of these heroes (None: every hero's)."""

    names: frozenset[str]
    heroes: frozenset[int] | None = None


def change(events: Iterable[TableEvent]) -> Change:
    """The parts that ``events`` changed, from their topics."""
    names, heroes, every_hero = set(), set(), False
    for event in events:
        topics = set(event.topics)
        for part in PARTS.values():
            if part.appends or not topics & part.topics:
                continue
            if part.kinds is not None and event.kind not in part.kinds:
                continue
            names.add(part.name)
            if not part.per_hero:
                continue
            if topics & part.topics - {Topic.HERO}:
                every_hero = True
            elif event.character_id:
                heroes.add(event.character_id)
    return Change(frozenset(names), None if every_hero else frozenset(heroes))


EVERY_PART = Change(frozenset(PARTS))


def drawn(viewer: Viewer, what: Change, public: bool | None = None) -> Iterator[tuple[str, str]]:
    """(stream name, HTML) of each changed part as ``viewer`` sees it, for a stream: only the
    public parts (``public=True``), only the others, or all (None). A stream's drawing holds
    nothing of one browser's: no CSRF token (htmx sends the page's in a header)."""
    for part in PARTS.values():
        if part.name not in what.names or not part.seen_by(viewer):
            continue
        if public is not None and (part.audience == Audience.EVERYONE) != public:
            continue
        if not part.per_hero:
            yield part.signal(), kept.for_stream(draw(viewer, part))
            continue
        for hero in viewer.characters:
            if what.heroes is None or hero.pk in what.heroes:
                yield part.signal(hero.pk), kept.for_stream(draw(viewer, part, hero))


def audience(part: Part, viewer: Viewer) -> str:
    """Whose drawing of ``part`` ``viewer`` gets: a public part's is everyone's (the log's, the
    screen's apart: it has no links to older events), else the viewer's own."""
    if part.audience != Audience.EVERYONE:
        return viewer.audience
    return "screen" if part.appends and viewer.screen else "everyone"


def draw(viewer: Viewer, part: Part, hero=None, built: dict | None = None) -> str:
    """The content of ``part`` (of one hero's container of it) as ``viewer`` sees it, with
    `kept.MARK` for a form's CSRF token: kept at the viewer's moment of the table if anybody
    drew it then, else drawn (and kept, with a moment). ``built``: the context builds a page
    ran already, by build (two parts may share one)."""
    at = viewer.moment if not part.per_request else None
    key = (part.name, hero.pk if hero is not None else None, audience(part, viewer))
    if at is not None and (html := kept.kept(viewer.adventure.pk, at, key)) is not None:
        return html
    if part.per_hero:
        context = base_context(viewer) | {"panel": part.build(viewer, hero)}
    elif built is None:
        context = base_context(viewer) | part.build(viewer)
    else:
        if part.build not in built:
            built[part.build] = part.build(viewer)
        context = base_context(viewer) | built[part.build]
    html = _render(part, context)
    if at is not None:
        kept.keep(viewer.adventure.pk, at, key, html)
    return html


def changed_by(what: Change, key: kept.Key) -> bool:
    """Whether some events that changed ``what`` changed the drawing kept as ``key`` (the
    log's whole drawing: by every event)."""
    name, hero, _audience = key
    part = PARTS[name]
    if part.appends:
        return True
    if name not in what.names:
        return False
    return not part.per_hero or what.heroes is None or hero in what.heroes


def _render(part: Part, context: dict) -> str:
    """Draw a part's content (one place, for tests to count drawings)."""
    return render_to_string(part.content, context | {"csrf_token": kept.MARK})


def base_context(viewer: Viewer) -> dict:
    return {
        "adventure": viewer.adventure,
        "viewer": viewer,
        "screen": viewer.screen,
        "part_base": viewer.part_base,
    }
