"""The table's forms: the Wide Shot, the Cast journal; and `TableForm`, which every form of the
table is (a Gamble's is in `sessions.forms.gamble`, the Director's controls in
`sessions.forms.director`)."""

from collections.abc import Callable
from functools import cached_property

from django import forms
from django.utils.choices import BaseChoiceIterator

from characters.text import StorableTextForm
from sessions import rules as R
from sessions.forms.lines import LinesField


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
