"""A Tumult set up for tests that play one through the table's URLs, and the words of a page."""

import re

from sessions.actions import dangers as danger_actions
from sessions.models import Danger
from sessions.rules import DangerTemplate


def words(html: str) -> str:
    """A page's (or a part's) words alone, as read: no tags, one space, no space before stops."""
    text = " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())
    return re.sub(r" ([.,:!])", r"\1", text)


def tumult_against_kray(director, playing) -> Danger:
    """A Tumult against Lieutenant Kray alone, in sight of the table."""
    Danger.objects.all().delete()
    kray = danger_actions.add_danger(
        playing["adventure"], "Lieutenant Kray", DangerTemplate.LIEUTENANT, None, revealed=True
    )
    director.post(playing["url"] + "tumult/start/")
    return kray
