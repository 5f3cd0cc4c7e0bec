"""How Enigma Table reads the SRD where the SRD leaves a question open (DESIGN.md §2).

Each entry sits beside the section it reads, on the rules page and in every "?" at the table:
the key is the section's slug (its heading id on /rules/), the value its paragraphs. The
wording is the app's own, not the SRD's. A key the SRD has no section for fails loudly when the
rulebook is first rendered (enigma_site.rulebook.render).
"""

READINGS: dict[str, tuple[str, ...]] = {
    "peril-increases": (
        "Peril is counted on the final dice: after any Lucky Saves and any Catchphrase re-roll, "
        "when the Gamble is locked in. A 1 you lift with a Lucky Save costs no Peril.",
    ),
    "helping-out": (
        "Each helper must be there and on their feet: a knocked-out hero can't help. Helpers "
        "add their die even to a retiring hero's Gamble.",
    ),
    "group-gambles": (
        "The Director calls the Group Gamble; every Cast member on their feet then makes a "
        "normal Gamble, with their own Blammo! Die and Peril as usual.",
        "The group succeeds only if strictly more than half of those Gambles succeed: two "
        "successes out of four is a tie, and a tie is a blunder. If the Director closes it "
        "early, a Gamble nobody made counts as not a success.",
    ),
    "blammo-dice": (
        "A sound effect can be used once per Adventure, by anyone. The table compares them "
        "ignoring capitals, spaces and punctuation, so “PLUNK!” and “plunk” are the same "
        "sound. The table tells you as you type whether yours is still free.",
        "Blammo! Dice are chosen while you build the pool; once the dice are rolled, it's too "
        "late to add any.",
    ),
    "lucky-saves": (
        "Lucky Saves run from 0 to 6. Each one lifts one die by 1, never past 6, after the roll "
        "and before the Gamble is locked in.",
        "Locking in: a Gamble is rolled, then you may change it (Catchphrase, Lucky Saves), "
        "then you lock it in. Only then do success or blunder, the Blammo! Die and the Peril "
        "count. A Gamble left open is locked in as it stands by the Director, or by its "
        "player's next move.",
    ),
    "catchphrases": (
        "Once per Leg, a re-roll of the whole pool: the same number of dice, thrown again. "
        "The new dice replace the old ones, even if the old ones were better, so re-rolling a "
        "success can turn it into a blunder.",
        "Lucky Saves already spent on the old dice are gone with them. You can spend more "
        "Lucky Saves on the new dice. A fresh Catchphrase comes with every new Leg.",
    ),
    "peril": (
        "Peril past 6 is lost: the Knockout resets it to 0 and nothing carries over. All Peril "
        "goes back to 0 when the Director ends the Leg.",
    ),
    "rest": (
        "The Director calls a Rest; every hero rolls 1d6 at once. A roll equal to or lower "
        "than your current Peril takes 1 Peril off. At 0 Peril the roll can't help you, but "
        "you still roll with everyone.",
    ),
    "knockouts": (
        "Reaching 6 Peril means a Knockout: Knockouts +1, Peril back to 0, and the hero is out "
        "(no Gambles, no helping, no Wide Shot detail, no more Peril) for the rest of the "
        "Scene.",
        "One exception, from the SRD's own cheat sheet: a hero knocked out during a Tumult is "
        "back on their feet when that Tumult ends. A hero who was already out when the Tumult "
        "began stays out until the Scene ends. The log says which.",
    ),
    "retirement": (
        "The fourth Knockout starts a retirement that lasts until the end of the current "
        "Leg. Until then the hero plays on, but their Peril no longer rises from anything, and "
        "their own Bonus Dice (Knacks, Equipment, Blammo! Dice, advantages) no longer count. "
        "Helpers still add dice and penalties still take them away.",
        "When the Director ends that Leg, the career is over: the sheet turns read-only and "
        "the player is invited to make a new hero.",
    ),
    "legs": (
        "Starting a Leg gives every Cast member 1d6 Lucky Saves (up to 6) and a fresh "
        "Catchphrase. Ending it sets everyone's Peril back to 0 and ends retiring careers.",
    ),
    "tumults": (
        "Round by round: the players first, in any order, one action each; the table shows "
        "who has acted. Then the enemies' turn, then the next round. The Director says when "
        "the Tumult is over.",
        "The Director picks which of the Scene's Dangers the Tumult is against (every one, "
        "unless some are left out) and can bring another in while it rages. Only those take "
        "the enemies' turn.",
    ),
    "the-director": (
        "Table safety: anyone can press the X-card, anonymously. The whole table pauses, and "
        "every move is refused until the Director resumes. While paused, the Director can "
        "rewind: take back what happened and change details as needed.",
        "Corrections: the Director can undo table actions one at a time, newest first, back "
        "to the start of the current Scene. An undone Gamble frees its sound effects. The "
        "undone entry stays in the log, struck through and marked as undone by the Director.",
    ),
    "wide-shot": (
        "One Wide Shot board per Scene, shared live: the Director's description first, then "
        "one thing each player's hero sees. The Director can lock the board when it's done.",
    ),
    "investigating": (
        "Investigating is not a Gamble: a plain 1d6, with no Bonus Dice, no Peril, no Lucky "
        "Saves and no Blammo! Die on a low roll. The roll is logged as how much the hero "
        "learns, from 1 (a little) to 6 (a lot).",
    ),
    "damage-and-peril": (
        "Besides the enemies' turn, the Director can add or take away Peril at any time, "
        "giving a reason the table sees: the environment, the weird, the eldritch, or just "
        "because.",
    ),
    "dangers": (
        "The enemy templates start as Minion 1/1, Lieutenant 2/3 and Villain 4/5 (Success "
        "Threshold / Danger Rating), and every number can be changed, even mid-Scene.",
        "On the enemies' turn each enemy still in the picture doles out up to its Danger "
        "Rating in Peril, shared among the heroes as the Director chooses. Less is fine, and "
        "so is none; more is not.",
    ),
}
