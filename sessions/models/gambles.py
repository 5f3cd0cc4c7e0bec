"""A Gamble from its roll to its lock-in, as the table plays it (the rules engine's `Gamble`
kept in the database), and the Blammo! sound effects shouted with it."""

from django.db import models
from django.db.models import Q

from characters.models import Character
from sessions import rules as R
from sessions.models.legs import Danger, Scene
from sessions.models.prep import Adventure
from sessions.models.table import GroupGamble, TableEvent


class Gamble(models.Model):
    """A Gamble from roll to lock-in, mirroring the rules engine's `Gamble`."""

    BY_DIRECTOR = "rolled_by_director"  # its setup's mark: the Director rolled it for a player

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="gambles")
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="gambles")
    scene = models.ForeignKey(Scene, on_delete=models.SET_NULL, null=True, blank=True)
    group = models.ForeignKey(
        GroupGamble, on_delete=models.SET_NULL, null=True, blank=True, related_name="gambles"
    )
    danger = models.ForeignKey(
        Danger, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Chosen by the page that rolled: a double click or a replay finds this Gamble again.
    request_id = models.CharField(max_length=64)
    # Bumped by every change, and echoed by the page: an action on a stale view is refused.
    step = models.PositiveIntegerField(default=0)
    setup = models.JSONField(default=dict)
    pool = models.PositiveSmallIntegerField()
    dice = models.JSONField()
    rolled = models.JSONField()
    # The latest throw (the roll or the Catchphrase re-roll) was real dice, typed in.
    by_hand = models.BooleanField(default=False)
    lucky_saves_spent = models.PositiveSmallIntegerField(default=0)
    catchphrase_used = models.BooleanField(default=False)
    locked = models.BooleanField(default=False)
    # The Director tried to end the Scene while it was open: its phone warns that it locks in
    # as it stands if the Scene ends (`scenes.warn_scene_end`).
    scene_end_warned = models.BooleanField(default=False)
    success = models.BooleanField(null=True)
    created = models.DateTimeField(auto_now_add=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    # When a move last changed it (a roll, a Lucky Save, the Catchphrase, the lock-in): the
    # Latest Gamble is the one moved last, whoever rolled first.
    moved = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["character", "request_id"], name="one_gamble_per_request"
            ),
            models.UniqueConstraint(
                fields=["character"], condition=Q(locked=False), name="one_open_gamble_each"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.character}: {self.dice}"

    @property
    def sound_effects(self) -> list[str]:
        return self.setup.get("sound_effects", [])

    @property
    def names(self) -> list[str]:
        """The names its stated action may start with, which keep their capital inside a
        sentence (`wording.typed.mid_sentence`): its hero's, its helpers', the Danger's, every
        hero's at the table when it was rolled, the Scene's NPCs' and revealed Dangers'."""
        setup = self.setup
        return [
            self.character.name,
            *setup.get("helper_names", []),
            setup.get("danger_name", ""),
            *setup.get("table_names", []),
        ]

    @property
    def by_director(self) -> bool:
        """Rolled by the Director for its hero's player (the roll-for page)."""
        return self.setup.get(self.BY_DIRECTOR) is True

    @property
    def typed_in(self) -> bool:
        """Its real dice's faces were typed in by the Director, for a player without a phone."""
        return self.setup.get(TableEvent.TYPED_IN) is True

    @property
    def dice_shown(self) -> list[tuple[int, int, str]]:
        """Each die as it stands with the Lucky Saves that raised it and, for a die a Blammo!
        Die added, the sound effect that bought it ("" for any other): (face, saves, sound)."""
        engine = self.engine
        sounds = dict(zip(engine.blammo_dice, self.sound_effects, strict=False))
        return [
            (face, saves, sounds.get(index, ""))
            for index, (face, saves) in enumerate(
                zip(self.dice, engine.saves_on_each_die, strict=True)
            )
        ]

    @property
    def engine(self) -> R.Gamble:
        """The Gamble as the rules engine sees it."""
        setup = self.setup
        return R.Gamble(
            pool=self.pool,
            dice=tuple(self.dice),
            rolled=tuple(self.rolled),
            setup=R.GambleSetup(
                knacks=len(setup.get("knacks", [])),
                equipment=len(setup.get("equipment", [])),
                blammo_sound_effects=tuple(setup.get("sound_effects", [])),
                advantages=setup.get("advantages", 0),
                helpers=len(setup.get("helpers", [])),
                penalties=setup.get("penalties", 0),
            ),
            lucky_saves_spent=self.lucky_saves_spent,
            catchphrase_used=self.catchphrase_used,
            locked=self.locked,
        )

    def take_engine(self, engine: R.Gamble) -> None:
        """Copy the rules engine's verdict onto the row and move the step on (unsaved)."""
        self.dice, self.rolled = list(engine.dice), list(engine.rolled)
        self.lucky_saves_spent = engine.lucky_saves_spent
        self.catchphrase_used = engine.catchphrase_used
        self.locked = engine.locked
        self.step += 1


class SoundEffect(models.Model):
    """A Blammo! sound effect, heard once per Adventure: the unique key makes sure of it."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="sounds")
    key = models.CharField(max_length=120)
    text = models.CharField(max_length=60)
    gamble = models.ForeignKey(Gamble, on_delete=models.CASCADE, related_name="sounds")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["adventure", "key"], name="sound_effect_once")
        ]

    def __str__(self) -> str:
        return self.text
