"""`{% scripts "js/table-page.js" %}`: the script tags of a page's scripts.

With DEBUG off collectstatic has made each bundle of `static_storage.BUNDLES` into one
minified file, and the tag names it: one request. With DEBUG on the source files are served
as they are, so the tag names each of the bundle's files, in the same order. Keyword arguments
become data- attributes of every tag (dice.js reads its sounds' addresses from its own).
"""

from django import template
from django.contrib.staticfiles.storage import staticfiles_storage
from django.templatetags.static import static
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from enigma_site.static_storage import BUNDLES, StaticStorage

register = template.Library()


@register.simple_tag
def scripts(bundle: str, **data: str) -> SafeString:
    files = (bundle,) if isinstance(staticfiles_storage, StaticStorage) else BUNDLES[bundle]
    attributes = format_html_join("", ' data-{}="{}"', data.items())
    return format_html_join(
        "",
        '<script src="{}"{} defer></script>',
        ((static(name), attributes) for name in files),
    )
