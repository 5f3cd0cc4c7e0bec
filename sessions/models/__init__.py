from sessions.models.cast import CastMember, SafetyNote
from sessions.models.prep import Adventure, Danger, KeyLocation, Leg, Scene

__all__ = ["Adventure", "CastMember", "Danger", "KeyLocation", "Leg", "SafetyNote", "Scene"]
