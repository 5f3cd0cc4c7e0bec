from django import forms
from django.core.exceptions import ValidationError

from sessions.models import Adventure, Danger, KeyLocation, Leg, SafetyNote, Scene


class LinesField(forms.CharField):
    """A list of short texts typed one per line (plan components, leading questions)."""

    widget = forms.Textarea(attrs={"rows": 3})

    def __init__(self, *, max_items: int = 20, max_item_length: int = 300, **kwargs):
        self.max_items, self.max_item_length = max_items, max_item_length
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", max_items * (max_item_length + 1))
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, list):
            return "\n".join(self.line_for(item) for item in value)
        return value

    def line_for(self, item) -> str:
        return str(item)

    def to_python(self, value) -> list:
        text = super().to_python(value)
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if len(lines) > self.max_items:
            raise ValidationError(f"Keep it to {self.max_items} lines or fewer.")
        for line in lines:
            if len(line) > self.max_item_length:
                raise ValidationError(
                    f"Each line must be under {self.max_item_length} characters: “{line[:30]}…”"
                )
        return [self.item_for(line) for line in lines]

    def item_for(self, line: str):
        return line

    def validate(self, value) -> None:
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")

    def run_validators(self, value) -> None:
        # The length limit applies to the text as typed, checked in to_python line by line.
        pass


class NpcsField(LinesField):
    """NPCs typed one per line as “Name: notes”."""

    def line_for(self, item) -> str:
        return f"{item['name']}: {item['notes']}" if item.get("notes") else item["name"]

    def item_for(self, line: str) -> dict:
        name, _, notes = line.partition(":")
        if not name.strip():
            raise ValidationError("Each NPC line starts with a name: “Name: notes”.")
        return {"name": name.strip()[:120], "notes": notes.strip()}


class PrepForm(forms.ModelForm):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field.widget, forms.Textarea):
                field.widget.attrs.setdefault("rows", 3)


class AdventureForm(PrepForm):
    plan_components = LinesField(
        label="Components of the plan",
        help_text="One per line, in order: the parts of the scheme the Cast will run into.",
    )

    class Meta:
        model = Adventure
        fields = ["title", "pitch", "villain", "master_plan", "plan_components"]
        error_messages = {"title": {"required": "Every adventure needs a title."}}
        help_texts = {"villain": "Secret: only you see this, and the plan below."}


class LegForm(PrepForm):
    class Meta:
        model = Leg
        fields = [
            "title",
            "setting_overview",
            "cold_open",
            "set_pieces",
            "clues",
            "final_showdown",
            "wildcard_encounters",
            "vignettes",
            "failsafe_plans",
        ]
        error_messages = {"title": {"required": "Give the Leg a title."}}
        help_texts = {
            "cold_open": "Straight into the action: the Cast's first moment in this Leg.",
            "failsafe_plans": "How the villain still makes an appearance if things go sideways.",
        }


class KeyLocationForm(PrepForm):
    leading_questions = LinesField(
        max_items=12,
        help_text="One per line. “The basement smells strange: what makes it worse?”",
    )
    npcs = NpcsField(
        label="Cast of NPCs",
        max_items=20,
        help_text="One per line as “Name: notes”. Secret.",
    )

    class Meta:
        model = KeyLocation
        fields = [
            "name",
            "public_description",
            "wide_shot_opening",
            "leading_questions",
            "npcs",
            "obstacles",
            "clues",
            "director_notes",
        ]
        error_messages = {"name": {"required": "Name the Key Location."}}
        help_texts = {
            "public_description": "What the Cast knows of this place.",
            "clues": "Secret.",
            "director_notes": "Secret.",
        }


class SceneForm(PrepForm):
    class Meta:
        model = Scene
        fields = ["beat", "key_location", "framing_where", "framing_what", "framing_who"]
        error_messages = {"beat": {"required": "Sum up the Scene's story beat."}}

    def __init__(self, *args, leg: Leg, **kwargs):
        super().__init__(*args, **kwargs)
        # Only this Leg's Key Locations: a forged id from elsewhere is an invalid choice.
        self.fields["key_location"].queryset = leg.key_locations.all()
        self.fields["key_location"].empty_label = "No Key Location"


class DangerForm(PrepForm):
    success_threshold = forms.IntegerField(
        min_value=1,
        max_value=20,
        required=False,
        help_text="Successes to put it out. Blank: the template's.",
    )
    danger_rating = forms.IntegerField(
        min_value=0,
        max_value=20,
        required=False,
        help_text="Peril it doles out each enemies' turn. Blank: the template's.",
    )

    class Meta:
        model = Danger
        fields = ["name", "template", "success_threshold", "danger_rating", "notes"]
        error_messages = {"name": {"required": "Name the Danger."}}

    def clean(self):
        cleaned = super().clean()
        stats = Danger.template_stats(cleaned.get("template") or "")
        for index, field in enumerate(("success_threshold", "danger_rating")):
            if cleaned.get(field) is None and field not in self.errors:
                if stats is None:
                    self.add_error(field, "A custom Danger needs its own numbers.")
                else:
                    cleaned[field] = stats[index]
        return cleaned


