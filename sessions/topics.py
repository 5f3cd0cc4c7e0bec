"""What a table event can change. Every event names its topics; the parts registry
(`sessions.parts.registry`) says which live part of the page hears which topic."""

from enum import StrEnum


class Topic(StrEnum):
    SCENE = "scene"  # the Leg and Scene in play
    CAST = "cast"  # somebody's trackers
    HERO = "hero"  # the event's own hero: their Gamble panel
    HEROES = "heroes"  # every hero's own panel (a Leg starts, a Scene ends…)
    GAMBLES = "gambles"  # a Gamble was rolled, changed or locked in
    GROUP = "group"  # a Group Gamble was called or settled
    WIDESHOT = "wideshot"  # a detail on the Wide Shot board
    WIDESHOT_STATE = "wideshot-state"  # the board itself: new, reframed, locked
    DANGERS = "dangers"  # the enemies the Cast can see
    TUMULT = "tumult"  # rounds and who has acted
    PAUSE = "pause"  # the X-card
    DIRECTOR = "director"  # the Director's panel
    # A Gamble went wrong (a blunder, a Knockout, a Group Gamble failed), or one settled after
    # it: the Director's prompts for it step aside.
    TROUBLE = "trouble"
    JOURNAL = "journal"  # the Cast's shared journal
    HANDOUTS = "handouts"  # a handout revealed, shown again or put away
    CRIB = "crib"  # the Director's crib: a clue posted from it
    SAFETY = "safety"  # the Lines & Veils
    SCRIPT_CHANGE = "script-change"  # a fast-forward asked for, or done
    PREVIOUSLY = "previously"  # "Previously on…" put on the TV, or skipped
    CALLS = "calls"  # something asks for a player's roll now, or no longer does
    SESSION_ZERO = "session-zero"  # session zero: its step, who is done, topics, connections
    JOIN = "join"  # the join code on the TV: shown, hidden, replaced, switched off
    # The End, a recap shared after it, the Campaign's next Adventure made or opened: the
    # phones' "After the end" and a TV left on The End follow.
    CAMPAIGN = "campaign"


# What a Knockout changes besides the hero's own trackers: who may act in a Tumult, and who
# may add to the Wide Shot (a knocked-out hero's detail form gives way to a note).
KNOCKOUT = (Topic.TUMULT, Topic.WIDESHOT_STATE)
