"""Real dice: faces a player rolled by hand and typed in, served to the rules as the dice.

Every rule takes its dice passed in, so a roll of real dice goes through exactly the same
functions as the app's: `EnteredDice` is one throw's faces, handed over whole. A rule that
asks for a different number of dice than were entered is refused before anything changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .dice import FACES, HIGHEST_FACE, LOWEST_FACE, _check_count
from .errors import OutOfRange

# More dice than the biggest pool the rules allow (1 + 3 Knacks + 2 Equipment + 12 of each
# modifier): typing two hundred faces is a mistake, not a roll.
MAX_ENTERED = 50


class NotADie(OutOfRange):
    default_message = f"A d6 shows {LOWEST_FACE} to {HIGHEST_FACE}: enter each die's face."


class WrongDiceCount(OutOfRange):
    """The faces entered aren't as many as the dice the rules asked to roll."""

    def __init__(self, wanted: int, entered: int) -> None:
        self.wanted = wanted
        self.entered = entered
        dice = "die" if wanted == 1 else "dice"
        super().__init__(
            f"Roll {wanted} {dice} and enter {wanted} {'face' if wanted == 1 else 'faces'}"
            f" — you entered {entered}."
        )


def read_faces(text: str) -> tuple[int, ...]:
    """The faces typed as "5 2 1" (spaces or commas between them), or a refusal that says
    what is wrong. Each face is one digit from 1 to 6, so "521" is read as three dice too."""
    if not isinstance(text, str):
        raise NotADie()
    tokens = [token for token in re.split(r"[\s,;]+", text.strip()) if token]
    if len(tokens) == 1 and re.fullmatch(r"[0-9]{2,}", tokens[0]):
        tokens = list(tokens[0])  # "521": the digits of a roll typed without spaces
    if len(tokens) > MAX_ENTERED:
        raise OutOfRange(f"That's {len(tokens)} faces — more dice than any pool rolls.")
    faces = []
    for token in tokens:
        if not re.fullmatch(r"[0-9]", token) or int(token) not in FACES:
            shown = token if len(token) <= 12 else token[:12] + "…"
            raise NotADie(
                f"“{shown}” isn't a face of a d6: enter each die as a number from "
                f"{LOWEST_FACE} to {HIGHEST_FACE}."
            )
        faces.append(int(token))
    if not faces:
        raise NotADie("Enter the faces your dice show, like “5 2 1”.")
    return tuple(faces)


class EnteredDice:
    """One throw of real dice: the rules' next roll must ask for exactly these faces.

    ``roll(n)`` hands over all of them at once when ``n`` is how many were entered, and
    refuses otherwise (`WrongDiceCount`), so a pool of 3 can't take 2 faces or 4. Once
    handed over the throw is spent: a rule that rolls again gets a refusal, not luck.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        entered = tuple(faces)
        for face in entered:
            if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
                raise NotADie(f"A d6 has no face {face!r}: enter faces from 1 to 6.")
        self.faces = entered
        self._spent = False

    def d6(self) -> int:
        return self.roll(1)[0]

    def roll(self, n: int) -> tuple[int, ...]:
        _check_count(n)
        if self._spent or n != len(self.faces):
            raise WrongDiceCount(n, 0 if self._spent else len(self.faces))
        self._spent = True
        return self.faces
