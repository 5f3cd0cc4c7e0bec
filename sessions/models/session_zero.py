"""Session zero: before an Adventure's first Scene, the table agrees tone and content and ties
the heroes together. The Director opens it, moves it from step to step and closes it.

The players' marks on the topics are private: the table gets only their union (the Lines &
Veils). So a mark is stored under a ballot key (`ballot_key`), a keyed digest of the player
that nothing stored or backed up turns back into a user, with no time and in no order that
follows who marked first; who has marked is kept apart (the Director sees who is done), as a
sorted list. When the step ends, the ballots are agreed and deleted.
"""

import hashlib
import hmac

from django.conf import settings
from django.db import models

from sessions.models.prep import Adventure

# The common topics offered to mark (the players may add a few of their own).
COMMON_TOPICS = (
    "Harm to children",
    "Sexual content",
    "Torture",
    "Self-harm and suicide",
    "Racism and bigotry",
    "Cruelty to animals",
    "Body horror",
    "Spiders and insects",
    "Drowning and suffocation",
)
# Events only for the live screens, never kept in the log, its files or a recap: a player done
# marking, a topic added. Their times, kept, could be lined up with who was at their phone.
LIVE_ONLY = ("session_zero_marked", "session_zero_topic")
MOST_TOPICS = 14  # the common ones and room for a few more, whole on a phone and on the TV
TOPIC_LENGTH = 60


class SessionZero(models.Model):
    """Its topics and the players' ballots; its step is the Adventure's (`zero_step`)."""

    adventure = models.OneToOneField(
        Adventure, on_delete=models.CASCADE, related_name="session_zero"
    )
    # The users who have marked every topic, sorted by id (not by when): who is done.
    marked = models.JSONField(default=list, blank=True, editable=False)
    # Who was done when a topic was added, sorted by id: asked to mark the new one.
    reopened = models.JSONField(default=list, blank=True, editable=False)
    # {ballot key: {topic id: "fine" | "veil" | "line"}}, sorted by key: nobody's name, nobody's
    # time. A topic not in a ballot is not marked yet.
    ballots = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        verbose_name_plural = "session zeros"

    def __str__(self) -> str:
        return f"Session zero of {self.adventure}"

    def ballot_key(self, user_id: int) -> str:
        """The player's ballot, found again by them alone: a digest keyed with the site's
        secret, which no backup of the database holds."""
        message = f"session-zero:{self.adventure_id}:{user_id}".encode()
        return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()

    def ballot_of(self, user_id: int) -> dict[str, str]:
        return self.ballots.get(self.ballot_key(user_id), {})


class ZeroTopic(models.Model):
    """A topic to mark. Nobody's: the common ones are the app's, an added one is anonymous."""

    session_zero = models.ForeignKey(SessionZero, on_delete=models.CASCADE, related_name="topics")
    text = models.CharField(max_length=TOPIC_LENGTH)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.text
