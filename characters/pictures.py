"""Pictures people upload (hero portraits, the Director's handouts), checked and made safe.

The one door every uploaded picture comes through:

- the file's *content* decides what it is: JPEG, PNG or WebP, nothing else (an SVG, which can
  carry script, a text file renamed .png, a PDF: all refused, whatever the name says);
- at most `MAX_BYTES` of file and `MAX_PIXELS` of picture: a decompression bomb (a small file
  that unpacks into billions of pixels) is refused from its header, before it is unpacked;
- it must decode whole: a truncated or damaged file is refused;
- it is drawn again from its pixels alone, turned the way the camera held it, as WebP: no
  EXIF, GPS, XMP or comments survive, and nothing of the original file is ever served;
- a display size and a thumbnail are made once, here, and stored under names nobody can
  guess, through Django's storage API (a folder under the data folder, or a bucket).

Every refusal is a ValidationError with a message for the person uploading.
"""

import contextlib
import ctypes
import hashlib
import io
import math
import secrets
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 8 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a 50-megapixel phone photo is refused; 8000 × 5000 is the most
FORMATS = {"JPEG": "JPEG", "PNG": "PNG", "WEBP": "WebP"}
QUALITY = 85

# Pillow's own bomb check, as an error rather than a warning, at our limit.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS

# Decoding is where a picture costs memory: a 40-megapixel PNG of a hundred kilobytes unpacks
# to 160 MB, and shrinking it takes about as much again (measured: 360 MB at the peak). So a
# process decodes pictures at once only while their cost fits DECODE_BUDGET: one picture as
# big as we take, or many ordinary ones beside it (a phone's JPEG is decoded at a fraction of
# its size). With the server's own ~100 MB that keeps a process under about 600 MB however
# many uploads arrive. Right after decoding a picture is shrunk to WORKING_PIXELS, which is
# all `store` needs (the largest display size is 1600 pixels).
DECODE_BUDGET = 400 * 1024 * 1024
DECODE_COST = 2.25  # bytes of memory at the peak per byte of decoded picture (measured)
WORKING_PIXELS = 4_000_000
# How long an upload may wait for its turn, and how many may wait at once: each waits on a
# request thread, and the table's moves need those too.
DECODE_WAIT_SECONDS = 30


class _Budget:
    """A share of memory that decodes take out and give back (a weighted semaphore)."""

    def __init__(self, total: int) -> None:
        self.total, self.used, self.waiting = total, 0, 0
        self._turn = threading.Condition()

    @contextlib.contextmanager
    def share(self, cost: int, *, max_waiting: int, timeout: float) -> Iterator[None]:
        cost = min(cost, self.total)
        with self._turn:
            if self.used + cost > self.total:
                if self.waiting >= max_waiting:
                    raise _busy()
                self.waiting += 1
                try:
                    if not self._turn.wait_for(lambda: self.used + cost <= self.total, timeout):
                        raise _busy()
                finally:
                    self.waiting -= 1
            self.used += cost
        try:
            yield
        finally:
            with self._turn:
                self.used -= cost
                self._turn.notify_all()


_decoding = _Budget(DECODE_BUDGET)


