"""The minimal write view: what any table action costs at least, through the same server,
handler, middlewares (session, CSRF, login) and database as the real ones. Every action's
figure is reported as a ratio to it."""

from django.conf import settings
from django.db import models, transaction
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST


class Tick(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "bench"

    def __str__(self) -> str:
        return f"tick {self.pk}"


@require_POST
def minimal_write(request: HttpRequest) -> HttpResponse:
    """One INSERT and one SELECT in a transaction; answered as a table action is (200, nothing
    to swap)."""
    with transaction.atomic():
        tick = Tick.objects.create(user_id=request.user.pk)
        Tick.objects.filter(user_id=request.user.pk, pk__lte=tick.pk).count()
    return HttpResponse(headers={"HX-Reswap": "none"})
