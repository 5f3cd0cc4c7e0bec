"""Prep's Danger templates say their numbers (a fresh-eyes review: "Minion", "Lieutenant",
"Villain" alone, the Director left to remember the SRD's table to choose): each template
beside its Success Threshold and Danger Rating, as the rules engine gives them."""

import html
import re

import pytest

from sessions.models import Scene
from sessions.rules import DangerTemplate

pytestmark = pytest.mark.django_db


def _options(response) -> list[str]:
    page = html.unescape(response.content.decode())
    chooser = re.search(r'<select name="template".*?</select>', page, re.S).group(0)
    return re.findall(r"<option[^>]*>([^<]*)</option>", chooser)


def test_adding_a_danger_in_prep_offers_each_template_with_its_numbers(alice_client, adventure):
    scene = Scene.objects.filter(leg__adventure=adventure).order_by("position").first()
    options = _options(
        alice_client.get(f"/adventures/{adventure.pk}/scenes/{scene.pk}/dangers/new/")
    )
    assert options == [
        *(
            f"{t.label}: Success Threshold {t.success_threshold}, Danger Rating {t.danger_rating}"
            for t in DangerTemplate
        ),
        "Custom",
    ]
    assert options[1] == "Lieutenant: Success Threshold 2, Danger Rating 3"  # the SRD's table


def test_the_danger_added_takes_its_templates_numbers(alice_client, adventure):
    scene = Scene.objects.filter(leg__adventure=adventure).order_by("position").first()
    url = f"/adventures/{adventure.pk}/scenes/{scene.pk}/dangers/new/"
    alice_client.post(url, {"name": "The Brass Widow", "template": "villain"})
    widow = scene.dangers.get(name="The Brass Widow")
    assert (widow.success_threshold, widow.danger_rating) == (4, 5)
