"""Recaps: the Director drafts, edits and publishes them; the Cast reads, prints and exports
the published ones. A draft is the Director's alone (404 for anyone else)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from sessions.access import directed_adventure, joined_adventure
from sessions.actions.after_the_end import recap_shared
from sessions.forms import RecapForm
from sessions.models import Recap
from sessions.recaps import drafts as recaps


def _readable_recap(request: HttpRequest, pk: int, recap_pk: int) -> tuple[Recap, bool]:
    """A recap the user may read, and whether they direct its Adventure: the Director reads
    every one, the Cast only those published."""
    adventure, directs = joined_adventure(request, pk)
    recaps_ = Recap.objects.filter(adventure=adventure)
    if not directs:
        recaps_ = recaps_.filter(published__isnull=False)
    recap = get_object_or_404(recaps_.select_related("adventure__campaign", "leg"), pk=recap_pk)
    return recap, directs


def _directed_recap(request: HttpRequest, pk: int, recap_pk: int) -> Recap:
    adventure = directed_adventure(request, pk)
    return get_object_or_404(
        Recap.objects.select_related("adventure", "leg"), pk=recap_pk, adventure=adventure
    )


def _page(request: HttpRequest, recap: Recap, directs: bool, form=None) -> HttpResponse:
    context = {
        "recap": recap,
        "adventure": recap.adventure,
        "directs": directs,
        "paragraphs": recaps.paragraphs(recap.body),
        "form": form or (RecapForm(instance=recap) if directs else None),
    }
    return render(request, "sessions/recap.html", context, status=400 if form else 200)


@require_GET
def recap(request: HttpRequest, pk: int, recap_pk: int) -> HttpResponse:
    return _page(request, *_readable_recap(request, pk, recap_pk))


@require_POST
def recap_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Draft a recap of what happened since the last one, now."""
    adventure = directed_adventure(request, pk)
    # As the page offers it: only once the table has played something since the last recap.
    nothing = recaps.nothing_to_recap(adventure)
    try:
        if nothing:
            raise recaps.NothingNew(nothing)
        drafted = recaps.draft_now(adventure)
    except recaps.NothingNew as refused:
        messages.info(request, str(refused))
        return redirect(adventure.get_absolute_url() + "#recaps")
    messages.success(request, "Drafted from the log: read it over, make it yours, publish it.")
    return redirect(drafted)


@require_POST
def recap_edit(request: HttpRequest, pk: int, recap_pk: int) -> HttpResponse:
    """Save the Director's edits; with "Save and publish", publish them too."""
    recap = _directed_recap(request, pk, recap_pk)
    form = RecapForm(request.POST, instance=recap)
    if not form.is_valid():
        recap.refresh_from_db()
        return _page(request, recap, True, form)
    form.save()
    if "publish" in request.POST:
        recaps.publish(recap, True)
        recap_shared(recap)  # phones left on a finished table show it at once
        messages.success(request, "Published: the Cast can read it now.")
    else:
        messages.success(request, "Saved.")
    return redirect(recap)


@require_POST
def recap_publish(request: HttpRequest, pk: int, recap_pk: int) -> HttpResponse:
    recap = _directed_recap(request, pk, recap_pk)
    published = request.POST.get("published") == "1"
    recaps.publish(recap, published)
    recap_shared(recap)  # phones left on a finished table show it, or stop, at once
    if published:
        messages.success(request, "Published: the Cast can read it now.")
    else:
        messages.info(request, "Back to a draft: the Cast no longer sees it.")
    return redirect(recap)


@require_POST
def recap_redraft(request: HttpRequest, pk: int, recap_pk: int) -> HttpResponse:
    recap = _directed_recap(request, pk, recap_pk)
    recaps.redraft(recap)
    messages.success(request, "Drafted again from the log.")
    return redirect(recap)


@require_POST
def recap_delete(request: HttpRequest, pk: int, recap_pk: int) -> HttpResponse:
    recap = _directed_recap(request, pk, recap_pk)
    recap.delete()
    messages.success(request, f"“{recap.title}” is gone.")
    return redirect(recap.adventure.get_absolute_url() + "#recaps")


@require_GET
def recap_markdown(request: HttpRequest, pk: int, recap_pk: int) -> HttpResponse:
    recap, _directs = _readable_recap(request, pk, recap_pk)
    response = HttpResponse(recaps.markdown(recap), content_type="text/markdown; charset=utf-8")
    name = slugify(f"{recap.adventure.title} {recap.title}") or "recap"
    response["Content-Disposition"] = f'attachment; filename="{name}.md"'
    return response
