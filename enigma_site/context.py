"""What every page may show: the site's version, for the footer."""

from django.http import HttpRequest

from enigma_site import __version__


def version(request: HttpRequest) -> dict[str, str]:
    return {"enigma_version": __version__}
