"""`manage.py first_steps`: on a real site nobody has an account on yet, how to make the
first Director's (`make run` says it at every start until there is one); else nothing."""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from enigma_site import first_run


class Command(BaseCommand):
    help = "Say how to make the first account, while the site has none."

    def handle(self, *args: Any, **options: Any) -> None:
        if get_user_model().objects.exists():
            return
        hosts = [host for host in settings.ALLOWED_HOSTS if host.strip(".*")]
        host = hosts[0].lstrip(".") if hosts else "your-site"
        self.stdout.write(self.style.WARNING(first_run.no_accounts_yet(host)))
