"""`{{ detail.text|mid_sentence:names }}`: typed words joined into a sentence, their first
letter lowered unless it starts a name (`sessions.wording`, with the names the page knows);
`{% attempt %}` and `{% sight %}`: a hero's Gamble and Wide Shot detail as sentences that read
right whatever was typed, the hero's name in bold where the sentence starts with it."""

from django import template
from django.utils.html import format_html, format_html_join

from characters.pronouns import THEY
from sessions import repeats
from sessions import rules as R
from sessions.grammar import listed
from sessions.leg_names import leg_name, leg_title
from sessions.wording.gambles import attempt, helping
from sessions.wording.investigations import closer_look
from sessions.wording.typed import Kind, mid_sentence, read, stop
from sessions.wording.wideshots import sight_said

register = template.Library()


@register.filter("mid_sentence", is_safe=True)
def mid_sentence_filter(text: str, names=()) -> str:
    return mid_sentence(str(text), names or ())


@register.simple_tag
def attempt_of(hero: str, intent: str, names=(), strong: bool = False, pronouns=THEY) -> str:
    """`{% attempt_of gamble.character.name gamble.setup.intent gamble.names %}`: "Ada tries to
    bluff the foreman", "Ada Quill bluffs the foreman" (typed "I bluff the foreman"); with
    ``pronouns=gamble.character.pronouns``, "my badge" told as the hero's "her badge"."""
    said = attempt(str(hero), str(intent), names or (), str(pronouns or THEY))
    return _named(said, str(hero), strong)


@register.simple_tag
def sight_of(hero: str, detail: str, names=(), strong: bool = False, pronouns=THEY) -> str:
    """`{% sight_of detail.character.name detail.text names strong=True %}`: "Ada sees a
    brass key.", "Ada notices: a torn press badge glints on the floor." (the one place every
    screen's Wide Shot draws a detail: one stop at its end, `sight_said`)."""
    said = sight_said(str(hero), str(detail), names or (), str(pronouns or THEY))
    return _named(said, str(hero), strong)


@register.simple_tag
def closer_look_of(hero: str, prompt: str, names=(), pronouns=THEY) -> str:
    """`{% closer_look_of event.character.name event.data.prompt %}`: "Ada takes a closer
    look at the ledger", never "takes a closer look" above "The ledger" as if missing "at"."""
    return closer_look(str(hero), str(prompt), names or (), str(pronouns or THEY))


@register.simple_tag
def attempting(intent: str, names=()) -> str:
    """A player's own Gamble on their panel, in their own words, one form whatever they typed:
    "Attempting: “Kick the door in”", "Attempting: “I bluff the foreman”"."""
    return f"Attempting: “{' '.join(str(intent).split())}”"


@register.simple_tag
def looked_at(prompt: str, hero: str = "") -> str:
    """What an Investigation looked into, after "You investigated": a thing as it reads in
    the sentence ("the ledger's torn pages"), a question or a clause quoted (“Who paid the
    clerk?”), never put after the verb as if it were a thing."""
    typed = read(str(prompt), str(hero), tasks=False)
    if typed.kind is Kind.THING:
        return mid_sentence(typed.typed.rstrip(".?!"), (str(hero),))
    return f"“{typed.typed}”"


@register.filter("stop", is_safe=True)
def stop_filter(text: str) -> str:
    """`{{ said|stop }}`: a sentence ending in a stop, unless it ends in one of its own."""
    return stop(text)


def _named(sentence: str, hero: str, strong: bool) -> str:
    if strong and hero and sentence.startswith(hero):
        return format_html("<strong>{}</strong>{}", hero, sentence[len(hero) :])
    return format_html("{}", sentence)


@register.filter("leg_title")
def leg_title_filter(title: str, number=None) -> str:
    """`{{ leg.title|leg_title:2 }}`: the title without a "Leg 2" it carries already."""
    return leg_title(_number(number), str(title or ""))


@register.filter("leg_name")
def leg_name_filter(title: str, number=None) -> str:
    """`{{ leg.title|leg_name:2 }}`: "Leg 2: The Monsoon Heist"."""
    return leg_name(_number(number), str(title or ""))


def _number(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@register.filter
def adds_to(intent: str, task: str) -> bool:
    """`{% if gamble.setup.intent|adds_to:group.description %}`: a member's own words, shown
    only when they say more than the Group Gamble's (`sessions.repeats`)."""
    return repeats.adds_to(str(intent or ""), str(task or ""))


@register.filter
def names_danger(intent: str, danger: str) -> bool:
    """`{% if not intent|names_danger:danger_name %}, against …{% endif %}`: never "hurl it at
    Vell's Thugs, against Vell's Thugs" (`sessions.repeats`)."""
    return repeats.names_danger(str(intent or ""), str(danger or ""))


@register.filter("helping")
def helping_filter(names) -> str:
    """`{{ gamble.setup.helper_names|helping }}`: "Sam Okafor helps" (`sessions.wording`)."""
    return helping(names or [])


@register.filter("lucky_saves_rolled")
def lucky_saves_rolled(roll: dict) -> str:
    """`{{ roll|lucky_saves_rolled }}`: what a Leg's +1d6 made of one hero's Lucky Saves, for
    the log. Wherever the cap ate some of the roll it says so, the same way every time:
    "Ada rolled 4: Lucky Saves 1 → 5.", "Ada rolled 3: Lucky Saves 5 → 6 (at most 6).",
    "Sam rolled 3: Lucky Saves stay at 6 (at most 6).". A throw by hand is told in the
    summary ("Ada rolled by hand: 3."), so its line doesn't say the roll again: "Ada: Lucky
    Saves 5 → 6 (at most 6)."."""
    name, rolled, before, after = roll["name"], roll["roll"], roll["from"], roll["to"]
    capped = before + rolled > after
    made = f"stay at {after}" if after == before else f"{before} → {after}"
    if capped:
        made += f" (at most {R.MAX_LUCKY_SAVES})"
    who = name if roll.get("by_hand") else f"{name} rolled {rolled}"
    return f"{who}: Lucky Saves {made}."


@register.filter("listed")
def listed_filter(items) -> str:
    """`{{ missing|listed }}`: "a cold open, Key Locations and a final showdown"."""
    return listed(str(item) for item in items or ())


@register.filter("whole_words")
def whole_words_filter(name: str) -> str:
    """`{{ hero.name|whole_words }}`: each word of a name kept whole on its line ("Mei-Ling"
    never broken after its hyphen); a narrow column wraps it between words alone."""
    return format_html_join(
        " ", '<span class="whole-word">{}</span>', ((word,) for word in str(name).split())
    )
