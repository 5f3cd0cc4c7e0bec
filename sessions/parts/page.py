"""The table page (or shared screen) around its parts, as a viewer sees it: every part in place,
the parts drawn (or kept) at the table's moment, and one part on its own for a request that
draws only it."""

from sessions.parts import kept
from sessions.parts.drawing import base_context, draw
from sessions.parts.part import Part
from sessions.parts.registry import PARTS
from sessions.viewer import Viewer


def page_context(viewer: Viewer, last: int | None = None) -> dict:
    """Everything the whole table page (or shared screen) draws for ``viewer``, every part in
    place (the page as it was drawn before drawings were kept: what `shell_context` must give
    byte for byte; ``last``, the moment `shell_context` takes, is where the page's stream goes
    on from: the table's newest event, one in nobody's log too, a hero edited on its sheet)."""
    context = base_context(viewer)
    seen = [part for part in PARTS.values() if part.seen_by(viewer)]
    for build in dict.fromkeys(part.build for part in seen if not part.per_hero):
        context |= build(viewer)
    for part in seen:
        if part.per_hero:
            context["panels"] = [part.build(viewer, hero) for hero in viewer.characters]
    newest_logged = context["events"][0].pk if context["events"] else 0
    context["last_event"] = newest_logged if last is None else last
    return context


def shell_context(viewer: Viewer, last: int) -> dict:
    """The table page (or shared screen) for ``viewer``: the drawings of every part it sees
    at the table's moment ``last`` (its newest event, read before the viewer read the table:
    `kept.last_event`), kept or drawn once and kept, and what the page around them needs; the
    page puts in its own CSRF token (`{% drawn %}`)."""
    viewer.moment = kept.moment(viewer.adventure, last)
    context = base_context(viewer) | {"last_event": last}
    drawings, built = {}, {}
    for part in PARTS.values():
        if not part.seen_by(viewer):
            continue
        if part.per_request:
            context |= part.build(viewer)
        elif part.per_hero:
            context["panels"] = [{"character": hero} for hero in viewer.characters]
            for hero in viewer.characters:
                drawings[part.signal(hero.pk)] = draw(viewer, part, hero)
        else:
            drawings[part.signal()] = draw(viewer, part, built=built)
        if part.frame is not None:
            context |= part.frame(viewer)
    context["page_drawings"] = drawings
    return context


def part_context(viewer: Viewer, part: Part, hero=None, before: int | None = None) -> dict:
    """What ``part`` needs to draw itself for ``viewer``."""
    context = base_context(viewer)
    if part.per_hero:
        return context | {"panel": part.build(viewer, viewer.own(hero))}
    if part.appends:
        return context | part.build(viewer, before)
    return context | part.build(viewer)
