"""The plain word lists `sessions.grammar` and `sessions.telling` guess with: determiners,
prepositions, auxiliaries, the verbs that keep one form after any subject, and the common words
that describe."""

# First words of a What that is a statement about someone else, never a thing to set out to do.
NOT_A_TASK = frozenset((
    "a", "an", "the", "his", "her", "their", "our", "its", "my", "your", "this", "that",
    "these", "those", "someone", "somebody", "something", "everyone", "everybody", "nobody",
    "no", "it", "they", "he", "she", "we", "you", "i", "there", "here",
))  # fmt: skip
DETERMINERS = frozenset((
    "a", "an", "the", "his", "her", "their", "our", "its", "my", "your", "this", "that",
    "these", "those", "some", "any", "every", "each", "no", "two", "three", "four", "five",
    "six", "seven", "eight", "nine", "ten", "several", "many", "few", "more", "most", "all",
    "both", "dozens", "hundreds",
))  # fmt: skip
PREPOSITIONS = frozenset((
    "at", "in", "on", "inside", "aboard", "under", "beneath", "below", "above", "atop", "near",
    "by", "beside", "behind", "outside", "within", "among", "across", "along", "over", "into",
    "onto", "upon", "through", "around", "between", "amid", "off", "of", "to", "from", "with",
    "without", "for", "like", "past", "against", "toward", "towards", "down", "up", "out",
    "about", "after", "before", "beyond", "underneath",
))  # fmt: skip
# Words that end a clause's verb's subject: after one of them, "glints" is a verb.
AFTER_A_VERB = PREPOSITIONS | DETERMINERS | frozenset((
    "me", "us", "him", "them", "you", "it", "away", "back", "open", "shut", "here", "there",
    "nearby", "overhead", "underfoot", "everywhere", "again", "still", "too", "loudly",
))  # fmt: skip
AUXILIARIES = frozenset((
    "is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't", "has", "have", "had",
    "hasn't", "haven't", "hadn't", "can", "can't", "cannot", "could", "couldn't", "will",
    "won't", "would", "wouldn't", "shall", "should", "shouldn't", "must", "might", "does",
    "doesn't", "did", "didn't", "do", "don't", "seems", "seem",
))  # fmt: skip
# The words a question starts with: "Where did the thief go", "How many guards are there".
QUESTION_WORDS = frozenset(("what", "where", "who", "whom", "whose", "why", "how", "when", "which"))
# After "how", a question's own words: "How many…", "How long…".
HOW_MUCH = frozenset(("many", "much", "long", "far", "old", "often", "come"))
RELATIVE = frozenset(("who", "that", "which", "where", "whose", "when", "as", "while"))
# A clause's subject: "I bluff", "she bluffs", "it's a trap", "there's a door".
SUBJECTS = frozenset(("i", "we", "you", "he", "she", "they", "it", "there"))
# What the auxiliary of a question is followed by ("Is the clerk lying", "Has anyone seen
# it", "Did Vex…" a name aside): never "Can of beans on the shelf".
ASKED_OF = DETERMINERS | SUBJECTS | frozenset((
    "anyone", "anybody", "someone", "somebody", "anything", "something", "everyone",
    "everybody", "nobody", "nothing", "this", "that", "these", "those", "me", "us", "him",
    "them",
))  # fmt: skip
# How a contracted subject's verb reads after the hero's name ("I'm" → "Ada is"), before a
# verb's word for a deed done ("she's gone" → "has", "I'd seen" → "had") or before another.
CONTRACTED = {
    "i": {"m": ("is", "is"), "ve": ("has", "has"), "ll": ("will", "will"), "d": ("would", "had")},
    "he": {"s": ("is", "has"), "ll": ("will", "will"), "d": ("would", "had")},
}
CONTRACTED["she"] = CONTRACTED["he"]
# Verb forms that are the same after any subject ("I could" → "Ada could", "I saw" → "Ada saw").
SAME_FORM = frozenset((
    "can", "can't", "cannot", "could", "couldn't", "will", "won't", "would", "wouldn't",
    "shall", "should", "shouldn't", "must", "might", "may", "was", "wasn't", "had", "hadn't",
    "did", "didn't", "saw", "found", "took", "went", "got", "ran", "came", "made", "said",
    "told", "knew", "thought", "heard", "felt", "left", "kept", "held", "stood", "sat",
    "caught", "brought", "bought", "fought", "threw", "drew", "grew", "hid", "slid", "spun",
    "struck", "stole", "broke", "spoke", "woke", "wrote", "rode", "drove", "gave", "ate",
    "fell", "put", "cut", "let", "set", "shut", "hit", "read", "spent", "sent", "lost", "won",
    "began", "swung", "dug", "flung", "snuck", "crept", "leapt", "swam", "tore", "wore",
))  # fmt: skip
IRREGULAR = {
    "am": "is", "are": "is", "have": "has", "do": "does", "go": "goes", "don't": "doesn't",
    "haven't": "hasn't", "aren't": "isn't", "am not": "is not", "were": "was",
    "weren't": "wasn't",
}  # fmt: skip
ADVERBS = frozenset((
    "then", "also", "just", "still", "never", "always", "now", "first", "quickly", "again",
    "finally", "carefully", "quietly", "calmly", "slowly", "boldly", "simply", "really",
))  # fmt: skip


