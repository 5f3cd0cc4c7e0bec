"""The Director's prep forms, and joining a Cast."""

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import format_html

from characters.pictures import PictureField
from characters.text import StorableTextForm
from sessions.models import (
    Adventure,
    Campaign,
    Danger,
    KeyLocation,
    Leg,
    RealDice,
    Recap,
    SafetyNote,
    Scene,
    limits,
)


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


class PrepForm(StorableTextForm, forms.ModelForm):
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
        fields = [
            "title",
            "pitch",
            "campaign",
            "real_dice",
            "seats",
            "villain",
            "master_plan",
            "plan_components",
        ]
        widgets = {"real_dice": forms.RadioSelect}
        error_messages = {
            "title": {"required": "Every adventure needs a title."},
            "campaign": {"invalid_choice": "Pick one of your own campaigns."},
        }
        help_texts = {"villain": "Secret: only you see this, and the plan below."}

    def __init__(self, *args, director=None, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the Director's own campaigns: a forged id from elsewhere is an invalid choice.
        campaigns = (
            Campaign.objects.filter(director=director) if director else Campaign.objects.none()
        )
        # Missing (an older form, an imported file): the app rolls, as before.
        self.fields["real_dice"].required = False
        self.fields["campaign"].queryset = campaigns
        self.fields["campaign"].empty_label = "None: a one-off adventure"
        if not director:  # an import: the file's Campaign, if any, is set by the importer
            del self.fields["campaign"]
        elif not campaigns.exists():
            # Still offered, so a Director new to the app learns that a series is possible.
            self.fields["campaign"].help_text = format_html(
                "A one-off, for now. To play a series of adventures with a recurring Cast, "
                '<a href="{}">start a campaign</a> and add this adventure to it.',
                reverse("campaign_create"),
            )

    def clean_campaign(self):
        campaign = self.cleaned_data.get("campaign")
        limit = limits.PER_CAMPAIGN["adventures"]
        if campaign and campaign.adventures.exclude(pk=self.instance.pk).count() >= limit:
            raise ValidationError(limits.full("adventures", limit, "A Campaign"))
        return campaign

    def clean_real_dice(self) -> str:
        return self.cleaned_data["real_dice"] or RealDice.APP


class CampaignForm(PrepForm):
    class Meta:
        model = Campaign
        fields = ["title", "pitch"]
        error_messages = {"title": {"required": "Every campaign needs a title."}}
        help_texts = {"pitch": "What the players are told: the series at a glance."}


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

    def __init__(self, *args, leg: Leg | None, **kwargs):
        super().__init__(*args, **kwargs)
        # Only this Leg's Key Locations: a forged id from elsewhere is an invalid choice. (No
        # Leg yet: an import, which sets the Scene's Key Location itself.)
        self.fields["key_location"].queryset = (
            leg.key_locations.all() if leg is not None else KeyLocation.objects.none()
        )
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


class SafetyNoteForm(StorableTextForm, forms.ModelForm):
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


class JoinForm(StorableTextForm, forms.Form):
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


class RecapForm(PrepForm):
    class Meta:
        model = Recap
        fields = ["title", "body"]
        labels = {"body": "The recap"}
        error_messages = {
            "title": {"required": "Give the recap a title."},
            "body": {"required": "A recap needs some words: draft it again from the log?"},
        }
        help_texts = {"body": "Paragraphs are separated by a blank line. Only you see a draft."}
        widgets = {"body": forms.Textarea(attrs={"rows": 18})}


class HandoutForm(StorableTextForm, forms.Form):
    """A handout for the Director's prep: the picture, its caption, and where it belongs."""

    caption = forms.CharField(
        max_length=200,
        help_text="What the Cast reads under it: “A map of the harbour, in Pillai's hand”.",
        error_messages={"required": "Give the handout a caption."},
    )
    picture = PictureField(
        label="Picture",
        error_messages={"required": "Choose a picture to upload.", "empty": "That file is empty."},
    )
    attach = forms.ChoiceField(
        label="Belongs to",
        required=False,
        help_text="Where you'll want it at the table. Only you see it until you reveal it.",
        error_messages={"invalid_choice": "Pick one of this adventure's own places."},
    )

    def __init__(self, *args, adventure: Adventure, picture: bool = True, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        if not picture:  # changing an existing handout: its caption and place only
            del self.fields["picture"]
        choices = [("", "The adventure as a whole")]
        # Read through `.all()`: the outline has them prefetched already.
        for leg in adventure.legs.all():
            choices += [(f"scene-{s.pk}", f"Scene: {s.beat}") for s in leg.scenes.all()]
            for location in leg.key_locations.all():
                choices.append((f"location-{location.pk}", f"Key Location: {location.name}"))
                choices += [(f"danger-{d.pk}", f"Danger: {d.name}") for d in location.dangers.all()]
        self.fields["attach"].choices = choices

    def place(self) -> dict:
        """The handout's place as model fields: {"scene_id": 4, …}, the others None."""
        kind, _, pk = (self.cleaned_data.get("attach") or "").partition("-")
        fields = {"key_location_id": None, "scene_id": None, "danger_id": None}
        field = {"location": "key_location_id", "scene": "scene_id", "danger": "danger_id"}
        if kind in field:
            fields[field[kind]] = int(pk)
        return fields

    @staticmethod
    def attached(handout) -> str:
        """A handout's place as the form's choice."""
        for kind, pk in (
            ("danger", handout.danger_id),
            ("scene", handout.scene_id),
            ("location", handout.key_location_id),
        ):
            if pk:
                return f"{kind}-{pk}"
        return ""
