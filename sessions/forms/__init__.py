from sessions.forms.prep import (
    AdventureForm,
    DangerForm,
    JoinForm,
    KeyLocationForm,
    LegForm,
    LinesField,
    NpcsField,
    PrepForm,
    SafetyNoteForm,
    SceneForm,
)
from sessions.forms.table import (
    DangerQuickForm,
    GambleForm,
    PerilForm,
    PromptForm,
    WideShotDetailForm,
    WideShotEditForm,
)

__all__ = [
    "AdventureForm",
    "DangerForm",
    "DangerQuickForm",
    "GambleForm",
    "JoinForm",
    "KeyLocationForm",
    "LegForm",
    "LinesField",
    "NpcsField",
    "PerilForm",
    "PrepForm",
    "PromptForm",
    "SafetyNoteForm",
    "SceneForm",
    "WideShotDetailForm",
    "WideShotEditForm",
]
