"""Who is looking at the table, and what each live part of it needs, built only for the
parts being drawn. Every part is drawn for the person asking: the Director's panel only for
the Director, a player's Gamble panel only with their own heroes."""

from dataclasses import dataclass, field
from functools import cached_property

from django.http import Http404
from django.urls import reverse

from characters import initials
from characters.models import Character
from sessions import rules as R
from sessions.forms import (
    GambleForm,
)
from sessions.models import (
    Adventure,
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
    open_gamble_joined,
    reads,
)
from sessions.viewer.written import Written

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
    "revealed_handouts",
)


@dataclass
class Viewer:
    """The person at the table (or the shared screen), with what they see fetched once."""

    adventure: Adventure
    user_id: int | None
    directs: bool = False
    screen: bool = False
    # The event being drawn (with `written`, when its action handed what it wrote).
    drawing: TableEvent | None = field(default=None, repr=False)
    # The moment of the table this viewer's reads are of (`parts.kept`): set, the drawings
    # made for it are kept and reused; None, drawn afresh.
    moment: tuple | None = field(default=None, repr=False)
    _armed: bool = field(default=False, init=False, repr=False)

    @cached_property
    def cast(self) -> list[Character]:
        # With their open Gambles, as the seat check reads them.
        # Each hero's badge told apart from the others' (two "SO"s become "SOk" and "SOs").
        if not self.adventure.is_finished:
            return initials.tell_apart(reads.playing_cast(self.adventure.pk))
        return initials.tell_apart(
            self.adventure.cast_characters(**open_gamble_joined("", self.adventure.pk))
        )

    def alike(self, user_id: int | None, directs: bool = False, screen: bool = False) -> "Viewer":
        """Another viewer of the same table, starting from what this one has read already
        (the drawings of one event share their reads)."""
        other = Viewer(self.adventure, user_id, directs, screen, self.drawing, self.moment)
        other.share(self)
        return other

    def share(self, other: "Viewer") -> None:
        """Take what ``other`` read of the table that every viewer sees alike."""
        for name in SHARED:
            if name in other.__dict__:
                self.__dict__.setdefault(name, other.__dict__[name])

    @property
    def audience(self) -> str:
        """Whose drawings this viewer gets, as the streams name it (`live.Listener`)."""
        if self.screen:
            return "screen"
        return "director" if self.directs else f"player-{self.user_id}"

    @property
    def written(self) -> Written | None:
        """What the action of the event being drawn wrote, as it handed it over."""
        return getattr(self.drawing, "written", None)

    @cached_property
    def characters(self) -> list[Character]:
        """The viewer's own heroes at this table (none on the shared screen)."""
        if self.screen:
            return []
        return [c for c in self.cast if c.owner_id == self.user_id]

    def arm(self) -> None:
        """Read what the Gamble forms of all the viewer's heroes offer (Knacks, Equipment)
        and how many Gambles each made, in one go (`reads.gamble_offers`); a form on its own
        reads them only when it is drawn or names some."""
        if not self._armed:
            reads.gamble_offers(self.characters, self.adventure.pk)
            self._armed = True

    @property
    def gambles_made(self) -> dict[int, int]:
        """How many Gambles each of the viewer's heroes ever made (their next Gamble's request
        id), read with what their forms offer (`arm`)."""
        self.arm()
        return {c.pk: c.gambles_made for c in self.characters}

    @cached_property
    def open_gambles(self) -> dict[int, Gamble]:
        """The table's open Gambles, by hero."""
        return {g.character_id: g for g in reads.open_gambles(self.adventure.pk)}

    @cached_property
    def open_investigations(self) -> list[Investigation]:
        """Investigations the Director asked for that are still to be rolled, newest first."""
        return reads.open_investigations(self.adventure.pk)

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
        if self.directs:
            handouts = self.adventure.handouts.select_related("key_location", "scene", "danger")
            return list(handouts)
        return self.revealed_handouts

    @cached_property
    def revealed_handouts(self) -> list[Handout]:
        """What every seat but the Director's sees of the handouts (the drawings of one event
        share it)."""
        return reads.revealed_handouts(self.adventure.pk)

    @cached_property
    def legs(self) -> list[Leg]:
        """The Adventure's Legs, each with its Key Locations: the Director's pacing and crib
        share them (two queries however many there are)."""
        return list(self.adventure.legs.prefetch_related("key_locations"))

    @cached_property
    def scene(self) -> Scene | None:
        return reads.playing_scene.first(self.adventure.pk)  # as `Adventure.playing_scene`

    @cached_property
    def wide_shots(self) -> list[WideShot]:
        """The Scene's Wide Shot board and those of earlier visits to its Key Location, with
        what the Cast described on each."""
        scene = self.scene
        if scene is None:
            return []
        # Two reads compiled once (as a prefetch of the details would read them, but for
        # compiling both each time: a fifth of a table page GET).
        if scene.key_location_id:
            boards = reads.wide_shots_at(scene.pk, scene.key_location_id)
            details = reads.wide_shot_details_at(scene.pk, scene.key_location_id) if boards else []
        else:
            boards = reads.wide_shots_of(scene.pk)
            details = reads.wide_shot_details_of(scene.pk) if boards else []
        for board in boards:
            own = [d for d in details if d.wide_shot_id == board.pk]
            for detail in own:  # as a prefetch leaves each: its board at hand
                WideShotDetail.wide_shot.field.set_cached_value(detail, board)
            reads.prefetched(board, "details", own)
        return boards

    @property
    def board(self) -> WideShot | None:
        return next((w for w in self.wide_shots if w.scene_id == self.scene.pk), None)

    @cached_property
    def dangers(self) -> list[Danger]:
        scene = self.scene
        if scene is None:
            return []
        # As `Scene.dangers_in_play`: those at its Key Location and those added in play.
        if scene.key_location_id:
            return reads.dangers_at(scene.pk, scene.key_location_id)
        return reads.dangers_of(scene.pk)

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

    @cached_property
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
        """Enemies a Gamble can be aimed at: in a Tumult, its own foes alone (a Danger of the
        Scene left out of the fight is no aim for the fight's Gambles); out of one, the
        Scene's."""
        tumult = self.tumult
        dangers = tumult.foes_among(self.dangers) if tumult else self.dangers
        return [d for d in dangers if d.targetable]

    def gamble_form(self, character: Character, data=None, **kwargs) -> GambleForm:
        """The Gamble form for one of the viewer's heroes, with who can help and what to aim at
        (the enemies are read only if the form is drawn or names one)."""
        return GambleForm(
            data,
            character=character,
            fellows=self.fellows(character),
            dangers=self.targets,
            # In a Tumult, its foes: a Gamble against its one foe is aimed at it.
            foes=lambda: set(self.tumult.foes) if self.tumult else None,
            # Enemies in sight put out: an aim at one, kept from before, is told so.
            fallen=lambda: [d for d in self.dangers if d.revealed and d.is_out],
            **kwargs,
        )

    def fighters(self) -> list[Character]:
        return [c for c in self.cast if R.in_the_thick_of_it(c.state)]

    def out_until(self, character: Character) -> R.OutUntil | None:
        """How long a knocked-out hero stays out, in the rules' words (None: on their feet).
        Asks after the Tumult only for a hero who is out."""
        if not character.incapacitated:
            return None
        tumult = self.tumult
        in_tumult = tumult is not None and character.pk in tumult.knocked_out
        return R.still_out(character.state, knocked_out_in_tumult=in_tumult)
