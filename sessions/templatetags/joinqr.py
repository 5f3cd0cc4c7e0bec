"""The TV's QR code, drawn on the server as inline SVG (segno): no network, no script."""

import segno
from django import template
from django.utils.safestring import mark_safe

register = template.Library()


def join_url(request, path: str) -> str:
    return request.build_absolute_uri(path)


@register.simple_tag(takes_context=True)
def join_qr(context, path: str) -> str:
    """The QR code of the absolute join URL, or "" when drawn without a request (from the
    event stream, which serves every screen at once): the part then loads itself again from
    the screen's own address, which knows the host the TV reached."""
    request = context.get("request")
    if request is None:
        return ""
    code = segno.make(join_url(request, path), error="m")
    # Dark on light whatever the theme, with the quiet zone round it: what cameras read best.
    svg = code.svg_inline(
        scale=1,
        border=4,
        dark="#000",
        light="#fff",
        omitsize=True,
        svgclass="join-qr",
        title="QR code: scan it with your phone's camera to join",
    )
    return mark_safe(svg)  # segno's own markup; the URL in it is escaped by segno
