"""Lists typed one item per line: plan components, leading questions, NPCs."""

from django import forms
from django.core.exceptions import ValidationError


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
