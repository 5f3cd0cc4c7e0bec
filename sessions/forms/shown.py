"""Text the players will read, checked before it is saved: a hidden Danger's name in it is
said back to the Director by its field, and saved only once they tick "Show it anyway"."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from django import forms

if TYPE_CHECKING:  # sessions.hidden reads the models, which these forms are loaded with
    from sessions.hidden import Named

SHOW_ANYWAY = "show_anyway"


def _show_anyway() -> forms.BooleanField:
    return forms.BooleanField(
        label="Show it anyway",
        required=False,
        help_text="Tick to save it as it is: the players will read the name.",
    )


class ShownToPlayers:
    """A form mixin. ``shown_fields``: the fields the players read; ``shown_when``: when they
    read them ("when the Scene starts")."""

    shown_fields: tuple[str, ...] = ()
    shown_when: str = ""
    warning = False  # True once warned: the form says why nothing was saved

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Offered only once warned: a post that ticked it keeps it (a second look, still ticked).
        if self.is_bound and self.data.get(SHOW_ANYWAY):
            self.fields[SHOW_ANYWAY] = _show_anyway()

    def warned(self, hidden_names: Callable[[str], list["Named"]]) -> bool:
        """After ``is_valid()``: whether a field the players read names a hidden Danger
        (``hidden_names(text)`` finds them) and the Director hasn't confirmed it. Then each
        such field carries its warning, the form offers "Show it anyway", and it is invalid:
        nothing is saved."""
        if self.cleaned_data.get(SHOW_ANYWAY):
            return False
        warnings = {
            field: [
                self._warning(named) for named in hidden_names(self.cleaned_data.get(field) or "")
            ]
            for field in self.shown_fields
            if field in self.cleaned_data
        }
        if not any(warnings.values()):
            return False
        self.warning = True
        self.fields[SHOW_ANYWAY] = _show_anyway()
        for field, messages in warnings.items():
            for message in messages:
                self.add_error(field, message)
        return True

    def _warning(self, named: "Named") -> str:
        if named.whole:
            name, when = named.name, self.shown_when
            return f"“{name}” is a hidden Danger: players will read this name {when}."
        return (
            f"“{named.said}” names a hidden Danger, “{named.name}”: players will read it "
            f"{self.shown_when}."
        )