# Common words that describe, first in a thing's name ("Wet bootprints on the stairs").
ADJECTIVES = frozenset(
    """wet dry old new dark pale bright dim cold warm hot cool fresh stale
    torn burnt faint huge tiny little big small large tall short long thin thick red black white
    grey gray green blue yellow brown golden silver scarlet odd strange weird heavy light loud
    quiet soft hard sharp blunt sticky fake false real empty full open shut half deep high low
    wide narrow rough smooth clean foul ugly fine rare sudden distant nearby many few several
    other more most some""".split()  # noqa: SIM905
)

# Verbs a Wide Shot's detail may start with as an order before a place ("Look under the rug",
# "Listen at the door"): any other word before a place is a thing seen ("Sawdust on the floor").
ORDERS = frozenset((
    "look", "check", "search", "listen", "watch", "go", "get", "keep", "stay", "move", "run",
    "hide", "wait", "duck", "step", "head", "turn", "peek", "peer", "glance", "crawl", "sneak",
    "jump", "stand", "climb", "follow", "come", "stop", "hurry", "lean", "reach", "feel",
    "knock", "dig", "pull", "push", "try", "mind", "beware", "sniff", "smell", "touch", "avoid",
    "steer", "stick", "ask", "talk", "speak", "call", "shout", "creep", "slip", "hang",
))  # fmt: skip

# Words that start a name when a capital follows ("Baron Vex", "Doctor Ng", "Mr. Wen"), whatever
# follows: after a verb too ("Question Mr. Wen" is a task, never a thing called "Question Mr").
TITLES = frozenset(
    """mr mrs ms miss dr doctor professor sir lady lord baron baroness count
    countess duke duchess king queen prince princess captain colonel general major sergeant
    inspector detective agent madame monsieur father mother sister brother uncle aunt old
    saint st""".split()  # noqa: SIM905
)

# Everyday words that pulp names are made of ("the Tide Widow", "the Patient Clockwork Crab"):
# said alone in a line they are table talk, never the secret whose name holds them.
EVERYDAY = frozenset(
    """tide tides widow widower wife husband bride groom patient clockwork crab crabs fish shark
    eel octopus squid whale gull gulls crow raven owl hawk eagle rat rats wolf wolves dog dogs
    hound cat snake serpent spider bat bee wasp beast monster creature thing things ghost ghosts
    spirit phantom shadow shadows shade devil demon angel witch wizard mage priest nun monk
    saint hermit stranger visitor keeper master mistress servant maid butler cook driver pilot
    sailor sailors captain crew gang mob band order league society club company council cult
    brotherhood sisterhood family clan army police navy guild union syndicate circle ring
    hand hands eye eyes heart head face mask skull bone bones blood tooth teeth claw claws tail
    wing wings voice song smile kiss touch whisper word words name names sign mark
    moon sun star stars sky storm wind winds wave waves rock rocks stone stones iron steel brass
    copper bronze tin lead glass gold silver jade ivory velvet silk paper ink smoke ash ashes
    dust salt sand mud fog mist ice snow frost thunder lightning flame flames ember
    deep depths abyss pit well tomb grave crypt church chapel temple lighthouse mill farm
    market museum library station engine machine clock key keys lock box chest crown throne
    sword knife gun pistol rifle bomb trap net hook rope chain chains wheel bell bells lamp
    lantern candle book letter letters map maps orders plan plans secret secrets lie lies truth
    game games trick tricks job deal debt price prize gift curse luck fate doom death life
    love hate fear rage hunger silence dream dreams nightmare story tale legend
    last first one two three four five six seven eight nine ten hundred thousand
    great grand mighty terrible dreadful wicked evil good bad mad wild lost dead living hidden
    silent still lonely patient gentle kind cruel bold brave true lucky drowned sunken broken
    iron mechanical electric atomic royal imperial ancient modern eastern western northern
    southern mister missus auntie granny grandpa grandma nan ma pa lass lad boy girl child
    children kid kids baby folk people cistern sewer sewers drain drains canal tunnel tunnels
    cellar attic vault warehouse factory foundry yard quay pier wharf jetty beach island marsh
    swamp forest wood woods jungle desert mountain hill valley crocodile alligator lizard dragon
    ape gorilla tiger lion bear horse bull goat pig toad frog worm mole fox jack""".split()  # noqa: SIM905
)
