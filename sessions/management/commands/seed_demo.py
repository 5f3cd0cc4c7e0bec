"""Create a demo Director, two demo players with heroes, and a complete demo Adventure.

Safe to run twice: whatever already exists is left alone. Meant for development and demos;
never run it on a public site (the demo passwords are printed for anyone to read).
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from characters.models import Character, Equipment, Knack
from sessions.models import Adventure, Campaign, CastMember, Danger, KeyLocation, Leg, Scene

PASSWORD = "enigma-demo-password"
DIRECTOR = "demo-director"
PLAYERS = {
    "demo-ada": {
        "name": "Ada Quill",
        "archetype": "investigator",
        "profession": "Crime reporter for the Morning Clarion",
        "drive": "Expose the Truth",
        "catchphrase": "Stop the presses!",
        "lucky_saves": 4,
        "knacks": ["Talking her way past doormen", "Reading upside-down documents"],
        "equipment": ["Miniature camera", "Notepad and pencil"],
    },
    "demo-sam": {
        "name": "Sam “Sledge” Okafor",
        "archetype": "brawler",
        "profession": "Dockside prizefighter",
        "drive": "Protect the Vulnerable",
        "catchphrase": "Now that's just rude.",
        "lucky_saves": 3,
        "knacks": ["Brawling in cramped places", "Lifting things that should not be lifted"],
        "equipment": ["Length of chain", "Flat Cap"],
    },
}

CAMPAIGN = {
    "title": "The Monsoon Years",
    "pitch": "Three summers on the Malabar coast, and the storms that were no accident.",
}

ADVENTURE = {
    "title": "The Clockwork Monsoon",
    "pitch": (
        "1936. Ships vanish off the Malabar coast under clear skies, and every harbourmaster "
        "swears he heard a ticking in the storm. The Cast is hired to find out why."
    ),
    "villain": "Baron Ottokar Veil, disgraced meteorologist",
    "master_plan": (
        "Veil has built a weather engine in a drowned temple. He will sell monsoons to the "
        "highest bidder, starting with a storm that flattens Bombay's harbour."
    ),
    "plan_components": [
        "Stolen brass gears shipped through the port of Kochi",
        "A kidnapped clockmaker who knows how to tune the engine",
        "The drowned temple of the rain god, reached only at low tide",
    ],
    "legs": [
        {
            "title": "A Ticking in the Rain",
            "setting_overview": "Kochi's harbour in the hot, wet weeks before the monsoon.",
            "cold_open": "A cargo net snaps above the Cast: crates of brass gears rain down.",
            "set_pieces": "A chase over the Chinese fishing nets; a spice warehouse fire.",
            "clues": "The gear crates are stamped with a clockmaker's mark from Vienna.",
            "final_showdown": "Veil's foreman, Brass Jack, and his dockhands at the warehouse.",
            "locations": [
                {
                    "name": "The Harbourmaster's Office",
                    "public_description": "A rickety office on stilts over the water.",
                    "wide_shot_opening": (
                        "Rain hammers a tin roof. Ledgers are stacked to the rafters, and a "
                        "ceiling fan turns far too slowly."
                    ),
                    "leading_questions": [
                        "Something on the harbourmaster's desk makes you uneasy: what is it?",
                        "What sound, under the rain, keeps drawing your eye to the window?",
                    ],
                    "npcs": [{"name": "Mr Pillai", "notes": "Harbourmaster. Bribed, frightened."}],
                    "obstacles": "The ledgers for the missing ships have been torn out.",
                    "clues": "Pillai's bribe came in Austrian schillings.",
                    "dangers": [],
                },
                {
                    "name": "Warehouse Nine",
                    "public_description": "A spice warehouse at the end of the quay.",
                    "wide_shot_opening": "Pepper dust hangs in the lamplight. Crates tower.",
                    "leading_questions": ["The air makes your eyes water: what else is in it?"],
                    "npcs": [{"name": "Brass Jack", "notes": "Veil's foreman. Loves a brawl."}],
                    "obstacles": "Locked doors, guard dogs.",
                    "clues": "A shipping order for 'the Temple' at the next low tide.",
                    "dangers": [
                        ("Dockhands", "minion"),
                        ("Brass Jack", "lieutenant"),
                    ],
                },
            ],
            "scenes": [
                ("Gears from the sky", 0, "The quay", "Crates falling", "Porters, a crane man"),
                ("Questions for the harbourmaster", 0, "The office", "Missing ships", "Pillai"),
                ("Fire in Warehouse Nine", 1, "Warehouse Nine", "A raid", "Brass Jack's crew"),
            ],
        },
        {
            "title": "The Clockmaker's Daughter",
            "setting_overview": "A fast train north and a hill station above the clouds.",
            "cold_open": "The clockmaker's daughter is snatched from a moving train.",
            "set_pieces": "A fight on the carriage roofs through a tunnel.",
            "clues": "Her father's letters mention 'a temple that sings at low water'.",
            "final_showdown": "Rescue on the hill-station funicular as it runs away.",
            "locations": [
                {
                    "name": "The Nilgiri Express",
                    "public_description": "A steam train climbing through tea gardens.",
                    "wide_shot_opening": "Steam, soot and tea. Doors slam in a tunnel.",
                    "leading_questions": ["Which passenger is trying too hard to look bored?"],
                    "npcs": [
                        {"name": "Liesl Brandt", "notes": "The daughter. Braver than she looks."}
                    ],
                    "obstacles": "Narrow corridors, a locked mail car.",
                    "clues": "A ticket to the hill station in Veil's handwriting.",
                    "dangers": [("Masked kidnappers", "minion")],
                },
            ],
            "scenes": [
                ("Snatched at speed", 0, "The dining car", "A kidnapping", "Liesl, masked men"),
                ("Roof-top tussle", 0, "The carriage roofs", "A rescue", "The kidnappers"),
            ],
        },
        {
            "title": "Low Tide at the Drowned Temple",
            "setting_overview": "A temple that rises from the sea for one hour a day.",
            "cold_open": "The tide goes out, and the sea floor is ticking.",
            "set_pieces": "Stairs flooding behind the Cast; the engine spinning up a storm.",
            "clues": "Veil's buyers are on a yacht offshore, watching.",
            "final_showdown": "Baron Veil at the heart of the weather engine.",
            "locations": [
                {
                    "name": "The Heart of the Engine",
                    "public_description": "A flooded sanctum full of giant brass wheels.",
                    "wide_shot_opening": (
                        "Brass wheels the size of houses turn in green water. The air crackles "
                        "like a thunderstorm about to break."
                    ),
                    "leading_questions": [
                        "What is the engine made from that should never have been used?",
                        "The floor is shaking: what are you standing on?",
                    ],
                    "npcs": [{"name": "Baron Ottokar Veil", "notes": "Monologues. Has a way out."}],
                    "obstacles": "Rising water; the engine's lightning arcs.",
                    "clues": "Jamming the tuning fork stops the storm.",
                    "dangers": [("Baron Veil", "villain"), ("Temple guards", "minion")],
                },
            ],
            "scenes": [
                ("The sea goes out", 0, "The temple steps", "Low tide", "Nobody, yet"),
                ("Storm in a bottle", 0, "The engine", "The showdown", "Baron Veil"),
            ],
        },
    ],
}


class Command(BaseCommand):
    help = (
        "Create demo users, heroes and a complete demo Adventure, the first of a Campaign "
        "(safe to run twice)."
    )

    @transaction.atomic
    def handle(self, *args, **options):
        users = get_user_model().objects
        director, created = users.get_or_create(username=DIRECTOR)
        if created:
            director.set_password(PASSWORD)
            director.save()
        adventure = Adventure.objects.filter(director=director, title=ADVENTURE["title"]).first()
        if adventure is None:
            adventure = self.create_adventure(director)
        if adventure.campaign is None:
            campaign, _ = Campaign.objects.get_or_create(director=director, **CAMPAIGN)
            adventure.campaign = campaign
            adventure.save(update_fields=["campaign"])
        for username, hero in PLAYERS.items():
            player, created = users.get_or_create(username=username)
            if created:
                player.set_password(PASSWORD)
                player.save()
            character = Character.objects.filter(owner=player, name=hero["name"]).first()
            if character is None:
                character = self.create_character(player, hero)
            in_a_cast = CastMember.objects.filter(character=character, active=True).exists()
            if not (in_a_cast or adventure.is_finished):
                CastMember.objects.create(adventure=adventure, character=character)
        self.stdout.write(
            self.style.SUCCESS("Demo ready.")
            + f" Log in as {DIRECTOR} (the Director), "
            + " or ".join(PLAYERS)
            + f" (players), password: {PASSWORD}"
        )

    def create_character(self, player, hero: dict) -> Character:
        fields = {k: v for k, v in hero.items() if k not in ("knacks", "equipment")}
        character = Character.objects.create(owner=player, **fields)
        for position, text in enumerate(hero["knacks"]):
            Knack.objects.create(character=character, text=text, position=position)
        for position, text in enumerate(hero["equipment"]):
            Equipment.objects.create(character=character, text=text, position=position)
        return character

    def create_adventure(self, director) -> Adventure:
        data = {k: v for k, v in ADVENTURE.items() if k != "legs"}
        adventure = Adventure.objects.create(director=director, **data)
        for leg_position, leg_data in enumerate(ADVENTURE["legs"], start=1):
            fields = {k: v for k, v in leg_data.items() if k not in ("locations", "scenes")}
            leg = Leg.objects.create(adventure=adventure, position=leg_position, **fields)
            locations = []
            for position, location_data in enumerate(leg_data["locations"], start=1):
                fields = {k: v for k, v in location_data.items() if k != "dangers"}
                location = KeyLocation.objects.create(leg=leg, position=position, **fields)
                for name, template in location_data["dangers"]:
                    threshold, rating = Danger.template_stats(template)
                    Danger.objects.create(
                        key_location=location,
                        name=name,
                        template=template,
                        success_threshold=threshold,
                        danger_rating=rating,
                    )
                locations.append(location)
            for position, (beat, where_index, where, what, who) in enumerate(
                leg_data["scenes"], start=1
            ):
                Scene.objects.create(
                    leg=leg,
                    position=position,
                    beat=beat,
                    key_location=locations[where_index],
                    framing_where=where,
                    framing_what=what,
                    framing_who=who,
                )
        return adventure
