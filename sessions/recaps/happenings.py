"""Each memorable thing of a Scene as a sentence of the recap (`sessions.recaps.writer`)."""

from sessions.grammar import ORDINALS, listed, number, quote, quote_before_tag
from sessions.recaps.chapter import Happening, Moment
from sessions.recaps.framing import sentence
from sessions.recaps.phrasing import Words
from sessions.retold import with_name
from sessions.telling import object_, possessive, subject
from sessions.tenses import in_past
from sessions.wording.director import name_inside
from sessions.wording.gambles import own_deed
from sessions.wording.typed import Kind, read


def happening(h: Happening, words: Words, again: bool = False) -> str:
    """One happening as a sentence. ``again``: the sentence before was about the same hero,
    so this one doesn't name them again."""
    if again and (said := _again(h, words)):
        return said
    return _of_a_hero(h, words) or _of_the_table(h, words)


def _of_a_hero(h: Happening, words: Words) -> str:
    """A hero's moment (their Gamble, Knockout, luck, gear) told with their name; "" for the
    table's moments."""
    hero = h.hero or "Someone"
    match h.moment:
        case Moment.KNOCKOUT:
            said = words.pick(
                f"{hero} went down hard: Knockout!",
                f"Lights out for {hero}: a Knockout!",
                f"{hero} took one blow too many and hit the floor. Knockout!",
            )
            return _knockout_after(said, h)
        case Moment.RETIRING:
            return f"That was {hero}'s fourth Knockout: time to think about retiring."
        case Moment.GAMBLE:
            return _gamble(h, words, hero)
        case Moment.BLAMMO:
            return words.pick(
                f"{h.text} went {hero}'s Blammo! Dice, and it paid off.",
                f"{h.text} {hero} spent Blammo! Dice and pulled it off.",
                f"{hero} threw everything at it ({h.text}) and came up a winner.",
            )
        case Moment.BLAMMO_FLOP:
            return f"{hero} went all in ({h.text}) and still came up short."
        case Moment.SNATCHED:
            return _snatched(words, hero)
        case Moment.CATCHPHRASE:
            if h.text:
                return f"{quote_before_tag(h.text)} cried {hero}, and the re-rolled dice came good."
            return f"{hero}'s Catchphrase re-roll turned a blunder into a success."
        case Moment.INVESTIGATED:
            return f"{hero} took a closer look{_looked(h, words)}."
        case Moment.GEAR_LOST:
            gear = f"{possessive(words.of(h.hero))} gear"
            return f"{hero} was parted from {gear}: {words.inside(h.text, h.hero)}, gone."
    return ""


