"""Who is looking at the table, and what each live part of it needs, built only for the
parts being drawn. Every part is drawn for the person asking: the Director's panel only for
the Director, a player's Gamble panel only with their own heroes."""

from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import OuterRef, Prefetch, Q, prefetch_related_objects
from django.http import Http404
from django.urls import reverse

from characters.forms import NotesForm as HeroNotesForm
from characters.models import Character
from sessions import rules as R
from sessions.access import Seat, table_seat
from sessions.consequences.cards import Moment
from sessions.consequences.draw import Situation, draw, own_prompt
from sessions.forms import (
    DangerEditForm,
    DangerQuickForm,
    GambleForm,
    JournalForm,
    NotesForm,
    OwnPromptForm,
    PerilForm,
    WideShotEditForm,
)
from sessions.models import (
    Adventure,
    CastJournalEntry,
    CastMember,
    Danger,
    Gamble,
    Handout,
    Investigation,
    Leg,
    PromptDeck,
    Scene,
    TableEvent,
    WideShot,
    WideShotDetail,
    gone_wrong,
    hero_gambles,
    next_to_undo,
    table_now,
)

LOG_PAGE = 30
JOURNAL_PAGE = 20
# What a Viewer reads that is the same for everybody at the table.
SHARED = (
    "cast",
    "open_gambles",
    "open_investigations",
    "scene",
    "wide_shots",
    "dangers",
    "tumult",
    "group",
    "group_gambled",
)


def seated_viewer(adventure_id: int, user_id: int | None) -> "Viewer | None":
    """The user at this Adventure's table, or None if they have no seat there.

    One query reads the Adventure, everyone who ever joined its Cast and the seat (two for a
    table nobody has joined yet), so a table action spends its queries on the action.
    """
    members = list(
        CastMember.objects.filter(adventure_id=adventure_id)
        .select_related("adventure__director", "character")
        .annotate(**hero_gambles(OuterRef("character_id"), adventure_id), **table_now(adventure_id))
        .order_by("joined", "character_id")
    )
    if members:
        adventure, state = members[0].adventure, members[0]
    else:
        state = (
            Adventure.objects.select_related("director")
            .annotate(**table_now(adventure_id))
            .filter(pk=adventure_id)
            .first()
        )
        adventure = state
    if adventure is None:
        return None
    has_hero = any(m.character.owner_id == user_id for m in members)
    seat = table_seat(user_id, adventure, has_hero=has_hero)
    if seat is None:
        return None
    viewer = Viewer(adventure, user_id, seat == Seat.DIRECTOR)
    cast = {}
    for member in members:
        if adventure.still_plays(member):
            hero = member.character
            hero.open_gamble_id, hero.gambles_made = member.open_gamble_id, member.gambles_made
            cast.setdefault(hero.pk, hero)
    viewer.cast = list(cast.values())
    # Absent, as just read: the cached lookups need not ask.
    if state.tumult_id is None:
        viewer.tumult = None
    if state.group_id is None:
        viewer.group = None
    return viewer


