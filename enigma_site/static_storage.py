"""Static files as `collectstatic` leaves them for a site with DEBUG off: bundled, minified,
hashed and compressed, so that a phone's first visit to the table fetches as few bytes as
honestly possible (issue 27: ≤ 35 KB on the wire).

- *Bundled*: the scripts a page loads together (`BUNDLES`) become one file, one request and
  one response head instead of nine (`{% scripts %}`, enigma_site/templatetags/bundles.py,
  names the bundle, or with DEBUG on its source files one by one).
- *Minified*: our scripts and stylesheets keep their comments in the source (they say why);
  the copies served lose them and their indentation (rjsmin, rcssmin: whitespace and comments
  only, never a renamed identifier or a rewritten rule).
- *Compressed*: WhiteNoise writes a `.br` (Brotli, the `brotli` package) and a `.gz` beside
  each file and serves whichever the browser accepts.
"""

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Scripts a page loads together, in the order they run. Declared once: the storage makes
# the bundles from it, the template tag names a bundle or (DEBUG on) its parts.
EVERY_PAGE = ("js/site.js", "js/rules.js", "js/wakelock.js")
BUNDLES = {
    "js/every-page.js": EVERY_PAGE,
    "js/table-page.js": (
        "js/gamble-form.js",
        "js/table.js",
        "js/dice.js",
        "js/director.js",
        "js/cockpit.js",
        "js/real-dice.js",
        "js/pinned.js",
        "js/calls.js",
        "js/title.js",
        "js/hero-bar.js",
        "js/log-fit.js",
        "js/peril-fit.js",
        "js/gamble-extras.js",
        "js/previously.js",
        "js/roll-for-dialog.js",
        *EVERY_PAGE,
    ),
    "js/screen-page.js": (
        "js/gamble-form.js",
        "js/table.js",
        "js/screen.js",
        "js/zero-fit.js",
        "js/dice.js",
        "js/title.js",
        "js/previously.js",
        *EVERY_PAGE,
    ),
    "js/prep-page.js": ("js/prep.js", *EVERY_PAGE),
    "js/waiting-page.js": ("js/follow.js", *EVERY_PAGE),
}
# Minified by their makers already (htmx): a second pass would only cost time.
MINIFIED = (".min.js", ".min.css")


def minified(name: str, text: str) -> str:
    """A script or a stylesheet without comments and needless whitespace; a licence comment
    (`/*! … */`) stays with its code."""
    if name.endswith(".js"):
        return rjsmin.jsmin(text, keep_bang_comments=True)
    return rcssmin.cssmin(text, keep_bang_comments=True)


class StaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed, compressed storage, with bundles, writing scripts and stylesheets
    minified (every file is written through `_save`, its plain copy and its hashed copy)."""

    def post_process(self, paths, dry_run=False, **options):
        if not dry_run:
            for bundle, parts in BUNDLES.items():
                texts = []
                for part in parts:
                    storage, path = paths[part]
                    with storage.open(path) as source:
                        texts.append(source.read().decode("utf-8"))
                # `;` between files: one that ends without one can't run into the next. Saved
                # as it is: its hashed copy, the one served, is made from this one and minified
                # then (minified twice, rjsmin took a string for code and dropped its spaces).
                if self.exists(bundle):
                    self.delete(bundle)
                super()._save(bundle, ContentFile(";\n".join(texts).encode("utf-8")))
                paths[bundle] = (self, bundle)
        yield from super().post_process(paths, dry_run=dry_run, **options)

    def _save(self, name, content):
        if name.endswith((".js", ".css")) and not name.endswith(MINIFIED):
            content.seek(0)
            text = content.read()
            text = text.decode("utf-8") if isinstance(text, bytes) else text
            content = ContentFile(minified(name, text).encode("utf-8"))
        return super()._save(name, content)
