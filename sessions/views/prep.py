"""The Director's prep pages: the Adventures, the outline of one, its invite link and Cast.

Every view here starts from `directed_adventure`, so nobody but the Director gets past the
first line (404). Each form works as a plain page; with htmx it opens in place in the outline
and, once saved, the outline is redrawn.
"""

import re

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from sessions import exports
from sessions import rules as R
from sessions.access import directed_adventure, joined_adventure, visible_adventures
from sessions.actions import cast, session_zero
from sessions.actions.after_the_end import campaign_grew
from sessions.campaigns import carry_lines_veils, table_settings, visible_campaigns
from sessions.forms import AdventureForm
from sessions.models import Adventure, Campaign, CastMember, KeptOut
from sessions.views.answers import LARGEST_ID, whole_number
from sessions.views.cast import public_adventure
from sessions.views.outline import form_page, outline, outline_adventure, outline_context

# What ``?open=`` may name: an item of the outline, by its anchor.
# The tag of a message that stands only until the Adventure has a Leg (prep.js takes it away
# as the first Leg is added in the page).
UNTIL_FIRST_LEG = "until-first-leg"
OPEN_ITEM = re.compile(r"(leg|scene|location|danger)-[0-9]{1,10}")


@require_GET
def adventure_list(request: HttpRequest) -> HttpResponse:
    """The user's Campaigns and Adventures, directed and played."""
    context = {
        "campaigns": visible_campaigns(request.user).select_related("director"),
        "adventures": visible_adventures(request.user).select_related("director", "campaign"),
    }
    return render(request, "sessions/adventure_list.html", context)


@require_GET
def adventure(request: HttpRequest, pk: int) -> HttpResponse:
    """The Director's outline, or the Cast's public view: two templates, never one with ifs."""
    adventure, directs = joined_adventure(request, pk)
    if not directs:
        # Session zero already open: the page would take the player to the table as it opened
        # (follow.js), so one loaded after goes there at once (fresh-eyes phone, item 4). In
        # play it stays a page to read (the whole journal, the story so far), with its button.
        if adventure.status == Adventure.Status.PREP and session_zero.is_open(adventure):
            return redirect("table", adventure.pk)
        return public_adventure(request, adventure)
    adventure = outline_adventure(pk, request.user)
    template = "sessions/outline.html"
    if request.htmx:
        template += "#outline"
    # ?open=scene-7: back from an item's own edit page, its Leg comes open.
    anchor = request.GET.get("open", "")
    if not OPEN_ITEM.fullmatch(anchor):
        anchor = ""
    # &added=1: that item was just added (a Scene or Key Location offers its Dangers next).
    added = bool(anchor) and request.GET.get("added") == "1"
    context = outline_context(request, adventure, anchor=anchor, added=added)
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
def adventure_create(request: HttpRequest) -> HttpResponse:
    """A new Adventure; ``?campaign=`` makes it the next of one of the Director's Campaigns."""
    campaign = Campaign.objects.filter(
        pk=whole_number(request.GET.get("campaign")) or 0, director=request.user
    ).first()
    # The next Adventure of a Campaign starts with the table's settings of the last one: shown
    # in the form to change, and kept when a post leaves them out (an older form).
    carried = table_settings(campaign) if campaign else {}
    data = None
    if request.method == "POST":
        data = request.POST.copy()
        for name, value in carried.items():
            if name not in data:
                data[name] = "" if value is None else value
    form = AdventureForm(data, director=request.user, initial={"campaign": campaign, **carried})
    if form.is_valid():
        adventure = form.save(commit=False)
        adventure.director = request.user
        adventure.save()
        if adventure.campaign:
            carry_lines_veils(adventure)
            campaign_grew(adventure)  # phones left on the last one's table offer to join it
            # Only a Campaign that had an Adventure before has heroes and a table to carry over.
            if adventure.campaign.adventures.exclude(pk=adventure.pk).exists():
                messages.success(
                    request,
                    f"“{adventure.title}” is the next adventure of “{adventure.campaign.title}”: "
                    "its heroes can join with one tap from the campaign's page or their home "
                    "page. The table's dice, seats and Lines & Veils carry over from last time.",
                )
            else:
                messages.success(
                    request,
                    f"“{adventure.title}” opens “{adventure.campaign.title}”. Add its first Leg!",
                    extra_tags=UNTIL_FIRST_LEG,
                )
        else:
            messages.success(
                request,
                f"“{adventure.title}” is yours to direct. Add its first Leg!",
                extra_tags=UNTIL_FIRST_LEG,
            )
        return redirect(adventure)
    heading = f"The next adventure of “{campaign.title}”" if campaign else "Direct a new adventure"
    action = reverse("adventure_create") + (f"?campaign={campaign.pk}" if campaign else "")
    return form_page(request, form, adventure=None, heading=heading, action=action)


@require_http_methods(["GET", "POST"])
def adventure_edit(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    form = AdventureForm(
        request.POST if request.method == "POST" else None,
        instance=adventure,
        director=request.user,
    )
    if form.is_valid():
        try:
            with transaction.atomic():
                # Under the Adventure's lock, as a prep item is: two tabs can't both pass it.
                Adventure.objects.select_for_update().filter(pk=adventure.pk).first()
                form.save()
                # A longer pitch or plan may make the export bigger than an import takes.
                exports.refuse_if_too_big(adventure)
        except ValidationError as too_big:
            adventure.refresh_from_db()  # the page around the form shows what is saved
            form.add_error(None, too_big.messages[0])
        else:
            return outline(request, adventure, anchor="adventure-head")
    action = reverse("adventure_edit", args=[pk])
    return form_page(request, form, adventure=adventure, heading="Edit adventure", action=action)


@require_http_methods(["GET", "POST"])
def adventure_delete(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    if request.method == "POST":
        adventure.delete()
        messages.success(request, f"“{adventure.title}” is gone, plans and all.")
        return redirect("adventure_list")
    return render(request, "sessions/adventure_delete.html", {"adventure": adventure})


# Legs, Scenes, Key Locations and Dangers share one shape: a parent, a form, a place in
# the outline. Each kind says how to find its objects and its parent from the URL.


@require_POST
def invite_regenerate(request: HttpRequest, pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    adventure.regenerate_invite()
    messages.info(request, "New invite link made: the old one no longer works.")
    return outline(request, adventure, anchor="invite")


@require_POST
def cast_remove(request: HttpRequest, pk: int, member_pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    members = CastMember.objects.select_related("adventure", "character")
    if member_pk > LARGEST_ID:
        raise Http404("No such member of the Cast")
    member = get_object_or_404(members, pk=member_pk, adventure=adventure)
    try:
        cast.leave_cast(member, request.user)
    except R.RuleError as refused:  # a finished Adventure's Cast is kept as it was played
        return outline(request, adventure, anchor="cast", refused=str(refused))
    return outline(request, adventure, anchor="cast")


@require_POST
def cast_let_back_in(request: HttpRequest, pk: int, user_pk: int) -> HttpResponse:
    adventure = directed_adventure(request, pk)
    if user_pk > LARGEST_ID:
        raise Http404("Nobody by that id")
    kept_out = get_object_or_404(KeptOut, adventure=adventure, user_id=user_pk)
    cast.let_back_in(adventure, kept_out.user_id)
    return outline(request, adventure, anchor="cast")
