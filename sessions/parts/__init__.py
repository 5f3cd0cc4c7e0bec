"""The parts registry: every live part of the table page, declared once.

A part is a container on the page that stays put, and its content, which is drawn afresh
when an event changes it. Each declaration names the part, its context builder, who it is
drawn for, whether the shared screen shows it, and the event topics that change it. The
views, the event stream and the templates' wiring all read these declarations.
"""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from django.template.loader import render_to_string

from sessions.models import TableEvent
from sessions.parts import (
    calls,
    crib,
    director,
    joining,
    kept,
    player,
    previously,
    public,
    screen,
    session_zero,
    stage,
)
from sessions.topics import Topic
from sessions.viewer import Viewer


class Audience(StrEnum):
    EVERYONE = "everyone"  # one drawing serves every page
    PLAYER = "player"  # drawn per viewer: it holds a player's own controls
    DIRECTOR = "director"  # the Director's alone, secrets and all


@dataclass(frozen=True)
class Part:
    name: str
    build: Callable[[Viewer], dict]
    audience: Audience
    topics: frozenset[Topic]
    on_screen: bool = False
    # One container per hero of the viewer's (the Gamble panel): `Topic.HERO` redraws only
    # the container of the event's own hero, any other topic redraws them all.
    per_hero: bool = False
    # Grows row by row from the stream instead of being redrawn (the log).
    appends: bool = False
    # The Director's page has a part of their own in its place (the Cast with Peril a tap
    # away, the Dangers they run, the Tumult they run).
    for_director: bool = True
    # Only the shared screen has it (the TV's spotlight).
    screen_only: bool = False
    # Only events of these kinds change it (None: any event of its topics).
    kinds: frozenset[str] | None = None
    # Topics that concern only the player of the event's hero (an Investigation asked of
    # Sam): an event heard on these alone is drawn again for that player only.
    owner_topics: frozenset[Topic] = frozenset()
    # Drawn for each request, never kept (`kept`): what it shows holds the address the TV
    # reached (its QR code) or the time ("Previously on…" plays for so long, from where it
    # is now). A page draws it in place.
    per_request: bool = False
    # What the part's container needs around its content, for a page that has the content
    # drawn already (the form above the Cast journal's lines).
    frame: Callable[[Viewer], dict] | None = None

    @property
    def template(self) -> str:
        """The template drawing the container; its `content` partial is what is redrawn."""
        return f"sessions/parts/{self.name}.html"

    @property
    def content(self) -> str:
        return f"{self.template}#content"

    def element_id(self, hero: int | None = None) -> str:
        return f"{self.name}-{hero}" if self.per_hero else f"{self.name}-panel"

    def signal(self, hero: int | None = None) -> str:
        """The stream's name for a new drawing of this container's content (for the log, of
        the whole log: single new rows come as `log`)."""
        if self.per_hero:
            return f"{self.name}-{hero}"
        return f"{self.name}-all" if self.appends else self.name

    def seen_by(self, viewer) -> bool:
        """Whether the viewer's page has this part: the Director's only for the Director,
        the screen only what the TV shows. (A viewer, or anything that knows whether it
        directs and whether it is the screen.)"""
        if viewer.directs and not self.for_director:
            return False
        if self.screen_only and not viewer.screen:
            return False
        return (viewer.directs or self.audience != Audience.DIRECTOR) and (
            self.on_screen or not viewer.screen
        )


def _part(name, build, audience, *topics, **options) -> Part:
    return Part(name, build, audience, frozenset(topics), **options)


