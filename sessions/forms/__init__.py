from sessions.forms.director import (
    ClueLineForm,
    DangerEditForm,
    DangerQuickForm,
    NoteLineForm,
    NotesForm,
    OwnPromptForm,
    PerilForm,
    PromptForm,
)
from sessions.forms.gamble import GambleForm
from sessions.forms.handouts import HandoutForm, TableHandoutForm
from sessions.forms.lines import LinesField, NpcsField
from sessions.forms.prep import (
    AdventureForm,
    CampaignForm,
    DangerForm,
    KeyLocationForm,
    LegForm,
    PrepForm,
    RecapForm,
    SceneForm,
)
from sessions.forms.seats import JoinForm, SafetyNoteForm
from sessions.forms.table import JournalForm, WideShotDetailForm, WideShotEditForm

__all__ = [
    "AdventureForm",
    "CampaignForm",
    "ClueLineForm",
    "DangerEditForm",
    "DangerForm",
    "DangerQuickForm",
    "GambleForm",
    "HandoutForm",
    "JoinForm",
    "JournalForm",
    "KeyLocationForm",
    "LegForm",
    "LinesField",
    "NoteLineForm",
    "NotesForm",
    "NpcsField",
    "OwnPromptForm",
    "PerilForm",
    "PrepForm",
    "PromptForm",
    "RecapForm",
    "SafetyNoteForm",
    "SceneForm",
    "TableHandoutForm",
    "WideShotDetailForm",
    "WideShotEditForm",
]
