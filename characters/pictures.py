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

import hashlib
import io
import secrets
import warnings
from dataclasses import dataclass

from django import forms
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
            picture.load()
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
