"""The Director's controls at the table: Peril, prompts, Dangers on the fly, their own notes."""

from django import forms

from sessions import rules as R
from sessions.forms.table import TableForm
from sessions.models import Danger


class PerilForm(TableForm):
    character = forms.TypedChoiceField(coerce=int, label="Who")
    delta = forms.IntegerField(
        min_value=-R.MAX_PERIL,
        max_value=R.MAX_PERIL,
        label="Peril (+ or −)",
        initial=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.ChoiceField(
        label="Why",
        choices=[(reason.key, reason.label) for reason in R.PerilReason],
        error_messages={
            "invalid_choice": "Pick one of the reasons: that Danger may be out of the picture."
        },
    )
    detail = forms.CharField(label="Say more (optional)", max_length=120, required=False)

    def __init__(self, *args, cast=(), dangers=(), **kwargs):
        kwargs.setdefault("auto_id", "peril_%s")
        super().__init__(*args, **kwargs)
        # A knocked-out hero takes no Peril until back on their feet.
        self.fields["character"].choices = [(c.pk, c.name) for c in cast if not c.incapacitated]
        # Peril from a named enemy of the Scene, in a Tumult or not (one that is out, can't).
        self.dangers = {danger_choice(d): d for d in dangers if not d.is_out}
        if self.dangers:
            self.fields["reason"].choices = [
                *self.fields["reason"].choices,
                ("From a Danger of this Scene", danger_reasons(self.dangers.values())),
            ]

    def clean_delta(self):
        delta = self.cleaned_data["delta"]
        if delta == 0:
            raise forms.ValidationError("Give or take at least 1 Peril.")
        return delta

    def clean_reason(self) -> R.PerilReason | Danger:
        chosen = self.cleaned_data["reason"]
        return self.dangers.get(chosen) or R.PerilReason[chosen.upper()]

    @property
    def danger(self) -> Danger | None:
        """The enemy the Peril comes from, if the Director named one."""
        reason = self.cleaned_data["reason"]
        return reason if isinstance(reason, Danger) else None

    def reason_words(self) -> str:
        """Why, as the table log says it (a Danger's Peril names it in the action)."""
        reason, detail = self.cleaned_data["reason"], self.cleaned_data["detail"]
        words = "" if isinstance(reason, Danger) else reason.words
        return f"{words}: {detail}" if words and detail else (words or detail)


def danger_choice(danger: Danger) -> str:
    return f"danger-{danger.pk}"


def danger_reasons(dangers) -> list[tuple[str, str]]:
    """A reason for Peril per enemy of the Scene, under "From a Danger of this Scene": its name
    alone, so a long one reads on a line or two in the drop-down (fresh-eyes cockpit: "… of the
    Brass Lantern Society strikes (hidden)" took three); a hidden one says so (the log won't
    name it)."""
    return [
        (danger_choice(d), d.name + ("" if d.revealed else " (hidden)"))
        for d in dangers
        if not d.is_out
    ]


class PromptForm(TableForm):
    """A short line from the Director: what the Cast attempts, what to investigate."""

    preserve = False
    text = forms.CharField(max_length=200, label="What")
    character = forms.TypedChoiceField(coerce=int, label="Who", required=False)

    def __init__(self, *args, cast=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].choices = [(c.pk, c.name) for c in cast]


class DangerQuickForm(TableForm):
    name = forms.CharField(max_length=120, label="Name")
    template = forms.ChoiceField(
        choices=[
            (t.name.lower(), f"{t.label} ({t.success_threshold}/{t.danger_rating})")
            for t in R.DangerTemplate
        ],
        label="Template",
    )
    # Added at the table, a Danger enters in sight (the Cast is facing it); prep's Dangers
    # start hidden (`DangerForm.in_sight`). The Director ticks this to keep it back.
    hidden = forms.BooleanField(
        required=False,
        label="Keep it hidden until you show it",
        help_text="Left unticked, it enters in sight: the phones and the TV show it at once.",
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "newdanger_%s")
        super().__init__(*args, **kwargs)

    def clean_template(self) -> R.DangerTemplate:
        return R.DangerTemplate[self.cleaned_data["template"].upper()]


class DangerEditForm(TableForm):
    """A Danger of the Scene changed on the fly: one small form per Danger."""

    name = forms.CharField(max_length=120, label="Name")
    success_threshold = forms.IntegerField(min_value=1, max_value=20, label="Success Threshold")
    danger_rating = forms.IntegerField(min_value=0, max_value=20, label="Danger Rating")

    def __init__(self, *args, danger=None, **kwargs):
        if danger is not None:
            kwargs.setdefault("auto_id", f"danger{danger.pk}_%s")
            kwargs.setdefault(
                "initial",
                {
                    "name": danger.name,
                    "success_threshold": danger.success_threshold,
                    "danger_rating": danger.danger_rating,
                },
            )
        super().__init__(*args, **kwargs)


class OwnPromptForm(TableForm):
    """A consequence prompt of the Director's own, for their personal list."""

    preserve = False
    weight = forms.ChoiceField(
        label="Weight",
        choices=[
            ("nuisance", "A nuisance"),
            ("trouble", "Real trouble"),
            ("disaster", "A disaster"),
        ],
    )
    move = forms.CharField(label="Do this", max_length=80)
    example = forms.CharField(label="For example (optional)", max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "own_prompt_%s")
        super().__init__(*args, **kwargs)


class NotesForm(TableForm):
    """The Director's own notes at the table."""

    preserve = False
    table_notes = forms.CharField(
        label="Notes for this table",
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
    )


class NoteLineForm(TableForm):
    """One line for the Director's notes (a consequence prompt they chose)."""

    preserve = False
    # Said where the line goes (an empty "Tell the table" beside a prompt's preview read as
    # the prompt not posted, a fresh-eyes Director).
    EMPTY = {"required": "Write the line to post first: nothing was posted."}
    note = forms.CharField(max_length=300, error_messages=EMPTY)


class ClueLineForm(NoteLineForm):
    """A clue from the crib, as the Director tells it: as long as a line of prep may be."""

    note = forms.CharField(max_length=4000, error_messages=NoteLineForm.EMPTY)
