"""The web app manifest: a phone can add Enigma Table to its home screen (issue 24 item 7).

No service worker: every live part of the table comes from the server as it happens, and a
cached copy of one would show a game that has moved on.
"""

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME = "#b3261e"  # the masthead's red, as the phone's status bar
BACKGROUND = "#fbf3dc"  # the paper the pages are printed on, behind the splash screen


@login_not_required
@require_GET
@cache_control(max_age=60 * 60 * 24, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {
            "src": static(f"img/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any maskable",
        }
        for size in (192, 512)
    ]
    data = {
        "name": "Enigma Table",
        "short_name": "Enigma",
        "description": "A live table for Enigma, the pulp adventure roleplaying game.",
        "id": "/",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response
