"""Pictures in templates, through the views that check who may see them (loaded as a builtin):
`{% portrait character "thumb" %}` draws a hero's portrait, or their initials when there is
none; `{{ handout|picture_url:"display" }}` is a handout's address."""

from pathlib import PurePosixPath

from django import template
from django.urls import reverse

register = template.Library()


def _name(stored: str) -> str:
    return PurePosixPath(stored).name


@register.inclusion_tag("characters/_portrait.html")
def portrait(character, size: str = "thumb", decorative: bool = False) -> dict:
    """``decorative``: beside the hero's name already (a picker, a button), the picture says
    nothing more to a screen reader and is left out of the accessible name."""
    stored = character.portrait if size == "display" else character.portrait_thumb
    url = reverse("portrait_picture", args=[character.pk, _name(stored)]) if stored else ""
    return {"character": character, "url": url, "size": size, "decorative": decorative}


@register.filter
def picture_url(handout, size: str = "display") -> str:
    stored = handout.thumb if size == "thumb" else handout.display
    return reverse("handout_picture", args=[handout.pk, _name(stored)])
