"""Files that aren't pages (WhiteNoise's static files, the web app manifest) leave without the
headers that tell a browser nothing about them.

A first visit to the table fetches a few of them, and every header is paid on each:
- the Content-Security-Policy, X-Frame-Options, Cross-Origin-Opener-Policy and
  Referrer-Policy the middlewares give every response are read by a browser only on a page
  (a document it shows, or a stylesheet that loads something: ours load nothing);
- a file whose name carries its hash is sent "immutable" for a year: the browser never asks
  whether it changed, so its Last-Modified and ETag are never used.
nosniff (which matters for a script or a stylesheet), HSTS and the caching headers stay.
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from whitenoise.middleware import WhiteNoiseFileResponse

PAGE_ONLY = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "Cross-Origin-Opener-Policy",
    "Referrer-Policy",
)
VALIDATORS = ("Last-Modified", "ETag")
NOT_PAGES = ("application/manifest+json",)


def static_headers_middleware(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        static = isinstance(response, WhiteNoiseFileResponse)
        if static or response.get("Content-Type", "") in NOT_PAGES:
            for name in PAGE_ONLY:
                del response[name]
        if static and "immutable" in response.get("Cache-Control", ""):
            for name in VALIDATORS:
                del response[name]
        return response

    return middleware
