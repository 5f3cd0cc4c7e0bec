from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from sessions.access import visible_adventures


@login_not_required
@require_GET
def landing(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    return render(request, "landing.html")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    context = {
        "characters": request.user.characters.all()[:12],
        "character_create_url": reverse("character_create"),
        "adventures": visible_adventures(request.user).select_related("director")[:12],
        "adventure_create_url": reverse("adventure_create"),
    }
    return render(request, "home.html", context)


@login_not_required
@require_GET
def about(request: HttpRequest) -> HttpResponse:
    return render(request, "about.html")


@login_not_required
@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """For load balancers and the benchmarks' floor: the whole stack, no database."""
    return HttpResponse("ok", content_type="text/plain")
