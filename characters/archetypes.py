"""The six archetypes of Enigma, with their drives and Equipment tables.

Game data from the ENIGMA SRD v0.7.0 by Andrew Pelham, CC BY-NC 4.0
(https://creativecommons.org/licenses/by-nc/4.0/). The archetype summaries are ours; the drive
names and descriptions, the examples and the 6×6 Equipment tables are the SRD's.
"""

from dataclasses import dataclass

from sessions.rules import Dice, d66


@dataclass(frozen=True)
class Drive:
    name: str
    description: str


@dataclass(frozen=True)
class Archetype:
    key: str
    name: str
    summary: str
    examples: tuple[str, ...]
    drives: tuple[Drive, ...]
    # equipment[tens - 1][ones - 1] is the item a d66 roll of (tens, ones) lands on.
    equipment: tuple[tuple[str, ...], ...]

    def drive_for(self, roll: int) -> Drive:
        return self.drives[roll - 1]

    def equipment_for(self, tens: int, ones: int) -> str:
        return self.equipment[tens - 1][ones - 1]

    def roll_drive(self, dice: Dice) -> tuple[int, Drive]:
        """Roll 1d6 on this archetype's drive table."""
        roll = dice.d6()
        return roll, self.drive_for(roll)

    def roll_equipment(self, dice: Dice) -> tuple[tuple[int, int], str]:
        """Roll a d66 on this archetype's Equipment table: (tens, ones) and the item."""
        tens, ones = d66(dice)
        return (tens, ones), self.equipment_for(tens, ones)


