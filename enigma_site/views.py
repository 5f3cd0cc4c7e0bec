from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from enigma_site.rulebook import CREDIT, LICENCE_NAME, LICENCE_URL, rulebook
from sessions.access import visible_adventures
from sessions.campaigns import offers_for


@login_not_required
@require_GET
def landing(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    # A brand-new site (nobody has an account yet) says what to do first.
    return render(request, "landing.html", {"new_site": not get_user_model().objects.exists()})


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    context = {
        "characters": request.user.characters.all()[:12],
        "character_create_url": reverse("character_create"),
        "adventures": visible_adventures(request.user).select_related("director")[:12],
        "adventure_create_url": reverse("adventure_create"),
        "campaign_create_url": reverse("campaign_create"),
        "offers": offers_for(request.user),
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


@login_not_required
@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """The SRD, every section linkable, with the app's readings beside the rules they read."""
    return render(request, "rules/rules.html", {"rulebook": rulebook(), **_credit()})


@login_not_required
@require_GET
def rule(request: HttpRequest, slug: str) -> HttpResponse:
    """One section of the rules: just the section for a "?" at the table, else a page."""
    book = rulebook()
    section = book.section(slug)
    if section is None:
        raise Http404("No such rule")
    context = {
        "section": section,
        # On a page of its own the section sits under the page's h1; in a "?" it keeps its level.
        "fragment": book.fragment(slug, reverse("rules"), None if request.htmx else 2),
        **_credit(),
    }
    template = "rules/rule.html#section" if request.htmx else "rules/rule.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _credit() -> dict[str, str]:
    return {"credit": CREDIT, "licence_name": LICENCE_NAME, "licence_url": LICENCE_URL}
