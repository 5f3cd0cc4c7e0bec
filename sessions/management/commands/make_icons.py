"""`manage.py make_icons`: draw the home-screen icons (192 and 512 px PNGs) into static/img/.

The favicon's "?!" on a yellow comic-book burst, on the masthead's red: drawn here with Pillow
so the icons are the project's own. The whole square is painted, and the burst keeps inside
the middle 80 %, so a phone that crops icons to a circle ("maskable") keeps all of it.
"""

import math
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from PIL import Image, ImageDraw, ImageFont

OUT = Path(settings.BASE_DIR) / "static" / "img"
SIZES = (192, 512)
RED, YELLOW, INK = "#b3261e", "#ffd23f", "#1d1a16"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _font(size: int):
    try:
        return ImageFont.truetype(FONT, size)
    except OSError:  # no DejaVu here: Pillow's own font, scaled
        return ImageFont.load_default(size)


def draw_icon(size: int) -> Image.Image:
    # Drawn four times larger and scaled down: smooth edges without anti-aliasing of our own.
    big = size * 4
    image = Image.new("RGB", (big, big), RED)
    draw = ImageDraw.Draw(image)
    centre, points = big / 2, 14
    burst = [
        (
            centre + radius * math.cos(math.pi * n / points - math.pi / 2),
            centre + radius * math.sin(math.pi * n / points - math.pi / 2),
        )
        for n in range(points * 2)
        for radius in [big * (0.40 if n % 2 == 0 else 0.31)]
    ]
    draw.polygon(burst, fill=YELLOW, outline=INK, width=max(4, big // 90))
    draw.text((centre, centre), "?!", font=_font(int(big * 0.36)), fill=INK, anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


class Command(BaseCommand):
    help = "Draw the web app's home-screen icons (192 and 512 px) into static/img/."

    def handle(self, *args, **options):
        OUT.mkdir(parents=True, exist_ok=True)
        for size in SIZES:
            path = OUT / f"icon-{size}.png"
            draw_icon(size).save(path, optimize=True)
            self.stdout.write(f"{path.relative_to(settings.BASE_DIR)}: {path.stat().st_size} bytes")
