"""The log you can keep: an Adventure's whole log, filtered by hero and by Scene, and the same
as a Markdown or JSON file. For its Director and its Cast (now or when it was played)."""

import json

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from sessions import logbook
from sessions.access import joined_adventure
from sessions.views.answers import whole_number

PAGE = 100


def _filtered(request: HttpRequest, pk: int):
    """The Adventure, its log as filtered by ?hero= and ?scene= (ids from its own choices;
    anything else is no filter), and the choices."""
    adventure, _directs = joined_adventure(request, pk)
    heroes = logbook.heroes(adventure)
    scenes = logbook.scenes_played(adventure)
    hero_id, scene_id = (
        whole_number(request.GET.get("hero")),
        whole_number(request.GET.get("scene")),
    )
    hero = next((h for h in heroes if h.pk == hero_id), None)
    scene = next((s for s in scenes if s["pk"] == scene_id), None)
    events = logbook.entries(adventure, hero, scene["pk"] if scene else None)
    said = [
        f"{hero.name}'s moments" if hero else "",
        f"the Scene “{scene['beat']}”" if scene else "",
    ]
    return (
        adventure,
        events,
        {
            "hero": hero,
            "scene": scene,
            "heroes": heroes,
            "scenes": scenes,
            "said": " in ".join(s for s in said if s),
        },
    )


@require_GET
def adventure_log(request: HttpRequest, pk: int) -> HttpResponse:
    adventure, events, choices = _filtered(request, pk)
    page = Paginator(events, PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {"adventure": adventure, "page": page, "query": query.urlencode(), **choices}
    return render(request, "sessions/log.html", context)


@require_GET
def adventure_log_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    adventure, events, choices = _filtered(request, pk)
    name = slugify(f"{adventure.title} log") or "log"
    if fmt == "json":
        filters = {
            "hero": choices["hero"].name if choices["hero"] else None,
            "scene": choices["scene"]["beat"] if choices["scene"] else None,
        }
        body = json.dumps(logbook.as_json(adventure, events, filters), indent=2, ensure_ascii=False)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return response
    body = logbook.as_markdown(adventure, events, choices["said"])
    response = HttpResponse(body, content_type="text/markdown; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.md"'
    return response
