"""Pictures served through the checks of who may see them; never from a public folder.

- A hero's portrait: their player; the Director and players of any Adventure the hero was in
  the Cast of; the shared screen of such an Adventure.
- A handout: its Director always; once revealed, the Adventure's Cast and its shared screen.

Anyone else gets a 404, as for everything else they may not see. The shared screen has no
login: its page leaves a signed cookie with its link's token, sent only with picture requests,
so the pictures in the drawings every screen shares load on the TV too. Pictures are stored
under unguessable names, so a new upload is a new address: browsers may keep them a day
(privately), and ask again with the ETag after that.
"""

from pathlib import PurePosixPath

from django.contrib.auth.decorators import login_not_required
from django.core.files.storage import default_storage
from django.db.models import Q
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from characters.models import Character
from sessions.access import table_seat
from sessions.models import CastMember, Handout

SCREEN_COOKIE = "enigma_screen"
SCREEN_SALT = "enigma-table.screen"
PICTURES = "/pictures/"
MAX_AGE = 24 * 60 * 60


def remember_screen(response: HttpResponse, token: str, secure: bool) -> None:
    """The shared screen's page: let its picture requests say which screen they come from."""
    response.set_signed_cookie(
        SCREEN_COOKIE,
        token,
        salt=SCREEN_SALT,
        max_age=30 * MAX_AGE,
        path=PICTURES,
        secure=secure,
        httponly=True,
        samesite="Lax",
    )


def _screen_token(request: HttpRequest) -> str | None:
    return request.get_signed_cookie(SCREEN_COOKIE, default=None, salt=SCREEN_SALT)


def _which(name: str, display: str, thumb: str) -> str:
    """The stored picture ``name`` asks for, of the two; 404 for anything else."""
    for stored in (display, thumb):
        if stored and PurePosixPath(stored).name == name:
            return stored
    raise Http404("No such picture")


def _serve(request: HttpRequest, stored: str, digest: str) -> HttpResponse:
    etag = f'"{digest}-{PurePosixPath(stored).stem}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        try:
            file = default_storage.open(stored, "rb")
        except (FileNotFoundError, OSError):
            raise Http404("No such picture") from None
        response = FileResponse(file, content_type="image/webp")
        response["Content-Disposition"] = "inline"
    response["ETag"] = etag
    response["Cache-Control"] = f"private, max-age={MAX_AGE}"
    patch_vary_headers(response, ["Cookie"])
    return response


@login_not_required
@require_GET
def portrait(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    hero = get_object_or_404(Character, pk=pk)
    stored = _which(name, hero.portrait, hero.portrait_thumb)
    user = request.user
    if not (
        hero.owner_id == user.pk
        or _seen_at_a_table(hero, user.pk if user.is_authenticated else None, request)
    ):
        raise Http404("No such picture")
    return _serve(request, stored, hero.portrait_digest)


def _seen_at_a_table(hero: Character, user_id: int | None, request: HttpRequest) -> bool:
    """Whether the hero sat in the Cast of an Adventure this user directs or plays in, or
    whose shared screen this is."""
    seen = Q()
    if user_id is not None:
        seen |= Q(adventure__director_id=user_id) | Q(adventure__cast__character__owner_id=user_id)
    if token := _screen_token(request):
        seen |= Q(adventure__screen_token=token)
    return bool(seen) and CastMember.objects.filter(seen, character=hero).exists()


@login_not_required
@require_GET
def handout(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    found = get_object_or_404(Handout.objects.select_related("adventure"), pk=pk)
    stored = _which(name, found.display, found.thumb)
    adventure, user = found.adventure, request.user
    directs = user.is_authenticated and adventure.director_id == user.pk
    shown = found.is_revealed and (
        (user.is_authenticated and table_seat(user.pk, adventure) is not None)
        or (adventure.screen_token is not None and _screen_token(request) == adventure.screen_token)
    )
    if not (directs or shown):
        raise Http404("No such picture")
    return _serve(request, stored, found.digest)
