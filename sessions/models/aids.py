"""What a Director keeps for themselves across their tables: their consequence prompts."""

from django.conf import settings
from django.db import models


class PromptDeck(models.Model):
    """A Director's consequence prompts: whether they want them, and their own additions."""

    director = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="prompt_deck"
    )
    hidden = models.BooleanField(default=False)
    # [{"weight": "nuisance" | "trouble" | "disaster", "move": str, "example": str}]
    own = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"{self.director}'s consequence prompts"
