"""What a table's streams carry, as text: for tests that check a secret is on none of them."""

from sessions import live


def streamed(adventure, listeners) -> dict[str, str]:
    """Each listener's catch-up snapshot and every event of the table as drawn for them."""
    heard = {}
    for listener in listeners:
        heard[f"snapshot {listener.audience}"] = live.snapshot(listener, adventure)[0]
    for event in adventure.events.all():
        drawing = live.draw_event(event.pk)
        own = live.draw_own(drawing, {listener.audience: listener for listener in listeners})
        heard[f"event {event.kind}"] = drawing.public.decode() + "".join(
            text.decode() for text in own.values()
        )
    return heard
