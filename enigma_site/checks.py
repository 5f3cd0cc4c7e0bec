"""The system check that stops a real site started without its name (`make run`, and
`manage.py check --deploy`), saying what to set; see `enigma_site.first_run`."""

import os

from django.conf import settings
from django.core.checks import Error, Tags, register

from enigma_site import first_run


@register(Tags.security, deploy=True)
def first_run_settings(app_configs, **kwargs) -> list[Error]:
    gaps = {} if settings.DEBUG else first_run.missing(os.environ)
    if not gaps:
        return []
    return [Error(first_run.explained(gaps), id="enigma.E001")]
