"""The real ASGI app for browser tests, with dice the test loads through a file.

Test-only: production serves `enigma_site.asgi`, which never imports this module, so the
loaded dice can't be switched on in a real deployment.
"""

import os
import threading
from pathlib import Path

from django.conf import settings

from enigma_site.asgi import application
from sessions.rules import SecureDice, use_dice

# The tests' users are hashed fast (tests/conftest.py): a real hash costs half a second, at
# each user a test makes and each log-in, hundreds of times a run. A password hashed the real
# way (a site made by `manage.py` in a subprocess) still logs in.
settings.PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    *settings.PASSWORD_HASHERS,
]

__all__ = ["application"]


class FileDice:
    """Faces the test wrote to a file come up first, in order; then fair dice."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fair = SecureDice()
        self.lock = threading.Lock()

    def d6(self) -> int:
        return self.roll(1)[0]

    def roll(self, n: int) -> tuple[int, ...]:
        with self.lock:
            faces = self.path.read_text().split() if self.path.exists() else []
            self.path.write_text(" ".join(faces[n:]))
        loaded = [int(face) for face in faces[:n]]
        return (*loaded, *self.fair.roll(n - len(loaded)))


# Kept at module level: if the context manager were collected, it would swap the dice back.
_loaded = use_dice(FileDice(Path(os.environ["ENIGMA_TEST_DICE_FILE"])))
_loaded.__enter__()
