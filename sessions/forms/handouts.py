"""A handout in the Director's prep: its picture, caption and place in the Adventure."""

from django import forms

from characters.pictures import PictureField
from characters.text import StorableTextForm
from sessions.forms.shown import ShownToPlayers
from sessions.leg_names import leg_name
from sessions.models import Adventure


def _dangers(place, where: str) -> list[tuple[str, str]]:
    """A Scene's or a Key Location's Dangers as choices, each saying where it is."""
    return [(f"danger-{d.pk}", f"Danger: {d.name} ({where})") for d in place.dangers.all()]


class HandoutForm(ShownToPlayers, StorableTextForm, forms.Form):
    """A handout for the Director's prep: the picture, its caption, and where it belongs."""

    shown_fields = ("caption",)
    shown_when = "when you reveal the handout"

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

    def __init__(
        self, *args, adventure: Adventure, picture: bool = True, places: bool = True, **kwargs
    ):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        if not picture:  # changing an existing handout: its caption and place only
            del self.fields["picture"]
        if not places:  # its place decided by the caller (`TableHandoutForm`)
            del self.fields["attach"]
            return
        choices: list = [("", "The adventure as a whole")]
        # Read through `.all()`: the outline has them prefetched already. Every Danger, each
        # under its Scene or Key Location, those added at the table (a Scene's) among them.
        for number, leg in enumerate(adventure.legs.all(), 1):
            places = []
            for scene in leg.scenes.all():
                places.append((f"scene-{scene.pk}", f"Scene: {scene.beat}"))
                places += _dangers(scene, f"in the Scene {scene.beat}")
            for location in leg.key_locations.all():
                places.append((f"location-{location.pk}", f"Key Location: {location.name}"))
                places += _dangers(location, f"at {location.name}")
            if places:
                choices.append((leg_name(number, leg.title), places))
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


class TableHandoutForm(HandoutForm):
    """A handout added at the table during play: a picture and its caption, checked as in
    prep, belonging to the Scene in play (or the Adventure as a whole, between Scenes)."""

    def __init__(self, *args, adventure: Adventure, scene=None, **kwargs):
        kwargs.setdefault("auto_id", "table-handout-%s")
        super().__init__(*args, adventure=adventure, places=False, **kwargs)
        self.scene = scene
        self.fields["caption"].help_text = "What the Cast reads under it when you reveal it."
        # A live redraw of the Director's tools keeps the file chosen and the words typed.
        for name in ("picture", "caption"):
            self.fields[name].widget.attrs["hx-preserve"] = "true"

    def place(self) -> dict:
        return {
            "key_location_id": None,
            "scene_id": self.scene.pk if self.scene else None,
            "danger_id": None,
        }