@dataclass
class Viewer:
    """The person at the table (or the shared screen), with what they see fetched once."""

    adventure: Adventure
    user_id: int | None
    directs: bool = False
    screen: bool = False
    _armed: bool = field(default=False, init=False, repr=False)

    @cached_property
    def cast(self) -> list[Character]:
        return self.adventure.cast_characters(**hero_gambles(OuterRef("pk"), self.adventure.pk))

    def alike(self, user_id: int | None, directs: bool = False, screen: bool = False) -> "Viewer":
        """Another viewer of the same table, starting from what this one has read already
        (the drawings of one event share their reads)."""
        other = Viewer(self.adventure, user_id, directs, screen)
        other.share(self)
        return other

    def share(self, other: "Viewer") -> None:
        """Take what ``other`` read of the table that every viewer sees alike."""
        for name in SHARED:
            if name in other.__dict__:
                self.__dict__.setdefault(name, other.__dict__[name])

    @cached_property
    def characters(self) -> list[Character]:
        """The viewer's own heroes at this table (none on the shared screen)."""
        if self.screen:
            return []
        return [c for c in self.cast if c.owner_id == self.user_id]

    def arm(self) -> None:
        """Read what the Gamble forms of all the viewer's heroes offer (Knacks, Equipment) in
        one go; a form on its own reads them only when it is drawn or names some."""
        if not self._armed:
            prefetch_related_objects(self.characters, "knacks", "equipment")
            self._armed = True

    @cached_property
    def open_gambles(self) -> dict[int, Gamble]:
        """The table's open Gambles, by hero."""
        gambles = Gamble.objects.filter(adventure=self.adventure, locked=False)
        return {g.character_id: g for g in gambles.select_related("character")}

    @cached_property
    def open_investigations(self) -> list[Investigation]:
        """Investigations the Director asked for that are still to be rolled, newest first."""
        asked = Investigation.objects.filter(adventure=self.adventure, roll=None)
        return list(asked.select_related("character").order_by("-pk"))

    def open_gamble(self, character: Character) -> Gamble | None:
        if not any(c.open_gamble_id for c in self.cast) and not self.directs:
            return None  # as the Cast was read: nobody has a Gamble open
        return self.open_gambles.get(character.pk)

    @cached_property
    def prompt_deck(self) -> PromptDeck | None:
        """The Director's consequence prompts (theirs at every table)."""
        return PromptDeck.objects.filter(director_id=self.adventure.director_id).first()

    @cached_property
    def handouts(self) -> list[Handout]:
        """The Adventure's handouts this viewer may see: every one for its Director (with
        where each belongs), those revealed for anyone else."""
        handouts = self.adventure.handouts.all()
        if self.directs:
            return list(handouts.select_related("key_location", "scene", "danger"))
        return list(handouts.filter(revealed__isnull=False))

    @cached_property
    def scene(self) -> Scene | None:
        return self.adventure.playing_scene()

    @cached_property
    def wide_shots(self) -> list[WideShot]:
        """The Scene's Wide Shot board and those of earlier visits to its Key Location, with
        what the Cast described on each."""
        scene = self.scene
        if scene is None:
            return []
        shown = Q(scene=scene)
        if scene.key_location_id:
            shown |= Q(key_location_id=scene.key_location_id)
        details = Prefetch("details", queryset=WideShotDetail.objects.select_related("character"))
        return list(WideShot.objects.filter(shown).prefetch_related(details))

    @property
    def board(self) -> WideShot | None:
        return next((w for w in self.wide_shots if w.scene_id == self.scene.pk), None)

    @cached_property
    def dangers(self) -> list[Danger]:
        return self.scene.dangers_in_play() if self.scene else []

    @cached_property
    def tumult(self):
        return self.adventure.active_tumult()

    @cached_property
    def group(self):
        return self.adventure.open_group_gamble()

    @cached_property
    def group_gambled(self) -> set[int]:
        return (
            set(self.group.gambles.values_list("character_id", flat=True)) if self.group else set()
        )

    @property
    def part_base(self) -> str:
        if self.screen:
            return reverse("screen", args=[self.adventure.screen_token]) + "part/"
        return reverse("table", args=[self.adventure.pk]) + "part/"

    def own(self, character_id) -> Character:
        """One of the viewer's own characters in this Cast, or 404."""
        for character in self.characters:
            if str(character.pk) == str(character_id):
                return character
        raise Http404("Not your character")

    def fellows(self, character: Character) -> list[Character]:
        """Who can help ``character``: the rest of the Cast still in the thick of it."""
        return [c for c in self.cast if c.pk != character.pk and R.in_the_thick_of_it(c.state)]

    def targets(self) -> list[Danger]:
        """Enemies a Gamble can be aimed at."""
        return [d for d in self.dangers if d.targetable]

    def gamble_form(self, character: Character, data=None, **kwargs) -> GambleForm:
        """The Gamble form for one of the viewer's heroes, with who can help and what to aim at
        (the enemies are read only if the form is drawn or names one)."""
        return GambleForm(
            data,
            character=character,
            fellows=self.fellows(character),
            dangers=self.targets,
            **kwargs,
        )

    def fighters(self) -> list[Character]:
        return [c for c in self.cast if R.in_the_thick_of_it(c.state)]


