"""Session zero's forms: a topic to add, a connection to another hero, an answer to one."""

from django import forms

from characters.text import StorableTextForm
from sessions.models.session_zero import TOPIC_LENGTH


class TopicForm(StorableTextForm, forms.Form):
    text = forms.CharField(
        max_length=TOPIC_LENGTH,
        label="Another topic",
        # What is being typed outlives a live redraw of the part (table.js).
        widget=forms.TextInput(attrs={"hx-preserve": True}),
        help_text="Added without your name: everyone marks it.",
        error_messages={"required": "Say what the topic is."},
    )


class ConnectionForm(StorableTextForm, forms.Form):
    other = forms.TypedChoiceField(
        coerce=int,
        label="Tie your hero to",
        error_messages={
            "invalid_choice": "Choose another hero at this table, one not tied to yours yet."
        },
    )
    text = forms.CharField(
        max_length=200,
        label="In a sentence",
        widget=forms.TextInput(
            attrs={"placeholder": "Owes me a favour since Cairo", "hx-preserve": True}
        ),
        error_messages={"required": "Say how your heroes are tied, in a sentence."},
    )

    def __init__(self, *args, others=(), **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["other"].choices = [(hero.pk, hero.name) for hero in others]

    def full_clean(self):
        super().full_clean()
        # A field sent back with a mistake is drawn anew (holding what was sent), so its
        # message stays linked to it: a kept one (hx-preserve) would lose aria-describedby.
        for name in self.errors:
            if name in self.fields:
                self.fields[name].widget.attrs.pop("hx-preserve", None)


class AnswerForm(StorableTextForm, forms.Form):
    text = forms.CharField(
        max_length=200,
        label="Your answer",
        error_messages={"required": "Say your hero's answer, in a sentence."},
    )
