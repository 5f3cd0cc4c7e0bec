from sessions.models.cast import CastMember, SafetyNote
from sessions.models.prep import Adventure, Danger, KeyLocation, Leg, Scene
from sessions.models.table import Gamble, SoundEffect, TableEvent, WideShot, WideShotDetail

__all__ = [
    "Adventure",
    "CastMember",
    "Danger",
    "Gamble",
    "KeyLocation",
    "Leg",
    "SafetyNote",
    "Scene",
    "SoundEffect",
    "TableEvent",
    "WideShot",
    "WideShotDetail",
]