def scene_context(viewer: Viewer) -> dict:
    scene = viewer.scene
    leg = scene.leg if scene else viewer.adventure.playing_leg()
    # What players described on earlier visits is canon now.
    earlier = [w for w in viewer.wide_shots if w.scene_id != scene.pk] if scene else []
    canon = sorted((d for w in earlier for d in w.details.all()), key=lambda d: d.pk)
    return {"leg": leg, "scene": scene, "canon": canon}


def cast_context(viewer: Viewer) -> dict:
    return {"cast": viewer.cast}


def pause_context(viewer: Viewer) -> dict:
    return {}


def latest_context(viewer: Viewer) -> dict:
    """The latest Gamble, and whether its lock-in knocked the hero out (the Gamble row doesn't
    keep it; the lock-in's event does)."""
    gambles = Gamble.objects.filter(adventure=viewer.adventure).select_related("character")
    latest = gambles.order_by("-pk").first()
    knockout = bool(latest and latest.locked) and (
        TableEvent.objects.filter(
            adventure=viewer.adventure,
            kind="gamble_locked",
            data__gamble=latest.pk,
            data__knocked_out=True,
            undone_by__isnull=True,
        ).exists()
    )
    return {"latest": latest, "latest_knockout": knockout}


def log_context(viewer: Viewer, before: int | None = None) -> dict:
    events = TableEvent.objects.filter(adventure=viewer.adventure).select_related("character")
    if before:
        events = events.filter(pk__lt=before)
    page = list(events[: LOG_PAGE + 1])
    older = page[LOG_PAGE - 1].pk if len(page) > LOG_PAGE else None
    return {"events": page[:LOG_PAGE], "older": older}


def cast_journal_context(viewer: Viewer) -> dict:
    """The newest lines of the Cast's journal, each with whether this viewer may cross it
    out, and (at a table still in play) the form to add one."""
    entries = list(
        CastJournalEntry.objects.filter(adventure=viewer.adventure).select_related("character")[
            : JOURNAL_PAGE + 1
        ]
    )
    for entry in entries:
        entry.removable = viewer.directs or entry.author_id == viewer.user_id
    writes = not viewer.adventure.is_finished and (viewer.directs or bool(viewer.characters))
    return {
        "journal": entries[:JOURNAL_PAGE],
        "journal_more": len(entries) > JOURNAL_PAGE,
        "journal_form": JournalForm(heroes=viewer.characters) if writes else None,
    }


def handouts_context(viewer: Viewer) -> dict:
    """The handouts the Director revealed, in the order they were, and the one on show."""
    revealed = sorted((h for h in viewer.handouts if h.is_revealed), key=lambda h: h.revealed)
    return {"revealed": revealed, "on_show": next((h for h in revealed if h.on_show), None)}


def _director_handouts(viewer: Viewer) -> list[Handout]:
    """Every handout of the Adventure, secret or not; those of the Scene in play marked."""
    scene, dangers = viewer.scene, {d.pk for d in viewer.dangers}
    handouts = viewer.handouts
    for handout in handouts:
        handout.for_now = scene is not None and (
            handout.scene_id == scene.pk
            or (handout.key_location_id and handout.key_location_id == scene.key_location_id)
            or handout.danger_id in dangers
        )
    return sorted(handouts, key=lambda h: (not h.for_now, h.pk))


