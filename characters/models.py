from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse

from characters import pictures
from characters.archetypes import ARCHETYPE_CHOICES, ARCHETYPES, Archetype
from characters.initials import of as initials_of
from characters.pronouns import PRONOUN_CHOICES, THEY
from sessions.rules import KNOCKOUTS_TO_RETIRE, MAX_LUCKY_SAVES, MAX_PERIL, CharacterState

# What a player writes of their hero: the hero's page edits these, and a character file
# carries them (`characters.forms`, `characters.portable`).
DESCRIPTION = (
    "name",
    "pronouns",
    "archetype",
    "profession",
    "drive",
    "biography",
    "appearance",
    "catchphrase",
)
# The trackers change only through play (the rules engine) and the Director, never a form.
TRACKERS = (
    "lucky_saves",
    "peril",
    "blammo",
    "knockouts",
    "retired",
    "career_ended",
    "catchphrase_used",
    "incapacitated",
)


class Character(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters"
    )
    name = models.CharField(max_length=80)
    # How the story tells of the hero: "Ada flashes her badge" (`sessions.telling`).
    pronouns = models.CharField(max_length=4, choices=PRONOUN_CHOICES, default=THEY)
    archetype = models.CharField(max_length=20, choices=ARCHETYPE_CHOICES)
    profession = models.CharField(max_length=80, blank=True)
    biography = models.TextField(max_length=2000, blank=True)
    appearance = models.TextField(max_length=2000, blank=True)
    drive = models.CharField(max_length=200, blank=True)
    catchphrase = models.CharField(max_length=200, blank=True)
    # The player's own notes on their hero: nobody else reads them, the Director included.
    notes = models.TextField("Your notes", max_length=4000, blank=True)
    # The portrait, as `characters.pictures` stored it (storage names; "" for none): a square
    # at display size and a thumbnail, and a digest of its pixels for the ETag.
    portrait = models.CharField(max_length=200, blank=True, editable=False)
    portrait_thumb = models.CharField(max_length=200, blank=True, editable=False)
    portrait_digest = models.CharField(max_length=64, blank=True, editable=False)

    lucky_saves = models.PositiveSmallIntegerField(default=0)
    peril = models.PositiveSmallIntegerField(default=0)
    blammo = models.PositiveIntegerField("Blammo! Dice", default=0)
    knockouts = models.PositiveSmallIntegerField(default=0)
    retired = models.BooleanField(default=False)
    career_ended = models.BooleanField(default=False)
    catchphrase_used = models.BooleanField("Catchphrase used this Leg", default=False)
    incapacitated = models.BooleanField(default=False)

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        constraints = [
            models.CheckConstraint(
                condition=Q(lucky_saves__lte=MAX_LUCKY_SAVES), name="lucky_saves_0_to_6"
            ),
            models.CheckConstraint(condition=Q(peril__lt=MAX_PERIL), name="peril_below_knockout"),
            models.CheckConstraint(
                condition=Q(knockouts__lte=KNOCKOUTS_TO_RETIRE), name="knockouts_0_to_4"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("character_sheet", args=[self.pk])

    @property
    def archetype_data(self) -> Archetype:
        return ARCHETYPES[self.archetype]

    @property
    def state(self) -> CharacterState:
        """The trackers as the rules engine sees them."""
        return CharacterState(**{field: getattr(self, field) for field in TRACKERS})

    def take_state(self, state: CharacterState) -> bool:
        """Copy the rules engine's verdict onto the row and save just the trackers: whether
        they moved (when nothing did, nothing is written)."""
        if state == self.state:
            return False
        for field in TRACKERS:
            setattr(self, field, getattr(state, field))
        self.save(update_fields=[*TRACKERS, "updated"])
        return True

    @property
    def initials(self) -> str:
        """What a hero without a portrait shows in its place: at a table, the badge that tells
        it apart from the other heroes there (`characters.initials.tell_apart`)."""
        return self.__dict__.get("badge") or initials_of(self.name)

    def set_portrait(self, stored) -> None:
        """Take a newly stored portrait (`pictures.Stored`, or None to remove it); the old
        files go once this commits."""
        pictures.forget(self.portrait, self.portrait_thumb)
        self.portrait = stored.display if stored else ""
        self.portrait_thumb = stored.thumb if stored else ""
        self.portrait_digest = stored.digest if stored else ""
        self.save(update_fields=["portrait", "portrait_thumb", "portrait_digest", "updated"])

    @property
    def is_read_only(self) -> bool:
        """A career that has ended stays as a keepsake; nothing on it changes any more."""
        return self.career_ended


class Knack(models.Model):
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="knacks")
    text = models.CharField(max_length=120)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self) -> str:
        return self.text


class Equipment(models.Model):
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="equipment")
    text = models.CharField(max_length=120)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "pk"]
        verbose_name_plural = "equipment"

    def __str__(self) -> str:
        return self.text


class Relationship(models.Model):
    """How one character sees a fellow member of the same Cast."""

    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="relationships")
    other = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="+")
    description = models.CharField(max_length=200)
    # The other hero's answer to it (from session zero): both players see both.
    answer = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["character", "other"], name="one_relationship_each"),
            models.CheckConstraint(
                condition=~Q(character=models.F("other")), name="no_relationship_with_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.character} → {self.other}: {self.description}"
