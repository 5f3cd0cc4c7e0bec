"""Pictures for the tests, made on the spot with Pillow: honest ones and hostile ones."""

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

GPS_IFD = 0x8825
ORIENTATION = 0x0112


def picture(
    fmt: str = "JPEG",
    size: tuple[int, int] = (640, 480),
    colour=(200, 40, 30),
    *,
    gps: bool = False,
    orientation: int | None = None,
) -> bytes:
    """A picture's file: a red field with a white square top left (to tell which way is up),
    with GPS coordinates and a camera's orientation in its EXIF if asked."""
    image = Image.new("RGB", size, colour)
    image.paste((255, 255, 255), (0, 0, size[0] // 4, size[1] // 4))
    exif = Image.Exif()
    if gps:
        # 51° 30' 26" N, 0° 7' 39" W: somebody's front door.
        exif.get_ifd(GPS_IFD).update({1: "N", 2: (51.0, 30.0, 26.0), 3: "W", 4: (0.0, 7.0, 39.0)})
        exif[0x010F] = "PhoneCorp"  # the camera's maker
    if orientation:
        exif[ORIENTATION] = orientation
    out = io.BytesIO()
    if len(exif) or gps:
        image.save(out, fmt, exif=exif.tobytes())
    else:
        image.save(out, fmt)
    return out.getvalue()


def upload(data: bytes, name: str = "picture.jpg", content_type: str = "image/jpeg"):
    return SimpleUploadedFile(name, data, content_type)


SVG_WITH_SCRIPT = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    b"<script>alert(document.cookie)</script><rect width='10' height='10'/></svg>"
)


def bomb() -> bytes:
    """A PNG of a few kilobytes that unpacks into 400 million pixels."""
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, "PNG")
    return out.getvalue()


def truncated_jpeg() -> bytes:
    whole = picture("JPEG", (800, 600))
    return whole[: len(whole) // 2]


def handout(adventure, caption: str, size: tuple[int, int] = (640, 480), **fields):
    """A handout of ``adventure`` with a picture (``size`` pixels) stored as the app stores
    one (its ``fields``: revealed, on_show…)."""
    from characters import pictures
    from sessions.models import Handout

    stored = pictures.store(
        pictures.open_picture(upload(picture(size=size))), "handouts", display=1600, thumb=360
    )
    return Handout.objects.create(
        adventure=adventure,
        caption=caption,
        display=stored.display,
        thumb=stored.thumb,
        width=stored.width,
        height=stored.height,
        digest=stored.digest,
        **fields,
    )
