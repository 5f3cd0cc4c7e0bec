"""What a Gamble form sends, for tests that roll one through the table's URL."""

# Every Gamble says what the hero tries (the form requires it, as the SRD's Gambles do).
TRIES = "have a go at it"


def gamble_form(request_id: str, intent: str = TRIES, **data) -> dict:
    """The Gamble form's fields as posted: its request id, the intent and any of the pool's
    fields (``advantages=1``, ``faces="5 6"``, ``danger=pk``...)."""
    return {"request_id": request_id, "intent": intent, **data}
