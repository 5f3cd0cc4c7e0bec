"""The table's forms: building a Gamble, the Wide Shot, the Cast journal; and `TableForm`, which
every form of the table is (the Director's controls are in `sessions.forms.director`)."""

import re
from collections.abc import Callable
from functools import cached_property

from django import forms
from django.utils.choices import BaseChoiceIterator

from characters.text import StorableTextForm
from sessions import rules as R
from sessions.forms.lines import LinesField
from sessions.models import Danger


class TableForm(StorableTextForm, forms.Form):
    """A form on a live part of the table: a live redraw keeps what is being typed."""

    preserve = True

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        if self.preserve:
            for field in self.fields.values():
                # A drop-down is drawn afresh (its choices may have changed: a Danger revealed,
                # a Scene played); the page keeps its choice if it is still offered.
                if not field.widget.is_hidden and not isinstance(field.widget, forms.Select):
                    field.widget.attrs["hx-preserve"] = "true"

    def full_clean(self):
        super().full_clean()
        # A field sent back with a mistake is drawn anew (it holds what was sent): a kept one
        # would lose the message's link to it (aria-describedby, aria-invalid).
        for name in self.errors:
            if name in self.fields:
                self.fields[name].widget.attrs.pop("hx-preserve", None)


class KeyedCheckboxes(forms.CheckboxSelectMultiple):
    """Boxes whose ids name their choice, not their place in the list: a live redraw keeps a
    ticked box by its id (hx-preserve), so when the choices change (a hero knocked out, then
    back) a box kept by place would carry another choice under the new label (issue 34)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        return super().create_option(name, value, label, selected, value, subindex, attrs)


class CountField(forms.IntegerField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", R.MAX_MODIFIER)
        kwargs.setdefault("required", False)
        kwargs.setdefault("initial", 0)
        kwargs.setdefault("widget", forms.NumberInput(attrs={"inputmode": "numeric"}))
        super().__init__(**kwargs)

    def clean(self, value):
        return super().clean(value) or 0


class LazyChoices(BaseChoiceIterator):
    """A field's choices, read (once) only when the field is drawn or a value is checked."""

    def __init__(self, read: Callable[[], list]) -> None:
        self.read = read

    @cached_property
    def choices(self) -> list:
        return list(self.read())

    def __iter__(self):
        return iter(self.choices)

    def __len__(self) -> int:
        return len(self.choices)


def _out(pk: str) -> bool:
    """Whether the Danger a stale form names has been put out (never a hidden one: refused)."""
    danger = Danger.objects.filter(pk=pk).first() if str(pk).isdigit() else None
    return danger is not None and danger.is_out


class GambleForm(TableForm):
    """Build a Gamble's pool from the character's own Knacks and Equipment and the table."""

    ASK = "ask"  # no answer yet to "Aimed at which enemy?"

    intent = forms.CharField(
        label="What are you attempting?",
        max_length=120,
        # A Gamble is made when a hero tries something that might fail (SRD, Gambles): no
        # roll without saying what.
        error_messages={"required": "Say what your hero tries, in a few words."},
        widget=forms.TextInput(attrs={"placeholder": "Swing across on the chandelier"}),
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
            return [(self.ASK, "Which enemy? Pick one"), *enemies, *nobody]
        return nobody + enemies

    def _aimed_at(self):
        """A Tumult against one foe: a Gamble is aimed at it unless the hero says otherwise."""
        if len(self.foes) == 1:
            return self.foes[0].pk
        return self.ASK if self.foes else None

    def full_clean(self):
        # An aim sent from a form drawn while enemies stood ("Which enemy? Pick one", or one
        # since put out), with none left to aim at: the Gamble goes ahead, aimed at nobody.
        # (Read only when an aim is sent, as checking it would.)
        aim = self.data.get("danger") if self.is_bound else None
        if aim and not self.targets and (aim == self.ASK or _out(aim)):
            self.data = self.data.copy()
            self.data["danger"] = ""
        # Aimed at an enemy since put out, with others still standing: the aim falls to the
        # form's own default (the one foe left, or "Which enemy?") and the player is told why,
        # by the field, with everything else they built kept.
        gone = self.aims_gone.get(int(aim)) if aim and aim.isdigit() and self.targets else None
        if gone:
            self.data = self.data.copy()
            default = self._aimed_at()
            self.data["danger"] = "" if default is None else str(default)
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


class WideShotDetailForm(TableForm):
    preserve = False
    text = forms.CharField(label="What do you see?", max_length=300)

    def __init__(self, *args, character=None, **kwargs):
        if character is not None:
            kwargs.setdefault("auto_id", f"ws{character.pk}_%s")
        super().__init__(*args, **kwargs)


class WideShotEditForm(TableForm):
    preserve = False
    opening = forms.CharField(
        label="Opening description",
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    questions = LinesField(label="Leading questions", max_items=12, help_text="One per line.")


class JournalForm(TableForm):
    """A line for the Cast's shared journal, written as one of the player's heroes."""

    preserve = False
    text = forms.CharField(
        label="Add to the Cast journal",
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": "Write something for the journal first."},
    )
    character = forms.TypedChoiceField(
        label="Writing as",
        coerce=int,
        required=False,
        error_messages={"invalid_choice": "Write as one of your own heroes."},
    )

    def __init__(self, *args, heroes=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].choices = [(hero.pk, hero.name) for hero in heroes]
        if len(heroes) < 2:  # one hero (or the Director): nothing to choose
            self.fields["character"].widget = forms.HiddenInput()
            if heroes:
                self.fields["character"].initial = heroes[0].pk
