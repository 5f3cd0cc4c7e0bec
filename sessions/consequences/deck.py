"""The deck of consequence prompts: what a Director can reach for when a Gamble is a blunder,
a hero is knocked out, or a Group Gamble fails.

Each prompt is a short move and one example line in the game's pulp voice. The examples may
name the situation with the placeholders documented on `Prompt`; the values are plain text
from the app ("Miniature camera" or "a battered Leica camera", "Expose the Truth" or "To find
my lost brother", "Locked doors, guard dogs."), so the lines set them off with a dash, quotes
or brackets rather than leaning on articles, grammar or number around them. Every weight keeps
plenty of prompts with no placeholder at all, so there is always something to draw.

Keys are stable: saved draws refer to them, so rename a key only with a migration in mind.
"""

from .cards import Moment, Prompt, Weight

KNOCKOUT = frozenset({Moment.KNOCKOUT})
GROUP = frozenset({Moment.GROUP_FAILED})
GROUP_OR_BLUNDER = frozenset({Moment.GROUP_FAILED, Moment.BLUNDER})
BLUNDER = frozenset({Moment.BLUNDER})

N, T, D = Weight.NUISANCE, Weight.TROUBLE, Weight.DISASTER

DECK: tuple[Prompt, ...] = (
    # --- Nuisance: a setback that costs time or pride -------------------------------------
    Prompt(
        "lose-precious-time",
        N,
        "Let the clock run on",
        "By the time the dust settles, the trail has gone cold and a church bell tolls the hour.",
    ),
    Prompt(
        "make-them-look-silly",
        N,
        "Dent their dignity",
        "SPLOOSH! Somebody lands in the fishpond, and every onlooker in the plaza is laughing.",
    ),
    Prompt(
        "make-a-racket",
        N,
        "Make a terrible noise",
        "CLANG! A tray of teacups hits the floor, and down the corridor a guard stops whistling.",
    ),
    Prompt(
        "the-long-way-round",
        N,
        "Send them the long way round",
        "The shortcut ends at a bricked-up arch: it's back through the sewers, and the sewers "
        "are not pleasant.",
    ),
    Prompt(
        "a-small-price",
        N,
        "Charge a small price",
        "It works, but it costs a hat, a shoe or a good deal of dignity. Pick one.",
    ),
    Prompt(
        "a-whisker-short",
        N,
        "Leave them a whisker short",
        "Fingertips brush the ledge, the lever, the idol — and slip. So close!",
        BLUNDER,
    ),
    Prompt(
        "wake-up-ridiculous",
        N,
        "Let them wake up ridiculous",
        "They come to wearing a lampshade, a goat chewing their sleeve, with no memory of the "
        "last ten minutes.",
        KNOCKOUT,
    ),
    Prompt(
        "pockets-picked",
        N,
        "Pick their pockets while they're out",
        "Whoever frisked the sleeping hero took the wallet, the matches and, rudely, the left "
        "shoe.",
        KNOCKOUT,
    ),
    Prompt(
        "bonk-heads",
        N,
        "Tangle them up together",
        "Two heroes dive for the same doorway, bonk heads and tumble back out in a heap of elbows.",
        GROUP_OR_BLUNDER,
    ),
    Prompt(
        "argue-it-out",
        N,
        "Start a squabble",
        "Everyone had a different plan, and while the Cast argues about it, the moment slips away.",
        GROUP,
    ),
    Prompt(
        "gear-misbehaves",
        N,
        "Make their gear misbehave",
        "Sputter, clunk: {hero} reaches for their trusty kit — {equipment} — and finds it "
        "jammed, tangled or dripping wet.",
    ),
    Prompt(
        "a-witness-runs",
        N,
        "Let someone see too much",
        "{npc} saw the whole thing and is already hurrying off to tell someone important.",
    ),
    Prompt(
        "make-a-mess",
        N,
        "Leave the place in a shambles",
        "Half of {location} is now upside down, and whoever owns it will want a word.",
    ),
    Prompt(
        "put-them-on-alert",
        N,
        "Put the enemy on alert",
        "Lanterns swing round: {danger} heard that, and the Cast has seconds to look innocent.",
    ),
    Prompt(
        "stubborn-obstacle",
        N,
        "Make the way harder",
        "What stands in the way here ({obstacle}) proves twice as stubborn, and the next try "
        "costs time.",
    ),
    Prompt(
        "a-tug-at-the-heart",
        N,
        "Pull them off course",
        "Something tugs at {hero}'s drive (“{drive}”), and they lose a precious minute chasing it.",
    ),
    # --- Trouble: the situation turns against them ----------------------------------------
    Prompt(
        "scheme-ticks-forward",
        T,
        "Move the villain's scheme along",
        "Far away, a crate is loaded, a lever is pulled and a villain smiles: the master plan "
        "is one step closer.",
    ),
    Prompt(
        "more-goons",
        T,
        "Bring in more trouble",
        "Whistles shriek down the street. More goons are coming, and this lot brought a truck.",
    ),
    Prompt(
        "ugly-secret",
        T,
        "Spill an ugly secret",
        "The friendly guide's ring bears the villain's crest. How long has the Cast been "
        "walking into a trap?",
    ),
    Prompt(
        "high-ground",
        T,
        "Hand the enemy the high ground",
        "The enemy holds the balcony, the stairs and the only lamp. Every step forward is now "
        "uphill.",
    ),
    Prompt(
        "strings-attached",
        T,
        "Offer a way out, with strings",
        "There is a way out, but someone must stay behind, pay up or make a promise they'll "
        "regret.",
    ),
    Prompt(
        "slam-the-door",
        T,
        "Shut the exits",
        "KA-THUNK! The portcullis drops, the door slams, the bridge is gone. The only way is "
        "forward.",
    ),
    Prompt(
        "bystanders-in-the-way",
        T,
        "Put innocents in the path",
        "A newsboy, a nun and a very small dog are suddenly right in the path of the runaway cart.",
    ),
    Prompt(
        "tied-up",
        T,
        "Let the enemy grab the fallen",
        "They come to with their wrists tied, and a guard is playing patience by the only door.",
        KNOCKOUT,
    ),
    Prompt(
        "carried-off",
        T,
        "Wake them somewhere else",
        "They wake in the back of a rattling truck, bound for who-knows-where, with the doors "
        "bolted outside.",
        KNOCKOUT,
    ),
    Prompt(
        "scatter-the-cast",
        T,
        "Scatter the Cast",
        "The crowd surges, the smoke rolls in, and when it clears the Cast is spread across "
        "three streets.",
        GROUP_OR_BLUNDER,
    ),
    Prompt(
        "lose-their-grip",
        T,
        "Part them from their gear",
        "{hero}'s grip slips, and their kit — {equipment} — skitters over the edge and into "
        "enemy hands.",
    ),
    Prompt(
        "friend-turns-cold",
        T,
        "Turn {npc} against them",
        "{npc} goes pale, then quiet, then tells the guards exactly where the Cast is hiding.",
    ),
    Prompt(
        "enemy-presses-on",
        T,
        "Let the enemy seize the moment",
        "Now {danger} can strike first, and the Cast is on the back foot.",
    ),
    Prompt(
        "bait-the-trap",
        T,
        "Bait a trap with their drive",
        "The villain knows what makes {hero} tick (“{drive}”) and has baited the next trap "
        "with exactly that.",
    ),
    Prompt(
        "shake-the-scenery",
        T,
        "Shake up the scenery",
        "CRACK! {location} lurches: a wall gives, water pours in, and the way everyone came in "
        "is gone.",
    ),
    Prompt(
        "obstacle-bites",
        T,
        "Make the hazard strike now",
        "The trouble the Cast was warned about ({obstacle}) strikes right now, and {hero} is "
        "first in line.",
    ),
    # --- Disaster: the floor gives way ----------------------------------------------------
    Prompt(
        "floor-gives-way",
        D,
        "Pull the floor out from under them",
        "CRRRACK! The floor splits, and heroes, crates and clues go tumbling into the dark below.",
    ),
    Prompt(
        "villain-wins-a-round",
        D,
        "Let the villain win a round",
        "A distant BOOM rattles the windows. Stage one of the master plan is complete, and the "
        "sky turns a funny colour.",
    ),
    Prompt(
        "countdown-begins",
        D,
        "Start the countdown to doom",
        "The great clock begins ticking backwards, the ground hums, and anyone who knows what "
        "that means runs.",
    ),
    Prompt(
        "no-going-back",
        D,
        "Burn the bridges behind them",
        "The rope bridge snaps, the seaplane leaves without them, the tunnel floods: there is "
        "no going back.",
    ),
    Prompt(
        "traitor-revealed",
        D,
        "Unmask a traitor",
        "The Cast's most trusted ally steps into the lamplight beside the villain, tips a hat "
        "and apologises.",
    ),
    Prompt(
        "bring-it-down",
        D,
        "Bring the whole place down",
        "Dust sifts, beams groan, and with a mighty RUMBLE the whole place starts coming down "
        "around the Cast.",
    ),
    Prompt(
        "lose-the-best-lead",
        D,
        "Destroy their best lead",
        "The only clue — the map, the witness, the coded letter — is gone: burned, sunk or "
        "spirited away.",
    ),
    Prompt(
        "in-the-villains-clutches",
        D,
        "Wake them in the villain's clutches",
        "They come to strapped to a chair in the villain's lair, and the villain has been "
        "waiting to explain everything.",
        KNOCKOUT,
    ),
    Prompt(
        "the-prize-is-gone",
        D,
        "Take the prize while they're out",
        "While they were out cold, someone took the one thing that mattered: the idol, the key, "
        "the map.",
        KNOCKOUT,
    ),
    Prompt(
        "all-captured",
        D,
        "Capture the whole Cast",
        "One by one, the lights go out. The Cast wakes together in a cage dangling over "
        "something unpleasant.",
        GROUP,
    ),
    Prompt(
        "split-by-floodgates",
        D,
        "Split the Cast, with stakes",
        "The floodgates slam between them: half the Cast on one side, half on the other, and "
        "the water rising.",
        GROUP_OR_BLUNDER,
    ),
    Prompt(
        "someone-snatched",
        D,
        "Snatch away someone who matters",
        "A scream, a screech of tyres: {npc} is bundled into a black sedan and gone before "
        "anyone can move.",
    ),
    Prompt(
        "gear-wrecked",
        D,
        "Wreck their signature gear",
        "KRAK! {hero}'s prized kit — {equipment} — is smashed, swallowed or sunk, and it isn't "
        "coming back this Leg.",
    ),
    Prompt(
        "unleash-the-danger",
        D,
        "Unleash {danger} at full strength",
        "Enter {danger}, at full strength and with a nasty surprise nobody saw coming.",
    ),
    Prompt(
        "cruel-choice",
        D,
        "Force a cruel choice",
        "{hero} can chase their drive (“{drive}”) or save their friends. Not both. Not today.",
    ),
    Prompt(
        "place-is-lost",
        D,
        "Take the place away",
        "{location} is lost — sealed, sunk or swarming with goons — and the Cast must find "
        "another way.",
    ),
    Prompt(
        "hazard-to-catastrophe",
        D,
        "Turn the hazard into catastrophe",
        "What was merely in the way ({obstacle}) becomes the main event, and it's coming for "
        "everyone at once.",
    ),
)
