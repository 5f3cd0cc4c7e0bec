"""The parts registry: every live part of the table page, declared once.

A part is a container on the page that stays put, and its content, which is drawn afresh
when an event changes it. Each declaration names the part, its context builder, who it is
drawn for, whether the shared screen shows it, and the event topics that change it. The
views, the event stream and the templates' wiring all read these declarations.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from sessions import viewer as V
from sessions.models import TableEvent
from sessions.topics import Topic


class Audience(StrEnum):
    EVERYONE = "everyone"  # one drawing serves every page
    PLAYER = "player"  # drawn per viewer: it holds a player's own controls
    DIRECTOR = "director"  # the Director's alone, secrets and all


@dataclass(frozen=True)
class Part:
    name: str
    build: Callable[[V.Viewer], dict]
    audience: Audience
    topics: frozenset[Topic]
    on_screen: bool = False
    # One container per hero of the viewer's (the Gamble panel): `Topic.HERO` redraws only
    # the container of the event's own hero, any other topic redraws them all.
    per_hero: bool = False
    # Grows row by row from the stream instead of being redrawn (the log).
    appends: bool = False

    @property
    def template(self) -> str:
        """The template drawing the container; its `content` partial is what is redrawn."""
        return f"sessions/parts/{self.name}.html"

    @property
    def content(self) -> str:
        return f"{self.template}#content"

    def element_id(self, hero: int | None = None) -> str:
        return f"{self.name}-{hero}" if self.per_hero else f"{self.name}-panel"

    def signals(self, hero: int | None = None) -> list[str]:
        """The stream's event names this container listens for."""
        if self.per_hero:
            return [f"{self.name}-{hero}", self.name]
        return [self.name]

    def changed_by(self, event: TableEvent) -> Iterator[str]:
        """The stream's event names that tell pages this part changed, if it did."""
        topics = set(event.topics) & self.topics
        if not self.per_hero:
            if topics:
                yield self.name
            return
        if topics - {Topic.HERO}:
            yield self.name
        elif Topic.HERO in topics and event.character_id:
            yield f"{self.name}-{event.character_id}"


def _part(name, build, audience, *topics, **options) -> Part:
    return Part(name, build, audience, frozenset(topics), **options)


E, P, D = Audience.EVERYONE, Audience.PLAYER, Audience.DIRECTOR
PARTS: dict[str, Part] = {
    part.name: part
    for part in (
        _part("pause", V.pause_context, P, Topic.PAUSE, on_screen=True),
        _part("tumult", V.tumult_context, P, Topic.TUMULT, Topic.CAST, on_screen=True),
        _part("scene", V.scene_context, E, Topic.SCENE, on_screen=True),
        _part(
            "gamble",
            V.gamble_panel,
            P,
            Topic.HERO,
            Topic.HEROES,
            Topic.GROUP,
            per_hero=True,
        ),
        _part("wideshot", V.wideshot_context, P, Topic.WIDESHOT_STATE, on_screen=True),
        _part("wideshot-board", V.wideshot_context, E, Topic.WIDESHOT, on_screen=True),
        _part("dangers", V.dangers_context, E, Topic.DANGERS, on_screen=True),
        _part("latest", V.latest_context, E, Topic.GAMBLES, on_screen=True),
        _part("director", V.director_context, D, Topic.DIRECTOR),
        _part("cast", V.cast_context, E, Topic.CAST, on_screen=True),
        _part("log", V.log_context, E, *Topic, on_screen=True, appends=True),
    )
}


def part_named(name: str, *, screen: bool = False) -> Part | None:
    part = PARTS.get(name)
    if part is None or (screen and not part.on_screen):
        return None
    return part


def changed_by(event: TableEvent) -> list[str]:
    """Every stream event name that tells a page one of its parts changed."""
    return [
        signal for part in PARTS.values() if not part.appends for signal in part.changed_by(event)
    ]


def base_context(viewer: V.Viewer) -> dict:
    return {
        "adventure": viewer.adventure,
        "viewer": viewer,
        "screen": viewer.screen,
        "part_base": viewer.part_base,
    }


def page_context(viewer: V.Viewer) -> dict:
    """Everything the whole table page (or shared screen) draws for ``viewer``."""
    context = base_context(viewer)
    seen = [
        part
        for part in PARTS.values()
        if (viewer.directs or part.audience != Audience.DIRECTOR)
        and (part.on_screen or not viewer.screen)
    ]
    for build in dict.fromkeys(part.build for part in seen if not part.per_hero):
        context |= build(viewer)
    for part in seen:
        if part.per_hero:
            context["panels"] = [part.build(viewer, hero) for hero in viewer.characters]
    context["last_event"] = context["events"][0].pk if context["events"] else 0
    return context


def part_context(viewer: V.Viewer, part: Part, hero=None, before: int | None = None) -> dict:
    """What ``part`` needs to draw itself for ``viewer``."""
    context = base_context(viewer)
    if part.per_hero:
        return context | {"panel": part.build(viewer, viewer.own(hero))}
    if part.appends:
        return context | part.build(viewer, before)
    return context | part.build(viewer)