def hero_notes_context(viewer: Viewer) -> dict:
    """The player's private notes on each of their heroes at this table."""
    if viewer.adventure.is_finished:
        return {"hero_notes": []}
    return {
        "hero_notes": [
            (hero, HeroNotesForm(initial={"notes": hero.notes}, auto_id=f"hero-{hero.pk}-%s"))
            for hero in viewer.characters
        ],
        "hero_notes_open": any(hero.notes for hero in viewer.characters),
    }


def wideshot_context(viewer: Viewer) -> dict:
    board = viewer.board if viewer.scene is not None else None
    if board is None:
        return {"board": None}
    by_character = {d.character_id: d for d in board.details.all()}
    mine = [{"character": c, "detail": by_character.get(c.pk)} for c in viewer.characters]
    names = {c.pk: c.name for c in viewer.cast}
    questions = [{"text": q["text"], "to": names.get(q.get("to"), "")} for q in board.questions]
    edit = None
    if viewer.directs:
        lines = [f"@{q['to']} {q['text']}" if q["to"] else q["text"] for q in questions]
        edit = WideShotEditForm(initial={"opening": board.opening, "questions": lines})
    return {"board": board, "questions": questions, "mine": mine, "wideshot_edit": edit}


def tumult_context(viewer: Viewer) -> dict:
    tumult = viewer.tumult
    if tumult is None:
        return {"tumult": None}
    fighters = viewer.fighters()
    to_act = R.still_to_act(tumult.state, [c.pk for c in fighters])
    return {
        "tumult": tumult,
        "acted": [c for c in fighters if c.pk in tumult.acted],
        "to_act": [c for c in fighters if c.pk in to_act],
        "sitting_out": [c for c in viewer.cast if c not in fighters],
        "my_fighters": [c for c in viewer.characters if c.pk in to_act],
    }


def dangers_context(viewer: Viewer) -> dict:
    """What the Cast may see of the Scene's enemies: only those the Director revealed."""
    return {"shown_dangers": [d for d in viewer.dangers if d.revealed]}


def gamble_panel(viewer: Viewer, character: Character, form=None, error="") -> dict:
    """Everything one of the viewer's characters needs to Gamble, or to finish a Gamble."""
    adventure = viewer.adventure
    if adventure.is_finished:
        return {"character": character, "finished": True, "error": error}
    gamble = viewer.open_gamble(character)
    panel = {"character": character, "gamble": gamble, "error": error}
    panel["investigation"] = next(
        (i for i in viewer.open_investigations if i.character_id == character.pk), None
    )
    group = viewer.group
    if group and R.counts_toward_group(character.pk, group.participants, viewer.group_gambled):
        panel["group"] = group
    if gamble is not None:
        panel["odds"] = R.odds(gamble.pool, character.lucky_saves)
        panel["success"] = gamble.engine.success
        return panel
    viewer.arm()
    panel["form"] = form or viewer.gamble_form(
        character, initial={"request_id": next_request_id(character)}
    )
    panel["odds"] = R.odds(
        R.pool_size(character.state, panel["form"].setup()), character.lucky_saves
    )
    return panel


def next_request_id(character: Character) -> str:
    """The id of this character's next Gamble: the same until it is rolled, so two tabs or a
    double click can only ever roll it once."""
    made = getattr(character, "gambles_made", None)  # read with the Cast (`Viewer.cast`)
    if made is None:
        made = Gamble.objects.filter(character=character).count()
    return f"c{character.pk}-gamble-{made + 1}"


def director_gambles_context(viewer: Viewer) -> dict:
    """The Gambles still open, for the Director to lock in for a player who stepped away."""
    if not viewer.directs:
        raise Http404("Directors only")
    return {"waiting": list(viewer.open_gambles.values())}


def corrections_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    return {"undo_next": next_to_undo(viewer.adventure.pk)}