def _of_the_table(h: Happening, words: Words) -> str:
    """The table's moment (a foe down, a handout, a Group Gamble, a Rest, a Tumult, the
    Director's line) as a sentence."""
    match h.moment:
        case Moment.DANGER_OUT:
            if not h.text:
                return "A foe the Cast never saw clearly went down too."
            if h.hero:
                return f"{h.hero} put {name_inside(h.text)} out of the picture."
            return f"Out of the picture went {name_inside(h.text)}."  # one foe or a crowd alike
        case Moment.HANDOUT:
            return words.pick(
                f"The Director slid a handout across the table: {quote(h.text.strip())}.",
                f"A handout came to light: {quote(h.text.strip())}.",
            )
        case Moment.GROUP:
            tally = f": {_of(h.count, h.of)}," if h.of > 1 else ","
            verdict = "they pulled it off" if h.success else "it went wrong"
            return f"{_together(h)}{tally} and {verdict}."
        case Moment.GROUP_CALLED:
            return f"{_together(h)}."
        case Moment.GROUP_TALLY:  # after its members' parts: the Group Gamble named again
            verdict = "together they pulled it off" if h.success else "the Group Gamble went wrong"
            if h.of > 1:
                return f"All told, {_of(h.count, h.of)}, and {verdict}."
            return sentence(verdict[:1].upper() + verdict[1:])
        case Moment.REST:
            # Rests one after another told once ("caught their breath twice"); a later one,
            # after other happenings, "again": never the same sentence twice over.
            times = " twice" if h.count == 2 else f" {number(h.count)} times" if h.count > 2 else ""
            breath = f"The Cast caught their breath{times}{' again' if h.more else ''}"
            return f"{breath}, and {h.text} shook off some Peril." if h.text else f"{breath}."
        case Moment.TUMULT:
            # Each Tumult of the chapter told in its turn, numbered (a fresh-eyes recap: two
            # stock phrases side by side, "Fists flew…: a Tumult of one round. Then all hell
            # broke loose: a Tumult, one round of it.").
            rounds = f"{number(h.count)} round{'s' if h.count != 1 else ''}"
            words.tumults += 1
            if words.tumults == 1:
                return f"A Tumult broke out ({rounds})."
            n = words.tumults
            nth = f"a {ORDINALS[n - 1]}" if n <= len(ORDINALS) else "another"
            return f"Later {nth} Tumult ({rounds})."
        case Moment.STRUCK:
            foes = h.text or "the enemies"
            return words.pick(
                f"{foes[:1].upper()}{foes[1:]} struck back: Peril for {listed(list(h.who))}.",
                f"{listed(list(h.who))} took Peril as {foes} hit back.",
            )
        case Moment.NARRATION:
            return sentence(h.text)
        case Moment.CLUE:  # the crib's line, in the writer's own voice
            return sentence(f"They found a clue: {words.inside(h.text).rstrip('.!…')}")
    return ""


def _together(h: Happening) -> str:
    """A Group Gamble's members and its action: “Sam and Ada gambled together (“Search…”)”."""
    what = f" ({quote(h.text.strip())})" if h.text.strip() else ""
    return f"{listed(h.who) or 'The whole Cast'} gambled together{what}"


def _looked(h: Happening, words: Words) -> str:
    """At what an Investigation looked (``text``) and what it found (``more``), inside the
    sentence and told of the hero: “ at the clerk showing them the ledger and came away with
    a lead”. A question or a clause is quoted, never put after “at”: “ (“Who paid the
    clerk?”)”."""
    typed = read(h.text, h.hero, words.names, tasks=False, pronouns=words.of(h.hero))
    if not typed.typed:
        about = ""
    elif typed.kind is Kind.THING:
        about = f" at {typed.told.rstrip('.?!')}"
    else:
        about = f" ({quote(typed.typed)})"
    found = f" and came away with {words.inside(h.more, h.hero)}" if h.more.strip() else ""
    return about + found


def _gamble(h: Happening, words: Words, who: str) -> str:
    """A Gamble with its stated action (``text``) and its Blammo! sound effects (``more``),
    told of ``who`` (its hero, or “Next they”): “Ada set out to pick the lock, and pulled it
    off.” The player's own words are told of their hero: “search my satchel” → “search their
    satchel”; typed as a sentence about the hero (“Ada bluffs the foreman”, “I bluff the
    foreman”), they are the sentence: “Ada Quill bluffs the foreman: a success!”"""
    told_as = words.of(h.hero)
    typed = read(h.text, h.hero, words.names, pronouns=told_as)
    more = f" ({h.more})" if h.more else ""
    mine = own_deed(h.hero, h.text, words.names, told_as) if h.hero else None
    if typed.kind is Kind.HERO or mine:  # in the past, as the whole recap is told
        said = in_past(h.hero, mine or typed.told.rstrip(".!?")) + more
        if h.snatched:
            return _snatched(words, said=said)
        if h.success:
            return words.pick(f"{said}: a success!", f"{said}. It came good.")
        return words.pick(f"{said}: a blunder.", f"{said}. It went wrong.")
    if typed.kind is Kind.TASK:
        task = f"{typed.told.rstrip('.!?')}{more}"
        tried = f"{who} set out to {task}"
        if h.success and not h.snatched:  # an evening of Gambles not told the one way
            return words.pick(
                f"{tried}, and pulled it off.",
                f"{tried}: a success!",
                f"{who} tried to {task}, and managed it.",
                f"{who} needed to {task}, and did just that.",
            )
        if not h.snatched:
            return words.pick(
                f"{tried}, and blundered.",
                f"{tried}: a blunder.",
                f"{who} tried to {task}, but blundered.",
                f"{who} tried to {task}: a blunder.",
            )
    else:
        tried = f"{who} went for {quote(with_name(h.hero, typed.typed.rstrip('.')))}{more}"
    if h.snatched:
        return _snatched(words, tried=tried)
    if h.success:
        return words.pick(f"{tried}, and pulled it off.", f"{tried}: a success!")
    return words.pick(f"{tried}, and blundered.", f"{tried}: a blunder.")


