"""Campaigns: a Director's series of Adventures with a recurring Cast.

The Director creates, edits, exports and deletes them; the Cast reads a Campaign's page (its
Adventures, its heroes, the story so far) and joins its next Adventure with one tap.
"""

from django.contrib import messages
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from characters.models import Character
from sessions import campaigns
from sessions.actions import cast
from sessions.forms import CampaignForm
from sessions.models import Adventure, Campaign
from sessions.views.answers import whole_number
from sessions.views.outline import form_page


def _directed_campaign(request: HttpRequest, pk: int) -> Campaign:
    """A Campaign the user directs, or 404."""
    return get_object_or_404(Campaign, pk=pk, director=request.user)


@require_http_methods(["GET", "POST"])
def campaign_create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        campaign = form.save(commit=False)
        campaign.director = request.user
        campaign.save()
        messages.success(request, f"“{campaign.title}” begins! Add its first adventure.")
        return redirect(campaign)
    return form_page(
        request, form, adventure=None, heading="Start a campaign", action=reverse("campaign_create")
    )


@require_GET
def campaign(request: HttpRequest, pk: int) -> HttpResponse:
    """A Campaign's page: its Adventures in order, its Cast as they stand, the story so far."""
    found = get_object_or_404(
        campaigns.visible_campaigns(request.user).select_related("director"), pk=pk
    )
    adventures = list(found.adventures.order_by("created", "pk"))
    cast_ = campaigns.campaign_cast(adventures)
    directs = found.director_id == request.user.pk
    context = {
        "campaign": found,
        "directs": directs,
        "adventures": adventures,
        "cast": cast_,
        "offers": [] if directs else campaigns.offers(request.user, adventures, cast_),
        "recaps": campaigns.published_recaps(adventures),
        # Its last Adventure finished: the Director, landing here after the end, is offered
        # the next one in the words of the finished one's pages.
        "after_the_end": bool(adventures) and all(a.is_finished for a in adventures),
    }
    return render(request, "sessions/campaign.html", context)


@require_http_methods(["GET", "POST"])
def campaign_edit(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _directed_campaign(request, pk)
    form = CampaignForm(request.POST if request.method == "POST" else None, instance=campaign)
    if form.is_valid():
        form.save()
        messages.success(request, "Campaign saved.")
        return redirect(campaign)
    return form_page(
        request,
        form,
        adventure=None,
        heading="Edit campaign",
        action=reverse("campaign_edit", args=[pk]),
        cancel=campaign.get_absolute_url(),
    )


@require_http_methods(["GET", "POST"])
def campaign_delete(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _directed_campaign(request, pk)
    if request.method == "POST":
        campaign.delete()
        messages.success(
            request, f"“{campaign.title}” is gone; its adventures carry on as one-offs."
        )
        return redirect("adventure_list")
    return render(request, "sessions/campaign_delete.html", {"campaign": campaign})


@require_POST
def campaign_join(request: HttpRequest, pk: int, adventure_pk: int) -> HttpResponse:
    """One tap: a hero of the Campaign's Cast joins its next Adventure."""
    campaign = get_object_or_404(campaigns.visible_campaigns(request.user), pk=pk)
    adventure = get_object_or_404(Adventure, pk=adventure_pk, campaign=campaign)
    character = get_object_or_404(
        Character, pk=whole_number(request.POST.get("character")) or 0, owner=request.user
    )
    if not campaigns.can_join(campaign, adventure, character):
        messages.error(request, f"{character.name} can't join “{adventure.title}” right now.")
        return _go(request, campaign)
    try:
        cast.join_cast(adventure, character, request.user)
    except IntegrityError:  # another tab joined this hero somewhere a moment ago
        messages.error(request, f"{character.name} is already in another Cast.")
        return _go(request, campaign)
    messages.success(request, f"{character.name} joins the Cast of “{adventure.title}”!")
    # To the hero's seat at the table, as a join by the invite link goes: the Adventure's own
    # address is the Director's outline, a page a player has no use for once seated.
    return _go(request, reverse("table", args=[adventure.pk]))


def _go(request: HttpRequest, to: Campaign | str) -> HttpResponse:
    """Where a join lands: a redirect, or, for the button on a finished table's phone (htmx,
    as its stream draws it with no token of its own), the whole page sent there."""
    url = to if isinstance(to, str) else to.get_absolute_url()
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
