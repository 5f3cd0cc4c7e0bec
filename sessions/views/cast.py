"""Joining a Cast with an invite link, and the Cast's view of an Adventure (Lines & Veils are
sessions/views/safety.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods

from characters.models import Character
from characters.views.creation import MadeFor, make_hero_for
from sessions import rules as R
from sessions.actions import cast
from sessions.forms import JoinForm
from sessions.models import Adventure
from sessions.parts import kept
from sessions.views.joining import closed, invited_adventure
from sessions.views.outline import (
    safety_context,
    story_context,
)


def free_characters(user):
    """The user's heroes who can join a Cast: not in another unfinished one, career not over."""
    return Character.objects.filter(owner=user, career_ended=False).exclude(
        cast_memberships__active=True
    )


def public_adventure(
    request: HttpRequest, adventure: Adventure, safety_form=None, status: int = 200
) -> HttpResponse:
    """What a Cast player sees of an Adventure: nothing the Director keeps secret.

    The context is built from public fields only, so a secret can't leak through a template.
    Before play starts the page follows the table's stream (`follow.js`), from the newest
    event read first, so nothing that happens while the page is drawn is missed.
    """
    waiting = adventure.status == Adventure.Status.PREP
    after = kept.last_event(adventure.pk) if waiting else None
    legs = [
        {
            "title": leg.title,
            "status": leg.get_status_display(),
            "scenes": [
                {
                    "beat": scene.beat,
                    "where": scene.framing_where,
                    "what": scene.framing_what,
                    "who": scene.framing_who,
                    "location": scene.key_location.name if scene.key_location else "",
                    "description": (
                        scene.key_location.public_description if scene.key_location else ""
                    ),
                }
                # Scenes not yet reached are the Director's to reveal.
                for scene in leg.scenes.all()
                if scene.status != scene.Status.PLANNED
            ],
        }
        for leg in adventure.legs.prefetch_related("scenes__key_location")
        if leg.status != leg.Status.PLANNED
    ]
    campaign = adventure.campaign
    context = {
        "adventure": {
            "pk": adventure.pk,
            "title": adventure.title,
            "pitch": adventure.pitch,
            "director": adventure.director.username,
            "status": adventure.get_status_display(),
            "is_finished": adventure.is_finished,
        },
        "campaign": {"title": campaign.title, "url": campaign.get_absolute_url()}
        if campaign
        else None,
        "legs": legs,
        "follow": None if after is None else {"after": after},
        "cast": adventure.cast.select_related("character__owner"),
        # Revealed at the table: the Cast's to keep.
        "handouts": adventure.handouts.filter(revealed__isnull=False).order_by("revealed", "pk"),
        **story_context(adventure, directs=False),
        **safety_context(request, adventure, safety_form),
    }
    return render(request, "sessions/adventure_public.html", context, status=status)


@login_not_required
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    if not request.user.is_authenticated:
        # A stranger who scanned the TV: Sign up first (Log in is a tap away there), and on
        # to making a hero for this table (issue 34 item 7). The code is checked first: a
        # wrong one or a finished table says so before anyone signs up for nothing.
        if (adventure := invited_adventure(request, code)).is_finished:
            return closed(request, adventure)
        made = urlencode({"next": reverse("join_new_hero", args=[code])})
        return redirect(f"{reverse('signup')}?{made}")
    adventure = invited_adventure(request, code)
    if adventure.director_id == request.user.pk:
        messages.info(request, "You direct this adventure: share the link with your players.")
        return redirect(adventure)
    if adventure.is_finished:
        return closed(request, adventure)
    if cast.is_kept_out(adventure, request.user.pk):
        messages.info(request, cast.KEPT_OUT)
        return redirect("home")
    characters = free_characters(request.user)
    # A player with one free hero has nothing to choose: that hero is ticked already.
    only = [hero.pk for hero in characters[:2]]
    initial = {"character": only[0]} if len(only) == 1 else {}
    form = JoinForm(
        request.POST if request.method == "POST" else None, characters=characters, initial=initial
    )
    if form.is_valid():
        character = form.cleaned_data["character"]
        try:
            cast.join_cast(adventure, character, request.user)
        except IntegrityError:
            # Another tab joined this hero somewhere a moment ago.
            form.add_error("character", f"{character.name} is already in another Cast.")
        except R.RuleError as refused:  # the last free seat went a moment ago
            form.add_error(None, str(refused))
        else:
            messages.success(request, f"{character.name} joins the Cast of “{adventure.title}”!")
            # To the table, as a hero made for it goes (a fresh-eyes evening: a hero who had
            # one already landed on the Adventure's page, the others at the table).
            return redirect("table", adventure.pk)
    members = adventure.cast.select_related("character")
    context = {
        "adventure": adventure,
        "form": form,
        "members": members,
        "full": None if adventure.has_room(len(members)) else cast.full_table(adventure),
        "has_characters": bool(only),
        # With none free: why, in words that fit (no heroes at all, all busy, all retired).
        "none_free": None if only else _none_free(request.user),
        # Creation comes back here afterwards, so the new hero can join at once.
        "create_url": f"{reverse('character_create')}?{urlencode({'next': request.path})}",
        # With no hero free: one made here takes its seat as it is saved.
        "new_hero_url": reverse("join_new_hero", args=[code]),
    }
    return render(request, "sessions/join.html", context, status=400 if form.errors else 200)


def _none_free(user) -> str:
    """Why none of the user's heroes can join: "none" (they have no hero yet), "retired"
    (every career is over), or "busy" (the rest are in other unfinished Adventures)."""
    heroes = Character.objects.filter(owner=user)
    careers_ended = list(heroes.values_list("career_ended", flat=True))
    if not careers_ended:
        return "none"
    return "retired" if all(careers_ended) else "busy"


@require_http_methods(["GET", "POST"])
def join_new_hero(request: HttpRequest, code: str) -> HttpResponse:
    """`/join/<code>/hero/`: "Make a hero for <Adventure>" (issue 34 item 7), where a player
    with no hero free to join (a stranger just signed up from the TV's QR code) lands. Saving
    the hero seats them in the Cast and takes them to the table. The page is the characters
    app's creation page; the seat is taken here, by the rules of the invite."""
    adventure = invited_adventure(request, code)
    invite = reverse("join", args=[code])
    if adventure.is_finished:
        return closed(request, adventure)
    if adventure.director_id == request.user.pk:
        return redirect(invite)  # the invite says why
    if request.method == "GET" and (
        free_characters(request.user).exists() or not adventure.has_room(adventure.cast.count())
    ):
        # A hero of theirs is free (chosen there), or the table is full (it says so). A hero
        # already being made is saved all the same, and the seat tried then (`seat`).
        return redirect(invite)

    def seat(character: Character) -> tuple[str, str]:
        try:
            cast.join_cast(adventure, character, request.user)
        except (IntegrityError, R.RuleError) as refused:  # the last seat went a moment ago
            messages.warning(request, f"{character.name} couldn't join: {refused}")
            return invite, ""
        return reverse("table", args=[adventure.pk]), f"joins the Cast of “{adventure.title}”"

    heading = f"Make a hero for “{adventure.title}”"
    made_for = MadeFor(
        heading=heading,
        url=request.path,
        back=reverse("home"),
        then=seat,
        director=adventure.director.username,
    )
    return make_hero_for(request, made_for)
