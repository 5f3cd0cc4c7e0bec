import os

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from characters.models import Character
from sessions.models import Adventure, CastMember, Danger, KeyLocation, Leg, Scene

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# alongside it are still plain synchronous calls, so let Django allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "a-long-pulp-password-42"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # Real hashing is deliberately slow (half a second a password here): the tests' users
    # don't need it. The browser tests' server hashes as fast (tests/browser/loaded_asgi.py).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _media_folder(request, settings, tmp_path):
    """Pictures land in a folder of the test's own (a browser test shares the server's)."""
    if request.node.get_closest_marker("browser") is None:
        settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _nothing_handed_over():
    """The events actions handed to their drawings (`sessions.channel.handed`) go with the
    test's database, whose ids the next test uses again."""
    yield
    from sessions.channel import forget_handed

    forget_handed()


@pytest.fixture(autouse=True)
def _no_drawings_kept():
    """The drawings kept of tables (`sessions.parts.kept`) go with the test's database, whose
    ids the next test uses again."""
    yield
    from sessions.parts import kept

    kept.forget_all()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with the cache empty: the counters kept there (a player's pace of
    posting, wrong join codes) are keyed by ids a rolled-back test gives out again."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def password() -> str:
    return PASSWORD


@pytest.fixture
def make_user(db):
    def make(username: str = "alice"):
        return get_user_model().objects.create_user(username=username, password=PASSWORD)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


# Planted in every Director-only field: none may ever reach a player's screen.
SECRET = "SECRET-MARKER"


@pytest.fixture
def carol(make_user):
    """A player who is in nobody's Cast."""
    return make_user("carol")


@pytest.fixture
def adventure(alice):
    """Alice directs; every secret field carries the marker."""
    adventure = Adventure.objects.create(
        director=alice,
        title="The Clockwork Monsoon",
        pitch="Ships vanish under clear skies.",
        villain=f"Baron Veil {SECRET}-villain",
        master_plan=f"Sell monsoons {SECRET}-plan",
        plan_components=[f"Stolen gears {SECRET}-component"],
        table_notes=f"Pillai is lying {SECRET}-tablenotes",
    )
    leg = Leg.objects.create(
        adventure=adventure,
        position=1,
        title="A Ticking in the Rain",
        status=Leg.Status.PLAYING,
        setting_overview=f"Kochi {SECRET}-overview",
        cold_open=f"Gears fall {SECRET}-coldopen",
        set_pieces=f"Chase {SECRET}-setpieces",
        clues=f"Vienna stamp {SECRET}-legclues",
        final_showdown=f"Brass Jack {SECRET}-showdown",
        wildcard_encounters=f"Monkeys {SECRET}-wildcard",
        vignettes=f"Rain {SECRET}-vignettes",
        failsafe_plans=f"Veil escapes {SECRET}-failsafe",
    )
    location = KeyLocation.objects.create(
        leg=leg,
        position=1,
        name="Harbourmaster's Office",
        public_description="A rickety office on stilts.",
        wide_shot_opening=f"Rain on a tin roof {SECRET}-wideshot-unshown",
        leading_questions=[f"What is on the desk? {SECRET}-question"],
        npcs=[{"name": f"Mr Pillai {SECRET}-npcname", "notes": f"Bribed {SECRET}-npcnotes"}],
        obstacles=f"Torn ledgers {SECRET}-obstacles",
        clues=f"Schillings {SECRET}-locclues",
        director_notes=f"Play him nervous {SECRET}-notes",
    )
    Scene.objects.create(
        leg=leg,
        position=1,
        beat="Questions for the harbourmaster",
        key_location=location,
        framing_where="The office",
        status=Scene.Status.PLAYING,
    )
    Scene.objects.create(leg=leg, position=2, beat=f"Ambush {SECRET}-futurescene")
    Danger.objects.create(
        key_location=location,
        name=f"Dockhands {SECRET}-danger",
        template="minion",
        success_threshold=1,
        danger_rating=1,
        notes=f"Cowards {SECRET}-dangernotes",
    )
    return adventure


@pytest.fixture
def bobs_hero(bob):
    return Character.objects.create(owner=bob, name="Sam Okafor", archetype="brawler")


@pytest.fixture
def cast_member(adventure, bobs_hero):
    """Bob plays Sam in Alice's adventure."""
    return CastMember.objects.create(adventure=adventure, character=bobs_hero)


@pytest.fixture
def playing(adventure, cast_member, carol):
    """Alice's adventure under way: Leg 1 and its first Scene started, Bob's Sam and Carol's Ada
    in the Cast."""
    from sessions.actions import legs, scenes
    from sessions.rules import LoadedDice

    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    ada = Character.objects.create(
        owner=carol, name="Ada", archetype="investigator", catchphrase="Stop the presses!"
    )
    CastMember.objects.create(adventure=adventure, character=ada)
    Character.objects.filter(pk=cast_member.character.pk).update(blammo=2)
    leg = adventure.legs.get()
    legs.start_leg(adventure, leg, adventure.director, LoadedDice([2, 3]))
    scene = leg.scenes.order_by("position").first()
    scenes.start_scene(adventure, scene, scene.key_location, adventure.director)
    return {
        "adventure": adventure,
        "sam": Character.objects.get(pk=cast_member.character.pk),
        "ada": ada,
        "url": f"/adventures/{adventure.pk}/table/",
    }


HTMX = {"HX-Request": "true"}


def player_client(character: Character) -> Client:
    """A browser of the character's player, logged in."""
    client = Client()
    client.force_login(character.owner)
    return client


@pytest.fixture
def bob_client(client, cast_member):
    """Bob's browser, logged in: he plays the cast member."""
    client.force_login(cast_member.character.owner)
    return client


def scene_post(scene, **fields) -> dict:
    """A Scene edit's POST: the Scene as it is, with these fields changed."""
    data = {
        "beat": scene.beat,
        "key_location": scene.key_location_id or "",
        "framing_where": scene.framing_where,
        "framing_what": scene.framing_what,
        "framing_who": scene.framing_who,
    }
    return data | fields


@pytest.fixture
def director(client, playing):
    """The Director of the table under way, logged in."""
    client.force_login(playing["adventure"].director)
    return client


def crowd(adventure, make_user, *, events: int = 0) -> None:
    """Four more heroes of four more players join the Cast (six in all), and the log gets
    ``events`` more rows: figures that must not grow with either are measured on this."""
    from sessions.models import TableEvent

    for n in range(4):
        hero = Character.objects.create(
            owner=make_user(f"p{n}"), name=f"Hero {n}", archetype="explorer"
        )
        CastMember.objects.create(adventure=adventure, character=hero)
    TableEvent.objects.bulk_create(
        TableEvent(adventure=adventure, kind="note", summary=f"Event {n}") for n in range(events)
    )