ARCHETYPES: dict[str, Archetype] = {
    archetype.key: archetype
    for archetype in (
        Archetype(
            key="investigator",
            name="The Investigator",
            summary=(
                "The one who won't let a villainous plot go. Detectives, reporters and agents: "
                "sharp-eyed, stubborn, and never happier than with a puzzle to crack."
            ),
            examples=("Captain Francis Blake", "Master Keaton", "Nancy Drew", "Tintin"),
            drives=(
                Drive("Expose the Truth", "You are compelled to uncover secrets and lies, even at personal risk."),
                Drive("Seek Justice", "You feel a duty to bring wrongdoers to light and ensure they face consequences."),
                Drive("Connect the Dots", "Obsessive curiosity drives you to link disparate clues into a cohesive picture."),
                Drive("Challenge Authority", "You distrust power and seek to hold the powerful accountable."),
                Drive("Uncover the Past", "You are fascinated by forgotten histories and the truth buried within them."),
                Drive("Understand People", "You seek to unravel the motives and stories behind everyone you meet."),
            ),
            equipment=(
                ("Magnifying glass", "Trench coat", "Lockpicking set", "Shortwave radio", "Auto Pistol", "Hip Flask"),
                ("Notepad and pencil", "Fake mustache set", "Fingerprint powder", "Signal mirror", "Brass knuckles", "Cigarette case"),
                ("Pocket flashlight", "Wide-brimmed hat", "Portable typewriter", "Whistle", "Small derringer", "Handcuffs"),
                ("Miniature camera", "Dark sunglasses", "Telescoping baton", "Morse code tapper", "Wrist watch", "Spyglass"),
                ("Map case with maps", "Change of clothes", "Stethoscope", "Homing pigeon kit", "Tranquilizer darts", "Bag of marbles"),
                ("Pocket knife", "Police badge", "Codebook", "Disposable phone", "Throwing knife", "False papers"),
            ),
        ),
        Archetype(
            key="brawler",
            name="The Brawler",
            summary=(
                "Ready for a scrap at a moment's notice. Soldiers, sailors and bruisers who know "
                "their way around any weapon and make up for missing manners with a thick skin."
            ),
            examples=("B.A Baracus", "Rocky Balboa", "Captain Haddock", "Jackie Chan"),
            drives=(
                Drive("Protect the Vulnerable", "You will not stand by while others are threatened or harmed."),
                Drive("Prove Your Strength", "You seek to test your mettle and show you're the toughest in the room."),
                Drive("Settle Old Scores", "Personal vendettas or unresolved conflicts push you to confront challenges head-on."),
                Drive("Break the Rules", "You thrive in chaos and feel alive when disrupting order."),
                Drive("Face the Challenge", "You seek out dangerous opponents or impossible odds to push your limits."),
                Drive("Defend Your Honor", "You won’t tolerate insults to your reputation or those you care about."),
            ),
            equipment=(
                ("Heavy leather gloves", "Brass knuckles", "Leather jacket", "Broken bottle", "Motorcycle", "Deck of cards"),
                ("Flask of whiskey", "Billy club", "Sturdy boots", "Chair leg", "Rusty pickup truck", "Frying Pan"),
                ("Switchblade", "Revolver", "Flak vest", "Length of chain", "Handgrenade", "Sandwich"),
                ("Dice set", "Throwing axe", "Flat Cap", "Bar stool", "Glass shard", "Roll of duct tape"),
                ("Wrench", "Trench knife", "Arm guards", "Lead pipe", "Cloth wrap", "Rope"),
                ("Cigar case", "Shotgun", "Knee pads", "Fire extinguisher", "Two-by-four", "Set of keys"),
            ),
        ),
        Archetype(
            key="researcher",
            name="The Researcher",
            summary=(
                "Hungry for knowledge and the key to unearthing what matters. Scientists, "
                "teachers, historians, even musicians, as long as they are devoted to their work."
            ),
            examples=("Dr. Ellie Satler", "Professor Phillip Mortimer", "Richard Feynman", "Professor Calculus"),
            drives=(
                Drive("Understand the Unknown", "You are driven to comprehend what others cannot, no matter how obscure."),
                Drive("Preserve Knowledge", "You see it as your duty to safeguard important information or artifacts."),
                Drive("Solve the Problem", "A puzzle, mystery, or question becomes your obsession until you crack it."),
                Drive("Expand the Field", "You aim to make discoveries that will change the world or earn recognition."),
                Drive("Debunk the Myths", "You seek to separate fact from fiction, proving or disproving the incredible."),
                Drive("Recover Lost Secrets", "You are obsessed with retrieving knowledge that has been forgotten or hidden."),
            ),
            equipment=(
                ("Microscope", "Encyclopedia set", "Lens", "Telegraph key", "Reading glasses", "Vacuum Tube"),
                ("Test tubes and chemicals", "Field journal", "Slide rule", "Notebook and pen", "Pocket protector", "Chalk and blackboard"),
                ("Pocket watch", "Rolodex of contacts", "Portable generator", "Portable radio", "Lab coat", "Compass"),
                ("Small telescope", "Scientific journal", "Soldering iron", "Signal flags", "Tweezers", "Set of vials"),
                ("Sample jars", "Dictionary", "Tool kit", "Semaphore kit", "Clipboard", "Magnifying glass"),
                ("Portable scale", "Map collection", "Geiger counter", "Morse code book", "Specimen jars", "Weather balloon"),
            ),
        ),
        Archetype(
            key="entertainer",
            name="The Entertainer",
            summary=(
                "The charmer of the Cast, saying a great deal with a word, a gesture or a pose. "
                "Singers, dancers and performers, but also salesmen and smooth talkers."
            ),
            examples=("Charlie Chaplin", "Bianca Castafiore", "Harry Houdini", "Frank Sinatra"),
            drives=(
                Drive("Captivate the Crowd", "You live for the attention and adoration of others, seeking to win them over."),
                Drive("Defuse Tension", "You take it upon yourself to ease tempers and smooth over conflicts with charm."),
                Drive("Inspire Others", "You strive to spark hope, joy, or passion in those who have lost their way."),
                Drive("Seek the Spotlight", "You hunger for fame, recognition, or the thrill of performing."),
                Drive("Change Minds", "You believe in the power of art and words to persuade and transform others."),
                Drive("Celebrate Life", "You want to bring joy to dark places and make the most of every moment."),
            ),
            equipment=(
                ("Violin", "Stage makeup kit", "Autograph", "Portable megaphone", "Tonic Water", "Set of balls"),
                ("Harmonica", "Feather boa", "Cane", "Business cards", "Deck of cards", "Confetti"),
                ("Trumpet", "Top hat", "Jewelry collection", "Notebook and pen", "Box of tricks", "Spotlight"),
                ("Tambourine", "Tuxedo", "Mirror", "Phone book", "Champagne", "Curtain"),
                ("Accordion", "Clown outfit", "Perfume bottle", "Rolodeck", "Tickets", "Stilt set"),
                ("Ukulele", "Magic wand", "Cigarette holder", "Announcement flyers", "Playing dice", "Bouquet"),
            ),
        ),
        Archetype(
            key="explorer",
            name="The Explorer",
            summary=(
                "Wanderlust through and through, never lost with a map and compass. Dilettantes, "
                "nomads and even industrialists make fine Explorers."
            ),
            examples=("Indiana Jones", "Lara Croft", "Roald Amundsen", "Captain Nemo"),
            drives=(
                Drive("Push the Boundaries", "You crave the thrill of discovery and the challenge of venturing where others fear."),
                Drive("Map the Unknown", "You feel compelled to chart new territories, leaving no detail undocumented."),
                Drive("Seek the Sublime", "You are drawn to the beauty and wonder of the world, seeking awe-inspiring experiences."),
                Drive("Escape the Past", "You run from a former life, finding solace in new horizons."),
                Drive("Test Your Limits", "You seek to survive in the harshest conditions and prove your endurance."),
                Drive("Discover Hidden Places", "You are fascinated by secret locations and forgotten worlds."),
            ),
            equipment=(
                ("Compass", "Flint and steel", "Pith helmet", "Machete", "Revolver", "Bug repellent"),
                ("Map and map case", "Canteen", "Hiking boots", "Climbing gear", "Lever Action Rifle", "Specimen jars"),
                ("Sextant", "First aid kit", "Utility belt", "Lantern", "Bow and arrows", "Local currency"),
                ("Altimeter", "Hunting knife", "Leather backpack", "Portable stove", "Throwing knives", "Tribal mask"),
                ("Chronometer", "Rope", "Water purification tablets", "Field journal", "Whip", "Pocketwatch"),
                ("Signal mirror", "Binoculars", "Sunblock", "Shovel", "Kukri", "Astrolabe"),
            ),
        ),
        Archetype(
            key="operator",
            name="The Operator",
            summary=(
                "The most mechanically minded of the six, keeping the Cast moving with machines, "
                "vehicles and know-how. Pilots, engineers, and jacks of all trades."
            ),
            examples=("Amelia Earhart", "Piotr Skut", "MacGyver", "Jock Lindsey"),
            drives=(
                Drive("Master Your Craft", "You aim to achieve unparalleled skill with tools, technology, or vehicles."),
                Drive("Be the Best Support", "You take pride in keeping the team moving and solving problems behind the scenes."),
                Drive("Prove Your Worth", "You want to show that your expertise is essential, even if it's not always glamorous."),
                Drive("Outwit the System", "You enjoy bending technology or rules to your will in clever ways."),
                Drive("Stay in Control", "You feel at peace when you can command machines, vehicles, or processes."),
                Drive("Innovate Boldly", "You are driven to invent, hack, or improve technology beyond its intended limits."),
            ),
            equipment=(
                ("Wrench set", "Shortwave radio", "Aviator goggles", "Compass", "Trench gun", "Thermos"),
                ("Screwdriver set", "Signal flares", "Leather flight jacket", "Map and map case", "Pocket knife", "Cigarette case and lighter"),
                ("Oil can", "Whistle", "Pilot’s cap", "Sextant", "Bowie knife", "Parachute"),
                ("Spare parts kit", "Flashlight", "Steel toe boots", "Altimeter", "Flare gun", "Flight manual"),
                ("Tool belt", "Notebook and pen", "Bandana", "Chronometer", "Crowbar", "Aviator sunglasses"),
                ("Socket set", "Signal flags", "Wristwatch", "Signal mirror", "Throwing knife", "Box of rations"),
            ),
        ),
    )
}  # fmt: skip

ARCHETYPE_CHOICES = [(archetype.key, archetype.name) for archetype in ARCHETYPES.values()]
