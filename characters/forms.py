import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html

from characters.archetypes import ARCHETYPE_CHOICES
from characters.models import DESCRIPTION, Character, Equipment, Knack
from characters.pictures import PictureField
from characters.pronouns import POSSESSIVE, THEY
from characters.text import StorableTextForm
from sessions.rules import MAX_EQUIPMENT, MAX_KNACKS

WORDS = {1: "one", 2: "two", 3: "three"}


class TextListWidget(forms.Widget):
    """Several text inputs sharing one name; the template draws one input per slot."""

    def value_from_datadict(self, data, files, name):
        if hasattr(data, "getlist"):
            return data.getlist(name)
        value = data.get(name, [])
        return value if isinstance(value, list) else [value]


class TextListField(forms.Field):
    """A short list of short texts — Knacks or Equipment — with empty slots ignored."""

    widget = TextListWidget

    def __init__(self, *, max_items: int, max_length: int, noun: str, **kwargs):
        self.max_items, self.max_length, self.noun = max_items, max_length, noun
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def clean(self, value) -> list[str]:
        items = [str(item).strip() for item in (value or []) if str(item).strip()]
        if len(items) > self.max_items:
            raise ValidationError(
                f"Up to {WORDS[self.max_items]} {self.noun}, please: pick the ones that "
                "matter most."
            )
        for item in items:
            if len(item) > self.max_length:
                raise ValidationError(
                    f"“{item[:30]}…” is too long: keep each one under {self.max_length} characters."
                )
        folded = [item.casefold() for item in items]
        if len(set(folded)) != len(folded):
            raise ValidationError(f"The same one is listed twice: each of your {self.noun} once.")
        return items


class CharacterForm(StorableTextForm, forms.ModelForm):
    """The descriptive side of a hero. Trackers are deliberately not fields here."""

    knacks = TextListField(max_items=MAX_KNACKS, max_length=120, noun="Knacks")
    equipment = TextListField(max_items=MAX_EQUIPMENT, max_length=120, noun="Equipment")
    archetype = forms.ChoiceField(
        choices=ARCHETYPE_CHOICES,
        error_messages={
            "required": "Choose one of the six archetypes.",
            "invalid_choice": "That isn't one of the six archetypes.",
        },
    )

    class Meta:
        model = Character
        fields = list(DESCRIPTION)
        error_messages = {"name": {"required": "Every hero needs a name."}}
        widgets = {
            "biography": forms.Textarea(attrs={"rows": 3}),
            "appearance": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "profession": "What they do day to day: “Accountant”, or just “Drifter”.",
            "biography": "Age, birthplace, home, full birth name.",
            "appearance": "Resting expression, stance, clothes: what stands out?",
            "drive": "What keeps them going. Pick one of the archetype's, roll, or write your own.",
            "catchphrase": "Said once per Leg, it re-rolls a Gamble.",
        }

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        # Optional: a hero whose player leaves it is told of as "they".
        self.fields["pronouns"].required = False
        self.fields["pronouns"].error_messages["invalid_choice"] = (
            "Choose she/her, he/him or they/them."
        )
        self.fields["pronouns"].help_text = self._told_of()
        if self.instance.pk and not self.is_bound:
            self.initial["knacks"] = [k.text for k in self.instance.knacks.all()]
            self.initial["equipment"] = [e.text for e in self.instance.equipment.all()]

    def _told_of(self) -> str:
        """The example of how the story tells of the hero, by the pronouns chosen: "their
        badge" for they/them (a fresh-eyes review read "her badge" beside they/them). Its word
        follows the choice as it changes (hero-form.js, from ``data-told``)."""
        name = self.add_prefix("pronouns")  # (its bound field is not made yet: it keeps the text)
        chosen = self.data.get(name) if self.is_bound else self.initial.get("pronouns")
        return format_html(
            'How the story tells of them: “<span data-told="{}">{}</span> badge”.',
            json.dumps(POSSESSIVE),
            POSSESSIVE.get(chosen or self.instance.pronouns, POSSESSIVE[THEY]),
        )

    def clean_pronouns(self) -> str:
        return self.cleaned_data["pronouns"] or self.instance.pronouns or THEY

    def slots(self, name: str, count: int) -> list[str]:
        """The values to show in the ``count`` inputs of a list field, padded with blanks."""
        values = (self[name].value() if self.is_bound else self.initial.get(name)) or []
        values = [str(v) for v in values][:count]
        return values + [""] * (count - len(values))

    def save_with_lists(self, **extra) -> Character:
        """Save the character and replace its Knacks and Equipment, all or nothing."""
        character = self.save(commit=False)
        for field, value in extra.items():
            setattr(character, field, value)
        if character.pk:
            # Only the story: the trackers may have moved at the table since this page loaded.
            character.save(update_fields=[*self.Meta.fields, "updated"])
        else:
            character.save()
        character.knacks.all().delete()
        character.equipment.all().delete()
        Knack.objects.bulk_create(
            Knack(character=character, text=text, position=i)
            for i, text in enumerate(self.cleaned_data["knacks"])
        )
        Equipment.objects.bulk_create(
            Equipment(character=character, text=text, position=i)
            for i, text in enumerate(self.cleaned_data["equipment"])
        )
        return character


class ImportForm(StorableTextForm, forms.Form):
    file = forms.FileField(
        label="Character file (.json)",
        help_text="A file exported from Enigma Table. The copy starts fresh: new Lucky Saves.",
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class RelationshipForm(StorableTextForm, forms.Form):
    other = forms.ModelChoiceField(queryset=Character.objects.none(), label="Fellow Cast member")
    description = forms.CharField(
        max_length=200,
        label="How your hero sees them",
        widget=forms.TextInput(attrs={"placeholder": "Owes me a favour since Cairo"}),
    )

    def __init__(self, *args, fellows=None, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        if fellows is not None:
            self.fields["other"].queryset = fellows


class NotesForm(StorableTextForm, forms.Form):
    """A player's private notes on their hero (on the sheet, and at the table)."""

    notes = forms.CharField(
        label="What to remember",
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text="Only you can read these: not the Director, not the other players.",
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class PortraitForm(StorableTextForm, forms.Form):
    portrait = PictureField(
        label="Picture",
        error_messages={"required": "Choose a picture to upload.", "empty": "That file is empty."},
    )