def _give_big_blocks_back() -> None:
    """Have glibc hand every allocation of 1 MB or more back to the system when it is freed.
    By default it raises that threshold after the first big free, and then a picture's 16 MB
    blocks come from the arena of the request thread that decoded it and stay there: one
    decode after another on different threads grew a server by ~180 MB each (measured)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc: nothing to tune
        return
    m_mmap_threshold = -3
    libc.mallopt(m_mmap_threshold, 1024 * 1024)


_give_big_blocks_back()


def _busy() -> ValidationError:
    return _refuse("Lots of big pictures are arriving at once: try this one again in a moment.")


def _working_size(width: int, height: int) -> tuple[int, int]:
    """The size a picture is worked on at: at most WORKING_PIXELS, its shape kept."""
    if width * height <= WORKING_PIXELS:
        return width, height
    scale = math.sqrt(WORKING_PIXELS / (width * height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def _refuse(message: str) -> ValidationError:
    return ValidationError(message, code="picture")


def open_picture(upload) -> Image.Image:
    """The uploaded file as a picture, fully decoded and checked, or a ValidationError."""
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_BYTES:
        raise _refuse(
            f"That file is {size / 1024 / 1024:.0f} MB: pictures can be up to "
            f"{MAX_BYTES // 1024 // 1024} MB. Save it smaller and try again."
        )
    upload.seek(0)
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise _refuse(f"Pictures can be up to {MAX_BYTES // 1024 // 1024} MB.")
    if not data:
        raise _refuse("That file is empty.")
    unusable = _refuse(
        "That file isn't a picture we can use: upload a JPEG, PNG or WebP image "
        "(SVG and other formats aren't accepted)."
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(data), formats=list(FORMATS))
            if picture.width * picture.height > MAX_PIXELS:
                raise _refuse(
                    f"That picture is {picture.width} × {picture.height} pixels: too big to "
                    "open safely. Scale it down (at most 40 megapixels) and try again."
                )
            working = _working_size(picture.width, picture.height)
            # A JPEG can be decoded straight at a fraction of its size (1/2 … 1/8).
            picture.draft(picture.mode, working)
            cost = picture.width * picture.height * len(picture.getbands()) * DECODE_COST
            waiting = max(1, getattr(settings, "REQUEST_THREADS", 8) // 2)
            with _decoding.share(int(cost), max_waiting=waiting, timeout=DECODE_WAIT_SECONDS):
                picture.load()
                if picture.size != working:
                    picture.thumbnail(working, Image.Resampling.LANCZOS, reducing_gap=1.0)
    except ValidationError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _refuse(
            "That picture unpacks to far too many pixels: too big to open safely. Scale it "
            "down (at most 40 megapixels) and try again."
        ) from None
    except UnidentifiedImageError:
        raise unusable from None
    except (OSError, SyntaxError, ValueError, EOFError):
        raise _refuse(
            "That picture is damaged or cut short, so it can't be read whole. Save it again "
            "and try once more."
        ) from None
    return picture


def _clean(picture: Image.Image) -> Image.Image:
    """The picture's pixels alone, the right way up: nothing of the file comes along."""
    picture = ImageOps.exif_transpose(picture)
    if picture.mode in ("RGBA", "LA", "PA") or (
        picture.mode == "P" and "transparency" in picture.info
    ):
        picture = picture.convert("RGBA")
    else:
        picture = picture.convert("RGB")
    # A fresh image: no info, no EXIF, no ICC profile, no comments.
    clean = Image.new(picture.mode, picture.size)
    clean.paste(picture)
    return clean


def _webp(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, "WEBP", quality=QUALITY, method=4)
    return out.getvalue()


@dataclass(frozen=True)
class Stored:
    """A picture as stored: its display size and thumbnail (storage names), its size in
    pixels and a short digest of its pixels (the ETag)."""

    display: str
    thumb: str
    width: int
    height: int
    digest: str


def store(
    picture: Image.Image, folder: str, *, display: int, thumb: int, square: bool = False
) -> Stored:
    """Draw a picture `open_picture` checked again at two sizes (``display`` and ``thumb``
    pixels at most on the long side; cropped to a square from the middle with ``square``) and
    store both under unguessable names in ``folder``."""
    picture = _clean(picture)
    if square:
        side = min(picture.size)
        picture = ImageOps.fit(picture, (side, side), Image.Resampling.LANCZOS)
    large = picture.copy()
    large.thumbnail((display, display), Image.Resampling.LANCZOS)
    small = picture.copy()
    small.thumbnail((thumb, thumb), Image.Resampling.LANCZOS)
    large_bytes, small_bytes = _webp(large), _webp(small)
    name = secrets.token_urlsafe(18)
    saved = []
    try:
        for size, data in (("display", large_bytes), ("thumb", small_bytes)):
            saved.append(default_storage.save(f"{folder}/{name}-{size}.webp", ContentFile(data)))
    except Exception:
        for path in saved:
            default_storage.delete(path)
        raise
    return Stored(
        display=saved[0],
        thumb=saved[1],
        width=large.width,
        height=large.height,
        digest=hashlib.sha256(large_bytes).hexdigest()[:32],
    )


def forget(*names: str) -> None:
    """Delete stored pictures once the transaction that dropped them commits (a rollback
    keeps them: the rows that name them are back)."""
    names = tuple(name for name in names if name)
    if names:
        transaction.on_commit(lambda: [default_storage.delete(name) for name in names])


class PictureField(forms.FileField):
    """A file field that takes only a picture `open_picture` accepts: its cleaned value is the
    decoded picture, ready for `store`."""

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "A JPEG, PNG or WebP, up to 8 MB.")
        super().__init__(**kwargs)
        self.widget.attrs.setdefault("accept", "image/jpeg,image/png,image/webp")

    def clean(self, data, initial=None):
        upload = super().clean(data, initial)
        return open_picture(upload) if upload else None
