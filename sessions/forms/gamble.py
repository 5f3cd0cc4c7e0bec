"""A Gamble's form: the pool a player builds from their hero's own Knacks and Equipment and
the table (who helps, advantages, penalties, Blammo! sound effects), and the enemy it is aimed
at."""

import json
import re
from functools import cached_property

from django import forms

from sessions import rules as R
from sessions.forms.table import CountField, KeyedCheckboxes, LazyChoices, TableForm
from sessions.models import Danger

# The form's field for a count of the pool named otherwise in `R.GambleSetup`.
_FIELD_OF = {"blammo_sound_effects": "sound_effects"}


class GambleForm(TableForm):
    """Build a Gamble's pool from the character's own Knacks and Equipment and the table."""

    ASK = "ask"  # no answer yet to "Aimed at which enemy?"

    intent = forms.CharField(
        label="What are you attempting?",
        max_length=120,
        # A Gamble is made when a hero tries something that might fail (SRD, Gambles): no
        # roll without saying what.
        error_messages={"required": "Say what your hero tries, in a few words."},
        # A line of words, shown whole as it grows past the box's width (a fresh-eyes phone:
        # a 60-character action was cut off); Enter rolls, as a text field's would (site.js).
        widget=forms.Textarea(
            attrs={
                "placeholder": "Swing across on the chandelier",
                "rows": 1,
                "data-enter-sends": "",
                "enterkeyhint": "go",
            }
        ),
    )
    knacks = forms.MultipleChoiceField(
        label="Relevant Knacks (+1d6 each)", required=False, widget=forms.CheckboxSelectMultiple
    )
    equipment = forms.MultipleChoiceField(
        label="Relevant Equipment (+1d6 each)", required=False, widget=forms.CheckboxSelectMultiple
    )
    advantages = CountField(label="External advantages (+1d6 each)")
    helpers = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=KeyedCheckboxes,
        label="Helping out (+1d6 each)",
    )
    penalties = CountField(label="Penalties (−1d6 each)")
    danger = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label="Aimed at an enemy?",
        # Only an answer asked for and not given (ASK) is refused, with this.
        error_messages={"invalid_choice": "Aimed at which enemy? Pick one, or nobody."},
        # A redraw keeps a choice made here (table.js), never one the form made by itself.
        widget=forms.Select(attrs={"data-default-wins": "", "class": "gamble-aim"}),
    )
    request_id = forms.RegexField(
        regex=r"^[A-Za-z0-9_-]{8,64}$",
        widget=forms.HiddenInput,
        error_messages={
            "required": "This Gamble form is out of date: reload the page and roll again.",
            "invalid": "This Gamble form is out of date: reload the page and roll again.",
        },
    )

    def __init__(
        self, *args, character, fellows=(), dangers=list, foes=lambda: None, fallen=list, **kwargs
    ):
        # Ids stay the same while a player composes this Gamble, so a live redraw of the
        # panel keeps what they typed (hx-preserve); the next Gamble gets fresh ones.
        data = args[0] if args else kwargs.get("data")
        turn = (kwargs.get("initial") or {}).get("request_id") or (
            data.get("request_id", "x") if data is not None else "x"
        )
        # Posted, so not trusted: it goes into every field's id (and a "%" would break them).
        self.turn = turn if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", str(turn)) else "x"
        kwargs.setdefault("auto_id", f"g{character.pk}-{self.turn}_%s")
        super().__init__(*args, **kwargs)
        self.character = character
        self.fellows = {fellow.pk: fellow for fellow in fellows}
        self._dangers, self._foes, self._fallen = dangers, foes, fallen
        self.fields["helpers"].choices = [(pk, f.name) for pk, f in self.fellows.items()]
        # Read only when the form is drawn or names one: a Gamble with none asks nothing.
        self.fields["danger"].choices = LazyChoices(self._aims)
        self.fields["danger"].initial = self._aimed_at
        if self.is_bound and "danger" in self.data:
            # Sent back (say what your hero tries): the aim drawn is the player's own choice,
            # kept through the live redraws after it as any choice they made (table.js).
            self.fields["danger"].widget.attrs["data-chosen"] = ""
        self.fields["knacks"].choices = LazyChoices(
            lambda: [(k.text, k.text) for k in character.knacks.all()]
        )
        self.fields["equipment"].choices = LazyChoices(
            lambda: [(e.text, e.text) for e in character.equipment.all()]
        )
        self.blammo_slots = min(character.blammo, R.MAX_MODIFIER)

    @cached_property
    def targets(self) -> dict:
        """Enemies the Gamble can be aimed at (``dangers``: a function that reads them)."""
        return {danger.pk: danger for danger in self._dangers()}

    @cached_property
    def foes(self) -> list[Danger]:
        """In a Tumult, its foes a Gamble can be aimed at (``foes``: a function that reads the
        Tumult's foe ids, None out of one); out of a Tumult, none."""
        ids = self._foes()
        return [danger for danger in self.targets.values() if ids is not None and danger.pk in ids]

    @cached_property
    def aims_gone(self) -> dict[int, str]:
        """For each enemy in sight put out of the picture (``fallen``: a function that reads
        them), what the form says to a player whose aim it was: a live redraw shows it when
        the aim kept from before is no longer offered (table.js), a Roll! sent with it says it
        by the field."""
        return {
            danger.pk: f"Out of the picture: {danger.name}. Aim at another or nobody."
            for danger in self._fallen()
        }

    def _aims(self) -> list[tuple]:
        nobody = [("", "Nobody in particular")]
        enemies = [(pk, danger.name) for pk, danger in self.targets.items()]
        # A Tumult's successes count against its foes (SRD, Dangers): with several, the hero
        # says which, or that it is nobody, rather than nobody by default.
        if len(self.foes) > 1:
            return [(self.ASK, "Which one?"), *enemies, *nobody]
        return nobody + enemies

    def _aimed_at(self):
        """A Tumult against one foe: a Gamble is aimed at it unless the hero says otherwise."""
        if len(self.foes) == 1:
            return self.foes[0].pk
        return self.ASK if self.foes else None

    def _stale_aim(self, data):
        """``data`` with an aim sent from a form drawn while more enemies stood ("Which one?"
        or one since put out) turned into the aim the form offers now, and what the
        player is told of it (None: the aim stands as sent, to be checked as any choice)."""
        aim = data.get("danger") or ""
        gone = self.aims_gone.get(int(aim)) if aim.isdigit() else None
        if not (gone or aim == self.ASK) or (aim == self.ASK and self.targets):
            return data, None
        data = data.copy()
        if not self.targets:
            # With no enemy left to aim at, the Gamble goes ahead, aimed at nobody.
            data["danger"] = ""
            return data, None
        # Others still stand: the aim falls to the form's own default (the one foe left, or
        # "Which one?") and the player is told why, by the field, with all else kept.
        default = self._aimed_at()
        data["danger"] = "" if default is None else str(default)
        return data, gone

    def full_clean(self):
        gone = None
        if self.is_bound and self.data.get("danger"):
            self.data, gone = self._stale_aim(self.data)
        super().full_clean()
        if gone:
            self.add_error("danger", gone)

    @property
    def unshown_errors(self) -> list[str]:
        """Refusals of fields the form does not draw as it stands (a hidden one, or a choice
        with nothing left to choose), said above Roll! so no refusal is silent."""
        drawn = {
            "knacks": bool(self.fields["knacks"].choices),
            "equipment": bool(self.fields["equipment"].choices),
            "helpers": bool(self.fellows),
            "danger": bool(self.targets),
            "request_id": False,
        }
        errors = list(self.non_field_errors())
        for name, shown in drawn.items():
            if not shown and name in self.errors:
                errors.extend(self.errors[name])
        return errors

    def clean_intent(self) -> str:
        """One line, as it reads in every sentence told of it: a line break pasted in is a
        space."""
        return " ".join(self.cleaned_data["intent"].split())

    @property
    def blammo_slot_numbers(self) -> range:
        return range(1, self.blammo_slots + 1)

    def clean(self):
        # Spending more Blammo! Dice than the hero has is the rules engine's to refuse.
        cleaned = super().clean()
        raw = self.data.getlist("sound_effects") if hasattr(self.data, "getlist") else []
        effects = [effect.strip()[:60] for effect in raw if effect.strip()]
        cleaned["sound_effects"] = effects[: R.MAX_MODIFIER]
        cleaned["helpers"] = [self.fellows[pk] for pk in cleaned.get("helpers") or []]
        danger = cleaned.get("danger")
        cleaned["danger"] = self.targets[danger] if danger is not None else None
        return cleaned

    @property
    def pool_reasons(self) -> str:
        """Why the pool is that many dice (for a player counting out real dice)."""
        return R.pool_reasons(self.character.state, self.setup())

    def pool_each(self) -> str:
        """What a tick or a count in each field adds to the pool, as the engine counts it, for
        the page to count Roll!'s dice the moment a box is ticked (gamble-form.js; the
        server's odds line follows): JSON, by the form's field names."""
        each = R.dice_each(self.character.state)
        fields = {_FIELD_OF.get(name, name): dice for name, dice in each.items()}
        return json.dumps({"base": R.BASE_DICE, "each": fields})

    def setup(self) -> R.GambleSetup:
        """The pool the form describes so far, from the fields that are valid (for the odds)."""
        if not self.is_bound:
            return R.GambleSetup()
        self.is_valid()
        data = self.cleaned_data
        return R.GambleSetup(
            knacks=len(data.get("knacks", [])),
            equipment=len(data.get("equipment", [])),
            blammo_sound_effects=tuple(data.get("sound_effects", [])),
            advantages=data.get("advantages", 0),
            helpers=len(data.get("helpers", [])),
            penalties=data.get("penalties", 0),
        )
