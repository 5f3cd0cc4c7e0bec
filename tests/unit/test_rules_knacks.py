from sessions.rules import knack_warning


def test_a_one_word_knack_earns_a_gentle_warning():
    warning = knack_warning("shooting")
    assert warning is not None
    assert "“Shooting” is a bit broad" in warning


def test_a_specific_knack_reads_fine():
    assert knack_warning("Throwing large nets") is None
    assert knack_warning("  Listening to organ music ") is None


def test_blank_or_punctuation_only_knacks_are_not_warned_about():
    assert knack_warning("") is None
    assert knack_warning("   ") is None
    assert knack_warning("!!!") is None


def test_trailing_punctuation_does_not_hide_a_generic_knack():
    assert "“Climbing”" in knack_warning("climbing!")
