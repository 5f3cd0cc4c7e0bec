"""Joining a table by its short code: typed at `/join/`, or scanned from the TV's QR code.

The code finds the Adventure and sends the player on to its join page (`cast.join`), where
they pick a hero. Wrong codes are counted per account and per address, in the database (so
every server process counts the same), and guessing them is slow (`joincode`).
"""

from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.module_loading import import_string
from django.views.decorators.http import require_GET

from characters.text import StorableTextForm
from sessions.joincode import WRONG_GUESSES, WRONG_GUESSES_PER_ADDRESS, normalised
from sessions.models import Adventure, attempts

HOUR = timedelta(hours=1)
WRONG_CODE = "join_code"


class JoinCodeForm(StorableTextForm, forms.Form):
    code = forms.CharField(
        label="Join code",
        max_length=20,
        help_text="The six letters and digits on the TV.",
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )


def _guessers(request: HttpRequest) -> dict[str, int]:
    """Who a wrong code counts against, each with their allowance an hour: the account, and
    the address it came from (however many accounts are made there)."""
    keys = {}
    if request.user.is_authenticated:
        keys[f"user:{request.user.pk}"] = WRONG_GUESSES
    address = import_string(settings.AXES_CLIENT_IP_CALLABLE)(request)
    if address:
        keys[f"address:{address}"] = WRONG_GUESSES_PER_ADDRESS
    return keys


def too_many_guesses(request: HttpRequest) -> bool:
    return attempts.over_limit(WRONG_CODE, _guessers(request), HOUR)


def _count_wrong_guess(request: HttpRequest) -> None:
    attempts.count(WRONG_CODE, list(_guessers(request)), HOUR)


def invited_adventure(request: HttpRequest, code: str) -> Adventure:
    """The Adventure an invite link (its long secret) or a join code (six characters, any
    case) opens, or 404: for a code switched off or replaced, too."""
    queryset = Adventure.objects.select_related("director", "campaign")
    short = normalised(code) if len(code) <= 20 else None
    if short is not None and too_many_guesses(request):
        raise Http404("Too many wrong join codes: try again in an hour")
    found = queryset.filter(join_code=short) if short else queryset.filter(invite_code=code)
    adventure = found.first()
    if adventure is None:
        if short is not None:
            _count_wrong_guess(request)
        raise Http404("No table has that code")
    return adventure


def closed(request: HttpRequest, adventure: Adventure) -> HttpResponse:
    """A finished Adventure's invite: THE END, said plainly, and no way to a seat (410)."""
    return render(request, "sessions/join_closed.html", {"adventure": adventure}, status=410)


@login_not_required
@require_GET
def join_by_code(request: HttpRequest) -> HttpResponse:
    """`/join/`: type the code, land on the table's join page. Open to anyone: a stranger
    types the code first and is then asked to sign up for that table, named (`cast.join`)."""
    form = JoinCodeForm(request.GET if "code" in request.GET else None)
    status = 200
    if form.is_valid():
        code = normalised(form.cleaned_data["code"])
        if code is None:
            form.add_error("code", "A join code is six letters and digits, like 7KX4PQ.")
        else:
            try:
                adventure = invited_adventure(request, code)
            except Http404 as refusal:
                form.add_error("code", f"{refusal}. Check the code on the TV.")
                status = 404
            else:
                if not adventure.is_finished:
                    return redirect("join", code=adventure.join_code)
                said = f"“{adventure.title}” has finished: its table takes no new heroes."
                form.add_error("code", said)
                status = 410
    if form.errors and status == 200:
        status = 400
    return render(request, "sessions/join_code.html", {"form": form}, status=status)
