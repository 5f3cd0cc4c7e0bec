"""A Gamble in words (SRD: Gambles, Helping Out): its stated action told of its hero, who
helps, and the Gambles still open when the Director means to end a Scene."""

from collections.abc import Iterable

from sessions.grammar import quote
from sessions.retold import own_part, with_name
from sessions.wording.typed import Kind, read

# The sentences the app tells of a hero, typed words inside, without a closing stop: the screens
# show them as they stand, a log line adds its stop.


def attempt(hero: str, intent: str, names: Iterable[str] = (), pronouns: str | None = None) -> str:
    """A Gamble's stated action with its hero: "Ada tries to bluff the foreman", "Ada Quill
    bluffs the foreman" (as typed, "I bluff the foreman"), "Ada goes for “A leap of faith”"."""
    return _told(hero, intent, names, pronouns, task="tries to", words="goes for")


def gambled(hero: str, intent: str, names: Iterable[str] = (), pronouns: str | None = None) -> str:
    """A Gamble as the log tells its roll: "Sam gambles to swing the crane hook", "Ada Quill
    bluffs the foreman" (typed "I bluff the foreman"), "Ada gambles on “A leap of faith”"."""
    if not intent:
        return f"{hero} gambles"
    return _told(hero, intent, names, pronouns, task="gambles to", words="gambles on")


def _told(
    hero: str, intent: str, names: Iterable[str], pronouns: str | None, task: str, words: str
) -> str:
    """A stated action as a sentence of its hero: a task after ``task`` ("tries to"), a clause
    about the hero as it is, any other words quoted after ``words`` ("goes for")."""
    typed = read(intent, hero, names, pronouns=pronouns)
    if typed.kind is Kind.TASK:
        return f"{hero} {task} {typed.told}"
    if typed.kind is Kind.HERO:
        return typed.told
    # "Ada bluffs the guard while I sneak round": the "I" is the hero, told as such.
    mine = own_part(hero, typed.typed.rstrip("."), pronouns)
    return mine or f"{hero} {words} {quote(with_name(hero, typed.typed))}"


def own_deed(
    hero: str, intent: str, names: Iterable[str] = (), pronouns: str | None = None
) -> str | None:
    """A Gamble typed about another hero with the player's own part in it ("Ada bluffs the
    guard while I sneak round"), as a sentence about the hero that starts with their name
    ("Zoe Sparks sneaks round while Ada bluffs the guard"); None for any other words."""
    typed = read(intent, hero, names, pronouns=pronouns)
    if typed.kind in (Kind.TASK, Kind.HERO):
        return None
    mine = own_part(hero, typed.typed.rstrip("."), pronouns)
    return mine if mine and mine.startswith(hero) else None


def open_gambles_words(names: list[str]) -> str:
    """What the Director is told of the heroes whose Gambles are still open as they mean to end
    the Scene: on the refusal, and on every drawing of the cockpit while a warned one is open."""
    one = len(names) == 1
    return (
        f"{', '.join(names)} still {'has' if one else 'have'} a Gamble open: "
        f"{'its player is' if one else 'their players are'} told so, and may still spend "
        "a Lucky Save. Wait for them to lock in, or end the Scene anyway, locking "
        f"{'it' if one else 'them'} in as {'it stands' if one else 'they stand'}."
    )


def helping(names: Iterable[str]) -> str:
    """Who helps a hero's Gamble, each adding 1d6 (the SRD's "Helping Out"), as the TV says it:
    "Sam Okafor helps", "Sam and Cleo help", "Sam, Cleo and Ada help"; "" for nobody."""
    names = [name for name in names if name]
    if not names:
        return ""
    if len(names) == 1:
        return f"{names[0]} helps"
    return f"{', '.join(names[:-1])} and {names[-1]} help"
