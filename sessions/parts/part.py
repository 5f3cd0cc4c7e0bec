"""What a part of the table page is: its name, who it is drawn for, what changes it, where it
shows (the registry of every part is `sessions.parts.registry`)."""

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from sessions.topics import Topic
from sessions.viewer import Viewer


class Audience(StrEnum):
    EVERYONE = "everyone"  # one drawing serves every page
    PLAYER = "player"  # drawn per viewer: it holds a player's own controls
    DIRECTOR = "director"  # the Director's alone, secrets and all


@dataclass(frozen=True)
class Part:
    name: str
    build: Callable[[Viewer], dict]
    audience: Audience
    topics: frozenset[Topic]
    on_screen: bool = False
    # One container per hero of the viewer's (the Gamble panel): `Topic.HERO` redraws only
    # the container of the event's own hero, any other topic redraws them all.
    per_hero: bool = False
    # Grows row by row from the stream instead of being redrawn (the log).
    appends: bool = False
    # The Director's page has a part of their own in its place (the Cast with Peril a tap
    # away, the Dangers they run, the Tumult they run).
    for_director: bool = True
    # Only the shared screen has it (the TV's spotlight).
    screen_only: bool = False
    # Only events of these kinds change it (None: any event of its topics).
    kinds: frozenset[str] | None = None
    # Topics that concern only the player of the event's hero (an Investigation asked of
    # Sam): an event heard on these alone is drawn again for that player only.
    owner_topics: frozenset[Topic] = frozenset()
    # Drawn for each request, never kept (`kept`): what it shows holds the address the TV
    # reached (its QR code) or the time ("Previously on…" plays for so long, from where it
    # is now). A page draws it in place.
    per_request: bool = False
    # What the part's container needs around its content, for a page that has the content
    # drawn already (the form above the Cast journal's lines).
    frame: Callable[[Viewer], dict] | None = None

    @property
    def template(self) -> str:
        """The template drawing the container; its `content` partial is what is redrawn."""
        return f"sessions/parts/{self.name}.html"

    @property
    def content(self) -> str:
        return f"{self.template}#content"

    def element_id(self, hero: int | None = None) -> str:
        return f"{self.name}-{hero}" if self.per_hero else f"{self.name}-panel"

    def signal(self, hero: int | None = None) -> str:
        """The stream's name for a new drawing of this container's content (for the log, of
        the whole log: single new rows come as `log`)."""
        if self.per_hero:
            return f"{self.name}-{hero}"
        return f"{self.name}-all" if self.appends else self.name

    def seen_by(self, viewer) -> bool:
        """Whether the viewer's page has this part: the Director's only for the Director,
        the screen only what the TV shows. (A viewer, or anything that knows whether it
        directs and whether it is the screen.)"""
        if viewer.directs and not self.for_director:
            return False
        if self.screen_only and not viewer.screen:
            return False
        return (viewer.directs or self.audience != Audience.DIRECTOR) and (
            self.on_screen or not viewer.screen
        )
