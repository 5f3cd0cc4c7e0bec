"""A seat at the table: joining a Cast with one of one's heroes, and the Lines and Veils a
player sets down."""

from django import forms

from characters.text import StorableTextForm
from sessions.models import SafetyNote


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
