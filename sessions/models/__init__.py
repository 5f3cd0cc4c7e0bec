from sessions.models.aids import PromptDeck
from sessions.models.campaign import Campaign, Recap
from sessions.models.cast import CastJournalEntry, CastMember, SafetyNote
from sessions.models.handouts import Handout
from sessions.models.prep import Adventure, Danger, KeyLocation, Leg, RealDice, Scene
from sessions.models.table import (
    Gamble,
    GroupGamble,
    Investigation,
    SoundEffect,
    TableEvent,
    Tumult,
    WideShot,
    WideShotDetail,
    gone_wrong,
    next_to_undo,
    open_gamble_joined,
    playing_scene_joined,
    table_now_joined,
)

__all__ = [
    "Adventure",
    "Campaign",
    "CastJournalEntry",
    "CastMember",
    "Danger",
    "Gamble",
    "GroupGamble",
    "Handout",
    "Investigation",
    "KeyLocation",
    "Leg",
    "PromptDeck",
    "RealDice",
    "Recap",
    "SafetyNote",
    "Scene",
    "SoundEffect",
    "TableEvent",
    "Tumult",
    "WideShot",
    "WideShotDetail",
    "gone_wrong",
    "next_to_undo",
    "open_gamble_joined",
    "playing_scene_joined",
    "table_now_joined",
]