def _situation(viewer: Viewer, event: TableEvent) -> Situation:
    """What the app knows of a moment gone wrong: the hero, their Equipment and Drive, the
    Scene's Key Location (its NPCs and obstacles) and the enemies still in the picture."""
    hero = event.character
    if hero is None and (ids := event.data.get("heroes_knocked_out")):
        hero = next((c for c in viewer.cast if c.pk == ids[0]), None)
    place = viewer.scene.key_location if viewer.scene else None
    obstacle = (place.obstacles.strip().splitlines() or [""])[0][:120] if place else ""
    return Situation(
        hero=hero.name if hero else "",
        equipment=tuple(e.text for e in hero.equipment.all()) if hero else (),
        drive=hero.drive if hero else "",
        npcs=tuple(n["name"] for n in place.npcs if n.get("name")) if place else (),
        dangers=tuple(d.name for d in viewer.dangers if not d.is_out),
        obstacle=obstacle.rstrip("."),
        location=place.name if place else "",
    )


MOMENTS = {"group_resolved": Moment.GROUP_FAILED}


def consequences_context(viewer: Viewer) -> dict:
    """The Director's consequence prompts for the newest moment a Gamble went wrong."""
    if not viewer.directs:
        raise Http404("Directors only")
    deck = viewer.prompt_deck
    context = {"deck": deck, "prompts_hidden": bool(deck and deck.hidden)}
    event = None if context["prompts_hidden"] else gone_wrong(viewer.adventure.pk)
    shown = viewer.adventure.consequence_draw
    if event is None or (shown.get("event") == event.pk and shown.get("dismissed")):
        return context
    moment = MOMENTS.get(event.kind) or (
        Moment.KNOCKOUT if event.data.get("knocked_out") else Moment.BLUNDER
    )
    number = shown.get("draw", 0) if shown.get("event") == event.pk else 0
    own = [own_prompt(n, **card) for n, card in enumerate(deck.own)] if deck else []
    situation = _situation(viewer, event)
    return context | {
        "moment": moment,
        "moment_event": event,
        "moment_hero": situation.hero,
        "prompts": draw(moment, situation, event.pk, number, own),
    }


def own_prompts_context(viewer: Viewer) -> dict:
    """The Director's own list of consequence prompts, and the form to add one."""
    if not viewer.directs:
        raise Http404("Directors only")
    deck = viewer.prompt_deck
    return {"own": deck.own if deck else [], "own_form": OwnPromptForm()}


def notes_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    return {"notes_form": NotesForm(initial={"table_notes": viewer.adventure.table_notes})}


def director_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    adventure = viewer.adventure
    legs = list(adventure.legs.prefetch_related("scenes", "key_locations"))
    playing = next((leg for leg in legs if leg.status == Leg.Status.PLAYING), None)
    scenes = list(playing.scenes.all()) if playing else []
    group, waiting_for = viewer.group, []
    if group:
        locked = set(group.gambles.filter(locked=True).values_list("character_id", flat=True))
        waiting_for = [
            c.name for c in viewer.cast if c.pk in group.participants and c.pk not in locked
        ]
    screen_url = reverse("screen", args=[adventure.screen_token]) if adventure.screen_token else ""
    return {
        "cast": viewer.cast,
        "peril_form": PerilForm(cast=viewer.cast),
        "scene_dangers": viewer.dangers,
        "danger_edits": [(danger, DangerEditForm(danger=danger)) for danger in viewer.dangers],
        "danger_form": DangerQuickForm(),
        "group": group,
        "group_waiting": waiting_for,
        "investigations": viewer.open_investigations,
        "planned_legs": [leg for leg in legs if leg.status == Leg.Status.PLANNED],
        "playing_leg": playing,
        "planned_scenes": [s for s in scenes if s.status == Scene.Status.PLANNED],
        "playing_scene": next((s for s in scenes if s.status == Scene.Status.PLAYING), None),
        "leg_locations": list(playing.key_locations.all()) if playing else [],
        "screen_url": screen_url,
        "handouts": (handouts := _director_handouts(viewer)),
        "handout_on_show": next((h for h in handouts if h.on_show), None),
        **tumult_context(viewer),
    }
