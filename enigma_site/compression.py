"""Pages leave compressed (gzip) for a client that accepts it.

BREACH reads a secret out of a compressed page by reflecting guesses into the same page and
watching its length. Django's GZipMiddleware, used here, adds the usual length masking ("Heal
The Breach": 0–100 random bytes in the gzip header of every compressed response), and the
CSRF token in a page is masked afresh on every response anyway, so repeated guesses measure
noise. Only text is compressed: pictures are WebP already (and keep their strong ETags), and
an event stream must never be (gzip holds bytes back until a block fills: the page would get
its events late). The streams `enigma_site.asgi` serves itself never pass Django at all.
"""

from django.middleware.gzip import GZipMiddleware

COMPRESSIBLE = ("text/html", "text/plain", "text/markdown", "text/css", "text/javascript")
COMPRESSIBLE += ("application/json", "application/manifest+json", "application/javascript")
COMPRESSIBLE += ("image/svg+xml",)


class TextCompression(GZipMiddleware):
    def process_response(self, request, response):
        kind = response.get("Content-Type", "").split(";")[0].strip().lower()
        if kind not in COMPRESSIBLE:
            return response
        return super().process_response(request, response)
