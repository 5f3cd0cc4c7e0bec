from sessions.models.aids import PromptDeck
from sessions.models.attempts import Attempt
from sessions.models.campaign import Campaign, Recap
from sessions.models.cast import CastJournalEntry, CastMember, KeptOut, SafetyNote
from sessions.models.gambles import Gamble, SoundEffect
from sessions.models.handouts import Handout
from sessions.models.joined import open_gamble_joined, playing_scene_joined, table_now_joined
from sessions.models.legs import Danger, KeyLocation, Leg, Scene
from sessions.models.prep import Adventure, RealDice
from sessions.models.scene_log import gone_wrong, next_to_undo
from sessions.models.session_zero import SessionZero, ZeroTopic
from sessions.models.table import GroupGamble, Investigation, TableEvent, Tumult
from sessions.models.wideshots import WideShot, WideShotDetail

__all__ = [
    "Adventure",
    "Attempt",
    "Campaign",
    "CastJournalEntry",
    "CastMember",
    "Danger",
    "Gamble",
    "GroupGamble",
    "Handout",
    "Investigation",
    "KeptOut",
    "KeyLocation",
    "Leg",
    "PromptDeck",
    "RealDice",
    "Recap",
    "SafetyNote",
    "Scene",
    "SessionZero",
    "SoundEffect",
    "TableEvent",
    "Tumult",
    "WideShot",
    "WideShotDetail",
    "ZeroTopic",
    "gone_wrong",
    "next_to_undo",
    "open_gamble_joined",
    "playing_scene_joined",
    "table_now_joined",
]