class SafetyNoteForm(forms.ModelForm):
    kind = forms.ChoiceField(
        choices=SafetyNote.Kind.choices,
        widget=forms.RadioSelect,
        label="Line or Veil",
        help_text="A Line never happens in the game; a Veil happens off screen.",
        error_messages={
            "required": "Choose Line or Veil.",
            "invalid_choice": "Choose Line or Veil.",
        },
    )
    anonymous = forms.BooleanField(
        required=False, label="Add anonymously (nobody, not even the Director, sees who)"
    )

    class Meta:
        model = SafetyNote
        fields = ["kind", "text"]
        labels = {"text": "What"}
        error_messages = {"text": {"required": "Say what the Line or Veil is."}}

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class JoinForm(forms.Form):
    character = forms.ModelChoiceField(
        queryset=None,
        label="Who joins the Cast?",
        empty_label=None,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "Pick one of your heroes who is free to join."},
    )

    def __init__(self, *args, characters, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = characters


class CountField(forms.IntegerField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", 12)
        kwargs.setdefault("required", False)
        kwargs.setdefault("initial", 0)
        kwargs.setdefault("widget", forms.NumberInput(attrs={"inputmode": "numeric"}))
        super().__init__(**kwargs)

    def clean(self, value):
        return super().clean(value) or 0


class GambleForm(forms.Form):
    """Build a Gamble's pool from the character's own Knacks and Equipment and the table."""

    intent = forms.CharField(
        label="What are you attempting?",
        max_length=120,
        required=False,
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
        widget=forms.CheckboxSelectMultiple,
        label="Helping out (+1d6 each)",
    )
    penalties = CountField(label="Penalties (−1d6 each)")
    danger = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, label="Aimed at an enemy?"
    )
    request_id = forms.RegexField(regex=r"^[A-Za-z0-9_-]{8,64}$", widget=forms.HiddenInput)

    def __init__(self, *args, character, fellows=(), dangers=(), **kwargs):
        kwargs.setdefault("label_suffix", "")
        # Ids stay the same while a player composes this Gamble, so a live redraw of the
        # panel keeps what they typed (hx-preserve); the next Gamble gets fresh ones.
        data = args[0] if args else kwargs.get("data")
        self.turn = (kwargs.get("initial") or {}).get("request_id") or (
            data.get("request_id", "x") if data is not None else "x"
        )
        kwargs.setdefault("auto_id", f"g{character.pk}-{self.turn}_%s")
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if name != "request_id":
                field.widget.attrs["hx-preserve"] = "true"
        self.character = character
        self.fellows = {fellow.pk: fellow for fellow in fellows}
        self.targets = {danger.pk: danger for danger in dangers}
        self.fields["helpers"].choices = [(pk, f.name) for pk, f in self.fellows.items()]
        self.fields["danger"].choices = [("", "Nobody in particular")] + [
            (pk, danger.name) for pk, danger in self.targets.items()
        ]
        self.fields["knacks"].choices = [(k.text, k.text) for k in character.knacks.all()]
        self.fields["equipment"].choices = [(e.text, e.text) for e in character.equipment.all()]
        self.blammo_slots = min(character.blammo, 12)

    def clean(self):
        cleaned = super().clean()
        raw = self.data.getlist("sound_effects") if hasattr(self.data, "getlist") else []
        effects = [effect.strip()[:60] for effect in raw if effect.strip()]
        if len(effects) > self.character.blammo:
            self.add_error(None, "You can't spend more Blammo! Dice than you have.")
        cleaned["sound_effects"] = effects
        cleaned["helpers"] = [self.fellows[pk] for pk in cleaned.get("helpers") or []]
        danger = cleaned.get("danger")
        cleaned["danger"] = self.targets[danger] if danger is not None else None
        return cleaned


class WideShotDetailForm(forms.Form):
    text = forms.CharField(label="What do you see?", max_length=300)

    def __init__(self, *args, character=None, **kwargs):
        kwargs.setdefault("label_suffix", "")
        if character is not None:
            kwargs.setdefault("auto_id", f"ws{character.pk}_%s")
        super().__init__(*args, **kwargs)


class WideShotEditForm(forms.Form):
    opening = forms.CharField(
        label="Opening description",
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    questions = LinesField(label="Leading questions", max_items=12, help_text="One per line.")

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class PerilForm(forms.Form):
    character = forms.TypedChoiceField(coerce=int, label="Who")
    delta = forms.IntegerField(
        min_value=-6,
        max_value=6,
        label="Peril (+ or −)",
        initial=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.ChoiceField(
        label="Why",
        choices=[
            ("enemy", "An enemy strikes"),
            ("environment", "The environment"),
            ("weird", "The weird, strange or eldritch"),
            ("director", "Because I felt like it"),
            ("rest", "A breather (remove Peril)"),
        ],
    )
    detail = forms.CharField(label="Say more (optional)", max_length=120, required=False)

    def __init__(self, *args, cast=(), **kwargs):
        kwargs.setdefault("label_suffix", "")
        kwargs.setdefault("auto_id", "peril_%s")
        super().__init__(*args, **kwargs)
        self.fields["character"].choices = [(c.pk, c.name) for c in cast]
        for field in self.fields.values():
            # A live redraw of the Director's panel keeps what they were typing.
            field.widget.attrs["hx-preserve"] = "true"

    def clean_delta(self):
        delta = self.cleaned_data["delta"]
        if delta == 0:
            raise forms.ValidationError("Give or take at least 1 Peril.")
        return delta


class PromptForm(forms.Form):
    """A short line from the Director: what the Cast attempts, what to investigate."""

    text = forms.CharField(max_length=200, label="What")
    character = forms.TypedChoiceField(coerce=int, label="Who", required=False)

    def __init__(self, *args, cast=(), **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["character"].choices = [(c.pk, c.name) for c in cast]


class DangerQuickForm(forms.Form):
    name = forms.CharField(max_length=120, label="Name")
    template = forms.ChoiceField(
        choices=[
            ("minion", "Minion (1/1)"),
            ("lieutenant", "Lieutenant (2/3)"),
            ("villain", "Villain (4/5)"),
        ],
        label="Template",
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        kwargs.setdefault("auto_id", "newdanger_%s")
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.widget.attrs["hx-preserve"] = "true"