def _snatched(words: Words, hero: str = "", *, tried: str = "", said: str = "") -> str:
    """A Gamble that Lucky Saves turned from a blunder into a success, told the one way
    wherever the recap tells it: after the sentence of the Gamble, begun by ``tried`` (“Ada
    set out to pick the lock”) or by the hero's own words, ``said`` (“Ada bluffed the
    foreman”); else, with no sentence of the Gamble to end, one of its own about ``hero``."""
    nudged = "a blunder, until Lucky Saves nudged the dice into a success"
    if said:
        return f"{said}: {nudged}!"
    if tried:
        return words.pick(
            f"{tried}: {nudged}.",
            f"{tried}, and pulled it off by a whisker, Lucky Saves turning a blunder round.",
        )
    return words.pick(
        f"{hero} was staring at a blunder until Lucky Saves nudged the dice: "
        "a success, by a whisker.",
        f"Lucky Saves turned {hero}'s blunder into a success at the last moment.",
    )


def _knockout_after(said: str, h: Happening) -> str:
    if h.text:  # how long it lasted, in the words of every other screen
        said += f" Out {h.text}."
    return f"{said} ({sentence(h.more)})" if h.more else said


def _again(h: Happening, words: Words) -> str:
    """A happening told without its hero's name, who the sentence before was about, by the
    hero's pronouns ("she", "her"); "" where the usual words serve (they don't start with the
    name)."""
    told_as = words.of(h.hero)
    they, them, their = subject(told_as), object_(told_as), possessive(told_as)
    They, Their = they.capitalize(), their.capitalize()
    match h.moment:
        case Moment.KNOCKOUT:
            said = words.pick(
                f"One blow later {they} hit the floor: Knockout!",
                f"Then the lights went out for {them}: a Knockout!",
            )
            return _knockout_after(said, h)
        case Moment.RETIRING:
            return f"That was {their} fourth Knockout: time to think about retiring."
        case Moment.GAMBLE:
            return _gamble(h, words, f"Next {they}")
        case Moment.BLAMMO:
            return f"{They} went all in ({h.text}), and it paid off."
        case Moment.BLAMMO_FLOP:
            return f"{They} went all in ({h.text}) and still came up short."
        case Moment.SNATCHED:  # the same Gamble as the sentence before: no "next" blunder
            return "It took Lucky Saves to turn a blunder round, by a whisker."
        case Moment.CATCHPHRASE if h.text:
            return f"{quote_before_tag(h.text)} {they} cried, and the re-rolled dice came good."
        case Moment.CATCHPHRASE:
            return f"{Their} Catchphrase re-roll turned a blunder into a success."
        case Moment.DANGER_OUT if h.text:  # the hero named: "their hands" may be anyone's
            return words.pick(
                f"That put {name_inside(h.text)} out of the picture.",
                f"Down went {name_inside(h.text)}, at {h.hero}'s hands.",
            )
        case Moment.INVESTIGATED:
            return f"{They} took a closer look{_looked(h, words)}."
    return ""


def _of(count: int, of: int) -> str:
    """How many of a Group Gamble's Gambles came good, in words: “not one of the three came
    good”, “both came good”, “two of three came good” (never “no of two”)."""
    if count == 0:
        return "neither came good" if of == 2 else f"not one of the {number(of)} came good"
    if count == of:
        return "both came good" if of == 2 else f"all {number(of)} came good"
    return f"{number(count)} of {number(of)} came good"
