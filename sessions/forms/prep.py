"""The Director's prep forms: the Adventure and its Campaign, Legs, Key Locations, Scenes,
Dangers, and recaps."""

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import format_html

from characters.text import StorableTextForm
from sessions.forms.lines import LinesField, NpcsField
from sessions.forms.shown import ShownToPlayers
from sessions.leg_names import typed_leg_title
from sessions.models import (
    Adventure,
    Campaign,
    Danger,
    KeyLocation,
    Leg,
    RealDice,
    Recap,
    Scene,
    limits,
)


class PrepForm(StorableTextForm, forms.ModelForm):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            # Three rows unless a form asks for more: Django's own default (10 rows) made the
            # Leg form, eight boxes, thousands of pixels tall.
            if isinstance(field.widget, forms.Textarea) and field.widget.attrs.get("rows") in (
                None,
                "10",
            ):
                field.widget.attrs["rows"] = 3


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
            "title": "Its own name, such as “The Docks”: every screen writes “Leg 2” itself.",
            "cold_open": "Straight into the action: the Cast's first moment in this Leg.",
            # The crib lists these a line each, each line ticked used on its own.
            "set_pieces": "One per line.",
            "clues": "One per line.",
            "failsafe_plans": "How the villain still makes an appearance if things go sideways.",
        }

    def __init__(self, *args, keep_bare_number: bool = False, **kwargs):
        # An import keeps a title that is only "Leg 2" (the screens say it once already)
        # rather than refuse the whole file; the prep form asks for a name instead.
        self.keep_bare_number = keep_bare_number
        super().__init__(*args, **kwargs)

    def clean_title(self) -> str:
        # "Leg 2: The Docks" kept as "The Docks": the screens number the Legs themselves.
        typed = self.cleaned_data["title"]
        title = typed_leg_title(typed)
        if not title and self.keep_bare_number:
            return typed
        if not title:
            raise ValidationError(
                "Give the Leg a name of its own, such as “The Docks”: "
                "every screen writes “Leg 2” itself.",
                code="only_a_number",
            )
        return title


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
            "obstacles": "One per line. Secret.",
            "clues": "One per line. Secret.",
            "director_notes": "Secret.",
        }


class SceneForm(ShownToPlayers, PrepForm):
    # What the players read when the Scene starts: its title and its framing.
    shown_fields = ("beat", "framing_where", "framing_what", "framing_who")
    shown_when = "when the Scene starts"

    class Meta:
        model = Scene
        fields = ["beat", "key_location", "framing_where", "framing_what", "framing_who"]
        error_messages = {"beat": {"required": "Sum up the Scene's story beat."}}
        # A Leg holds its own set of Key Locations (SRD, Key Locations: "Adventure Legs will
        # contain a set of Key Locations"): a Scene is set at one of its Leg's, and the form
        # says so where the place is picked (fresh-eyes prep: Leg 1's was sought in Leg 2).
        labels = {"key_location": "Key Location of this Leg"}
        help_texts = {
            "key_location": "Each Leg has its own Key Locations. A place the Cast comes back "
            "to in another Leg: add it to that Leg's Key Locations too."
        }

    def __init__(self, *args, leg: Leg | None, **kwargs):
        super().__init__(*args, **kwargs)
        # Only this Leg's Key Locations: a forged id from elsewhere is an invalid choice. (No
        # Leg yet: an import, which sets the Scene's Key Location itself.)
        self.fields["key_location"].queryset = (
            leg.key_locations.all() if leg is not None else KeyLocation.objects.none()
        )
        self.fields["key_location"].empty_label = "No Key Location"


HIDDEN, IN_SIGHT = "hidden", "shown"


def template_label(template: str, label: str) -> str:
    """A template as the Director picks it, its numbers beside its name as the SRD's table
    gives them ("Lieutenant: Success Threshold 2, Danger Rating 3"); Custom has none."""
    stats = Danger.template_stats(template)
    if stats is None:
        return label
    return f"{label}: Success Threshold {stats[0]}, Danger Rating {stats[1]}"


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
    # The table's own reveal (`Danger.revealed`), chosen in prep: left out (an older file
    # imported), a Danger stays hidden, as every prepared Danger did before.
    in_sight = forms.ChoiceField(
        label="Hidden or in sight",
        choices=[
            (
                HIDDEN,
                "Hidden from players until you reveal it: the phones and the TV don't show it",
            ),
            (IN_SIGHT, "In sight: the players see it as soon as its Scene starts"),
        ],
        widget=forms.RadioSelect,
        required=False,
        initial=HIDDEN,
        help_text="A new Danger starts hidden: a secret stays safe until you show it.",
    )

    class Meta:
        model = Danger
        fields = ["name", "template", "success_threshold", "danger_rating", "notes"]
        error_messages = {"name": {"required": "Name the Danger."}}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["in_sight"] = IN_SIGHT if self.instance.revealed else HIDDEN
        self.fields["template"].choices = [
            (value, template_label(value, label)) for value, label in Danger.Template.choices
        ]

    def clean(self):
        cleaned = super().clean()
        self.instance.revealed = cleaned.get("in_sight") == IN_SIGHT
        stats = Danger.template_stats(cleaned.get("template") or "")
        for index, field in enumerate(("success_threshold", "danger_rating")):
            if cleaned.get(field) is None and field not in self.errors:
                if stats is None:
                    self.add_error(field, "A custom Danger needs its own numbers.")
                else:
                    cleaned[field] = stats[index]
        return cleaned


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
