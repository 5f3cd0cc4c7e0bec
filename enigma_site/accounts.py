"""Sign up, log in, log out and change password."""

from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth import (
    get_user_model,
    login,
    logout,
    password_validation,
    update_session_auth_hash,
)
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from characters.text import StorableTextForm
from enigma_site.devices import remember_device
from enigma_site.login_guard import client_address
from enigma_site.skeleton import skeleton
from sessions.joincode import SIGNUPS_PER_ADDRESS
from sessions.models.attempts import count, over_limit

HOUR = timedelta(hours=1)
SIGNUP = "signup"
LOOK_ALIKE = (
    "That name looks just like someone else’s here: at the table nobody could tell you apart. "
    "Pick one of your own."
)
TOO_MANY_SIGNUPS = (
    "Lots of new accounts have been made from here in the last hour. "
    "Catch your breath and try again a little later."
)


def _listed(items: list[str], last: str) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def password_rules() -> str:
    """What the configured password validators ask for, in plain words, to read before the
    first try: asked of the validators themselves, so the words follow the settings."""
    needs, cannot, others = [], [], []
    for validator in password_validation.get_default_password_validators():
        match validator:
            case password_validation.MinimumLengthValidator():
                needs.append(f"at least {validator.min_length} characters")
            case password_validation.UserAttributeSimilarityValidator():
                cannot.append("too close to your username")
            case password_validation.CommonPasswordValidator():
                cannot.append("a common one such as “password123”")
            case password_validation.NumericPasswordValidator():
                cannot.append("all numbers")
            case _:
                others.append(validator.get_help_text())
    sentences = []
    if needs or cannot:
        sentence = f"Your password needs {_listed(needs, 'and')}" if needs else "Your password"
        if cannot:
            sentence += f"{',' if needs else ''} and can’t be {_listed(cannot, 'or')}"
        sentences.append(sentence + ".")
    return " ".join([*sentences, *others, "A few words strung together work well."])


class SignupForm(StorableTextForm, UserCreationForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["password1"].help_text = password_rules()

    def clean_username(self) -> str:
        username = super().clean_username()
        if self.has_error("username"):
            return username  # taken as it is, or in other capitals: Django has said so
        # Every name, read at each sign-up: a small site's few hundred names cost less than a
        # skeleton column kept beside Django's own users.
        drawn = skeleton(username)
        names = get_user_model().objects.values_list("username", flat=True)
        if any(skeleton(name) == drawn for name in names.iterator()):
            raise forms.ValidationError(LOOK_ALIKE, code="look_alike")
        return username


class LoginForm(StorableTextForm, AuthenticationForm):
    pass


class PasswordForm(StorableTextForm, PasswordChangeForm):
    pass


def _posted(request: HttpRequest):
    """The submitted data for a POST (even an empty one), None for a GET."""
    return request.POST if request.method == "POST" else None


def _status(form) -> int:
    """400 for a form sent back with its errors, as every form on the site answers."""
    return 400 if form.errors else 200


def _next_url(request: HttpRequest) -> str:
    """Where to go on to: a path of this site (``/join/…``), else home. A bare word
    (``?next=admin``) is no path, and neither is another site's address."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "home"


def _safe_next(request: HttpRequest) -> str:
    """The page to go on to after logging in or signing up, carried between the two forms;
    empty unless it is a page of this site."""
    target = _next_url(request)
    return "" if target == "home" else target


def _invite_context(request: HttpRequest, next_url: str) -> dict:
    """What a ``next`` of joining tells the sign-up and log-in pages: an invite (a code in
    it, ``/join/<code>/``, ``/join/<code>/hero/``) as ``invited``, with the Adventure it opens
    as ``invite`` so the pages name the table and its Director (issue 35 item 7); plain
    ``/join/``, no invite yet, as ``join_code`` (the code is asked for after). Looked up as
    the invite itself looks it up, a wrong code counted as a guess."""
    from sessions.views.joining import invited_adventure

    if not next_url.startswith("/join/"):
        return {}
    try:
        match = resolve(next_url.split("?")[0])
    except Resolver404:
        return {}
    if match.url_name == "join_by_code":
        return {"join_code": True}
    if match.url_name not in {"join", "join_new_hero"}:
        return {}
    try:
        adventure = invited_adventure(request, match.kwargs["code"])
    except Http404:
        return {"invited": True}
    return {"invited": True} if adventure.is_finished else {"invited": True, "invite": adventure}


@login_not_required
@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(_posted(request), label_suffix="")
    signups = {f"address:{client_address(request)}": SIGNUPS_PER_ADDRESS}
    if request.method == "POST" and form.is_valid() and over_limit(SIGNUP, signups, HOUR):
        form.add_error(None, TOO_MANY_SIGNUPS)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        count(SIGNUP, list(signups), HOUR)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome aboard, {user.username}! Adventure awaits.")
        # Signing up from an invite goes back to it: the invite is what brought them here.
        response = redirect(_next_url(request))
        remember_device(request, response, user.get_username())
        return response
    context = {"form": form, "next": _safe_next(request)}
    context |= _invite_context(request, context["next"])
    return render(request, "accounts/signup.html", context, status=_status(form))


@login_not_required
@sensitive_post_parameters("password")
@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = LoginForm(request, data=_posted(request), label_suffix="")
    status = 200
    if request.method == "POST":
        # A locked-out login never reaches the password check: django-axes' backend refuses it
        # and its middleware answers with login_guard.lockout_response instead of this page.
        if form.is_valid():
            login(request, form.get_user())
            response = redirect(_next_url(request))
            remember_device(request, response, form.get_user().get_username())
            return response
        status = 400
    context = {"form": form, "next": _safe_next(request)}
    context |= _invite_context(request, context["next"])
    return render(request, "accounts/login.html", context, status=status)


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    logout(request)
    messages.info(request, "You slipped out quietly. See you next game night!")
    return redirect("landing")


@sensitive_post_parameters("old_password", "new_password1", "new_password2")
@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponse:
    form = PasswordForm(request.user, _posted(request), label_suffix="")
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        messages.success(request, "Password changed. Your secrets are safe.")
        return redirect("home")
    return render(request, "accounts/password_change.html", {"form": form}, status=_status(form))