E, P, D = Audience.EVERYONE, Audience.PLAYER, Audience.DIRECTOR
PARTS: dict[str, Part] = {
    part.name: part
    for part in (
        # The X-card and Script Change's fast-forward: a request, and the Director's answer.
        _part(
            "pause",
            public.pause_context,
            P,
            Topic.PAUSE,
            Topic.SCRIPT_CHANGE,
            Topic.SCENE,  # no Scene in play, nothing to fast-forward
            on_screen=True,
        ),
        # "Previously on…": the TV's title sequence, the phones' panel, the Director's Play/Skip.
        _part(
            "previously",
            previously.previously_context,
            P,
            Topic.PREVIOUSLY,
            Topic.SCENE,
            on_screen=True,
            per_request=True,
        ),
        # Session zero: each phone its own marks and connections, the Director who is done,
        # the TV the topics and the safety tools, then the web of connections.
        _part(
            "session-zero",
            session_zero.session_zero_context,
            P,
            Topic.SESSION_ZERO,
            Topic.SAFETY,
            Topic.JOIN,
            # The Director's "Open session zero" goes as the first Scene starts.
            Topic.SCENE,
            on_screen=True,
            # A player's own marks change with no event (nobody may learn who marked): drawn
            # for each page, never kept.
            per_request=True,
        ),
        _part(
            "tumult",
            public.tumult_context,
            E,
            Topic.TUMULT,
            Topic.CAST,
            Topic.DANGERS,  # every enemy out: the table hears the Tumult may end
            on_screen=True,
            for_director=False,
        ),
        # The player's own buttons, apart from the public board: most events leave them be.
        _part("tumult-moves", public.tumult_context, P, Topic.TUMULT),
        _part("scene", public.scene_context, E, Topic.SCENE, on_screen=True),
        _part(
            "gamble",
            player.gamble_panel,
            P,
            Topic.HERO,
            Topic.HEROES,
            Topic.GROUP,
            per_hero=True,
        ),
        # The player's own form holds their detail as it stands, which the board's events change
        # without redrawing it live (that would wipe what another player is typing): so a page
        # draws it afresh rather than carry a drawing from before the detail.
        _part(
            "wideshot",
            public.wideshot_context,
            P,
            Topic.WIDESHOT_STATE,
            on_screen=True,
            per_request=True,
        ),
        _part("wideshot-board", public.wideshot_context, E, Topic.WIDESHOT, on_screen=True),
        _part(
            "dangers", public.dangers_context, E, Topic.DANGERS, on_screen=True, for_director=False
        ),
        _part("latest", public.latest_context, E, Topic.GAMBLES, on_screen=True),
        _part("handouts", public.handouts_context, E, Topic.HANDOUTS, on_screen=True),
        # Undo: the newest move of the Scene, whatever it was.
        _part("corrections", director.corrections_context, D, *Topic),
        # Ideas for what happens when a Gamble goes wrong: for the Director's eyes only.
        _part("consequences", director.consequences_context, D, Topic.TROUBLE, Topic.SCENE),
        # The Director's own notes and prompts: no event redraws them, only their own moves.
        _part("director-notes", director.notes_context, D),
        _part("own-prompts", director.own_prompts_context, D),
        # Its Peril names the Scene's enemies: a Danger added, shown or out changes the list.
        _part("director", director.director_context, D, Topic.DIRECTOR, Topic.SCENE, Topic.DANGERS),
        # The Director's cockpit: what is run every minute, each part redrawn on its own.
        _part("crib", crib.crib_context, D, Topic.SCENE, Topic.DANGERS, Topic.CRIB, Topic.PAUSE),
        _part(
            "director-cast",
            director.cast_controls_context,
            D,
            Topic.CAST,
            Topic.SCENE,
            Topic.PAUSE,
            Topic.DANGERS,  # "Peril for" names the Scene's enemies
        ),
        # JOIN: a hero who joins or leaves (a seat taken or freed) gets or loses a die of
        # their own for the next Leg's Lucky Saves.
        _part("director-pacing", director.pacing_context, D, Topic.SCENE, Topic.PAUSE, Topic.JOIN),
        _part(
            "director-dangers",
            director.dangers_admin_context,
            D,
            Topic.DANGERS,
            Topic.SCENE,
            Topic.PAUSE,
        ),
        _part(
            "director-tumult",
            director.tumult_controls_context,
            D,
            Topic.TUMULT,
            Topic.DANGERS,
            Topic.SCENE,
            Topic.PAUSE,
        ),
        # What the TV shows now, in a line for the Director: what changes the TV's moment.
        _part(
            "director-stage",
            stage.stage_context,
            D,
            *Topic,
            kinds=stage.STAGE_CHANGES,
            per_request=True,  # "Previously on…" is on the TV for so long
        ),
        _part("director-stage-handout", stage.stage_handout_context, D, Topic.HANDOUTS),
        # Apart from the rest of the panel: every roll and lock-in changes it.
        _part("director-gambles", director.director_gambles_context, D, Topic.GAMBLES),
        _part("cast", public.cast_context, E, Topic.CAST, on_screen=True, for_director=False),
        # Drawn for each reader: their own lines carry a button to cross them out.
        _part(
            "cast-journal",
            player.cast_journal_context,
            P,
            Topic.JOURNAL,
            frame=player.cast_journal_frame,
        ),
        # A player's own notes on their heroes: no event redraws them, only saving them.
        _part("hero-notes", player.hero_notes_context, P, frame=player.hero_notes_frame),
        # Drawn for each reader: their own notes (the Director: all) can be taken off.
        _part("lines-veils", player.lines_veils_context, P, Topic.SAFETY, on_screen=True),
        _part("log", public.log_context, E, *Topic, on_screen=True, appends=True),
        # The TV's spotlight: the newest big moment, whatever it was.
        _part(
            "spotlight",
            screen.spotlight_context,
            P,
            *Topic,
            on_screen=True,
            screen_only=True,
            kinds=screen.CHANGES,
        ),
        # What asks for a player now, at the top of their phone (and in the page's title).
        _part(
            "calls",
            calls.calls_context,
            P,
            Topic.CALLS,
            # Peril dealt or eased: the newest news puts an older banner (a Rest's) away.
            Topic.CAST,
            Topic.TUMULT,
            Topic.GROUP,
            Topic.HEROES,
            Topic.HANDOUTS,
            Topic.SCENE,
            Topic.WIDESHOT,
            Topic.WIDESHOT_STATE,
            for_director=False,
            owner_topics=frozenset({Topic.CALLS}),
        ),
        # The TV's QR code and join code: while the Cast forms, while a seat is free, or when
        # the Director asks. Drawn per audience, as only the screen's drawing has anything in it.
        _part(
            "join",
            joining.join_context,
            P,
            Topic.JOIN,
            Topic.SCENE,
            on_screen=True,
            screen_only=True,
            per_request=True,
        ),
    )
}


def part_named(name: str, *, screen: bool = False) -> Part | None:
    part = PARTS.get(name)
    if part is None or (screen and not part.on_screen):
        return None
    return part


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


def page_context(viewer: Viewer) -> dict:
    """Everything the whole table page (or shared screen) draws for ``viewer``, every part in
    place (the page as it was drawn before drawings were kept: what `shell_context` must give
    byte for byte)."""
    context = base_context(viewer)
    seen = [part for part in PARTS.values() if part.seen_by(viewer)]
    for build in dict.fromkeys(part.build for part in seen if not part.per_hero):
        context |= build(viewer)
    for part in seen:
        if part.per_hero:
            context["panels"] = [part.build(viewer, hero) for hero in viewer.characters]
    context["last_event"] = context["events"][0].pk if context["events"] else 0
    return context


def shell_context(viewer: Viewer) -> dict:
    """The table page (or shared screen) for ``viewer``: the drawings of every part it sees
    at the table's moment now (kept, or drawn once and kept), and what the page around them
    needs; the page puts in its own CSRF token (`{% drawn %}`)."""
    last = kept.last_event(viewer.adventure.pk)
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
