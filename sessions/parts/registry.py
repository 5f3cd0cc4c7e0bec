"""The parts registry: every live part of the table page, declared once.

A part is a container on the page that stays put, and its content, which is drawn afresh
when an event changes it. Each declaration names the part, its context builder (each in the
module of its audience: `public`, `player`, `director`, the screen's…), who it is drawn for,
whether the shared screen shows it, and the event topics that change it. The views, the event
stream and the templates' wiring all read these declarations (`drawing`, `page`).
"""

from sessions.parts import (
    after_the_end,
    between,
    calls,
    crib,
    director,
    joining,
    journal,
    lines_veils,
    pacing,
    player,
    previously,
    public,
    screen,
    session_zero,
    stage,
    the_end,
)
from sessions.parts.part import Audience, Part
from sessions.topics import Topic


def _part(name, build, audience, *topics, **options) -> Part:
    return Part(name, build, audience, frozenset(topics), **options)


E, P, D = Audience.EVERYONE, Audience.PLAYER, Audience.DIRECTOR
PARTS: dict[str, Part] = {
    part.name: part
    for part in (
        # The X-card and Script Change's fast-forward: a request, and the Director's answer.
        _part(
            "pause",
            public.pause_context,
            P,
            Topic.PAUSE,
            Topic.SCRIPT_CHANGE,
            Topic.SCENE,  # no Scene in play, nothing to fast-forward
            on_screen=True,
        ),
        # "Previously on…": the TV's title sequence, the phones' panel, the Director's Play/Skip.
        _part(
            "previously",
            previously.previously_context,
            P,
            Topic.PREVIOUSLY,
            Topic.SCENE,
            on_screen=True,
            per_request=True,
        ),
        # Session zero: each phone its own marks and connections, the Director who is done,
        # the TV the topics and the safety tools, then the web of connections.
        _part(
            "session-zero",
            session_zero.session_zero_context,
            P,
            Topic.SESSION_ZERO,
            Topic.SAFETY,
            Topic.JOIN,
            # The Director's "Open session zero" goes as the first Leg starts.
            Topic.SCENE,
            on_screen=True,
            # A player's own marks change with no event (nobody may learn who marked): drawn
            # for each page, never kept.
            per_request=True,
        ),
        _part(
            "tumult",
            public.tumult_context,
            E,
            Topic.TUMULT,
            Topic.CAST,
            Topic.DANGERS,  # every enemy out: the table hears the Tumult may end
            on_screen=True,
            for_director=False,
        ),
        # The player's own buttons, apart from the public board: most events leave them be.
        _part("tumult-moves", public.tumult_context, P, Topic.TUMULT),
        _part("scene", public.scene_context, E, Topic.SCENE, on_screen=True),
        _part(
            "gamble",
            player.gamble_panel,
            P,
            Topic.HERO,
            Topic.HEROES,
            Topic.GROUP,
            # The enemies a Gamble can be aimed at: one revealed, or put out by another hero
            # while this one builds a Gamble aimed at it (its aim is no longer offered).
            Topic.DANGERS,
            per_hero=True,
        ),
        # The player's own form holds their detail as it stands, which the board's events change
        # without redrawing it for everyone (that would wipe what another player is typing): so
        # a page draws it afresh rather than carry a drawing from before the detail. An event
        # of one hero's detail (added, or undone by the Director) redraws it for that hero's
        # player alone: an undone detail left in the field read as still on the board, and
        # was sent again with the next tap (fresh-eyes phone).
        _part(
            "wideshot",
            public.wideshot_context,
            P,
            Topic.WIDESHOT_STATE,
            Topic.WIDESHOT,
            on_screen=True,
            per_request=True,
            owner_topics=frozenset({Topic.WIDESHOT}),
        ),
        _part("wideshot-board", public.wideshot_context, E, Topic.WIDESHOT, on_screen=True),
        _part(
            "dangers",
            public.dangers_context,
            E,
            Topic.DANGERS,
            Topic.TUMULT,  # a Tumult shows its own foes alone
            on_screen=True,
            for_director=False,
        ),
        # GROUP: a Group Gamble settled (or closed by the Director) tells its tally there.
        _part("latest", public.latest_context, E, Topic.GAMBLES, Topic.GROUP, on_screen=True),
        _part("handouts", public.handouts_context, E, Topic.HANDOUTS, on_screen=True),
        # Undo: the newest move of the Scene, whatever it was.
        _part("corrections", director.corrections_context, D, *Topic),
        # Ideas for what happens when a Gamble goes wrong: for the Director's eyes only.
        _part("consequences", director.consequences_context, D, Topic.TROUBLE, Topic.SCENE),
        # The Director's own notes and prompts: no event redraws them, only their own moves
        # (what is being typed stays put); but The End takes away the line for the table (it
        # had stayed offered until a reload, and was refused).
        _part("director-notes", director.notes_context, D, Topic.CAMPAIGN),
        _part("own-prompts", director.own_prompts_context, D),
        # Its Peril names the Scene's enemies: a Danger added, shown or out changes the list.
        _part("director", director.director_context, D, Topic.DIRECTOR, Topic.SCENE, Topic.DANGERS),
        # The Director's cockpit: what is run every minute, each part redrawn on its own.
        _part("crib", crib.crib_context, D, Topic.SCENE, Topic.DANGERS, Topic.CRIB, Topic.PAUSE),
        _part(
            "director-cast",
            director.cast_controls_context,
            D,
            Topic.CAST,
            Topic.SCENE,
            Topic.PAUSE,
            Topic.DANGERS,  # "Peril for" names the Scene's enemies
        ),
        # JOIN: a hero who joins or leaves (a seat taken or freed) gets or loses a die of
        # their own for the next Leg's Lucky Saves. CAMPAIGN: after The End, the Campaign's
        # next Adventure made, the panel goes on to it rather than offer to make another.
        _part(
            "director-pacing",
            pacing.pacing_context,
            D,
            Topic.SCENE,
            Topic.PAUSE,
            Topic.JOIN,
            Topic.CAMPAIGN,
            # A player warned that the Scene is ending, or their Gamble locked in since: the
            # Director's question to wait or end anyway comes, or goes.
            Topic.CALLS,
        ),
        _part(
            "director-dangers",
            director.dangers_admin_context,
            D,
            Topic.DANGERS,
            Topic.SCENE,
            Topic.PAUSE,
            Topic.HANDOUTS,  # a Danger's handouts, revealed or put away
        ),
        _part(
            "director-tumult",
            director.tumult_controls_context,
            D,
            Topic.TUMULT,
            Topic.DANGERS,
            Topic.SCENE,
            Topic.PAUSE,
        ),
        # What the TV shows now, in a line for the Director: what changes the TV's moment.
        _part(
            "director-stage",
            stage.stage_context,
            D,
            *Topic,
            kinds=stage.STAGE_CHANGES,
            per_request=True,  # "Previously on…" is on the TV for so long
        ),
        _part("director-stage-handout", stage.stage_handout_context, D, Topic.HANDOUTS),
        # Apart from the rest of the panel: every roll and lock-in changes it.
        _part("director-gambles", director.director_gambles_context, D, Topic.GAMBLES),
        _part("cast", public.cast_context, E, Topic.CAST, on_screen=True, for_director=False),
        # Drawn for each reader: their own lines carry a button to cross them out.
        _part(
            "cast-journal",
            journal.cast_journal_context,
            P,
            Topic.JOURNAL,
            frame=journal.cast_journal_frame,
        ),
        # A player's own notes on their heroes: no event redraws them, only saving them.
        _part("hero-notes", journal.hero_notes_context, P, frame=journal.hero_notes_frame),
        # Drawn for each reader: their own notes (the Director: all) can be taken off.
        _part("lines-veils", lines_veils.lines_veils_context, P, Topic.SAFETY, on_screen=True),
        _part("log", public.log_context, E, *Topic, on_screen=True, appends=True),
        # The TV's spotlight: the newest big moment, whatever it was.
        _part(
            "spotlight",
            screen.spotlight_context,
            P,
            *Topic,
            on_screen=True,
            screen_only=True,
            kinds=screen.CHANGES,
        ),
        # What asks for a player now, at the top of their phone (and in the page's title).
        _part(
            "calls",
            calls.calls_context,
            P,
            Topic.CALLS,
            # Peril dealt or eased: the newest news puts an older banner (a Rest's) away.
            Topic.CAST,
            Topic.TUMULT,
            Topic.GROUP,
            Topic.HEROES,
            Topic.HANDOUTS,
            Topic.SCENE,
            Topic.WIDESHOT,
            Topic.WIDESHOT_STATE,
            # After The End: the Campaign's next Adventure made, a call to join it.
            Topic.CAMPAIGN,
            for_director=False,
            owner_topics=frozenset({Topic.CALLS}),
        ),
        # The TV between Legs: how the Leg went and what the next brings, under the Cast.
        _part(
            "between-legs",
            between.between_legs_context,
            P,
            Topic.SCENE,
            on_screen=True,
            screen_only=True,
        ),
        # The TV at The End: a closing card for the whole Adventure, where the Gamble was.
        _part(
            "the-end",
            the_end.the_end_context,
            P,
            Topic.SCENE,
            on_screen=True,
            screen_only=True,
        ),
        # A finished Adventure's TV following its Campaign: redrawn as the next Adventure
        # opens at the table, when the TV asks where to at once (screen.js).
        _part(
            "follow",
            screen.follow_context,
            P,
            Topic.CAMPAIGN,
            on_screen=True,
            screen_only=True,
            kinds=frozenset({"campaign_went_on"}),
        ),
        # A finished table on a player's phone: the recap published, the next Adventure made
        # (`actions.after_the_end`), each as it comes. Drawn for each page: it holds the
        # player's own join buttons, and a recap can be retitled with no event.
        _part(
            "after-the-end",
            after_the_end.after_the_end_context,
            P,
            Topic.CAMPAIGN,
            for_director=False,
            per_request=True,
        ),
        # The TV's QR code and join code: while the Cast forms, while a seat is free, or when
        # the Director asks. Drawn per audience, as only the screen's drawing has anything in it.
        _part(
            "join",
            joining.join_context,
            P,
            Topic.JOIN,
            Topic.SCENE,
            on_screen=True,
            screen_only=True,
            per_request=True,
        ),
    )
}


def part_named(name: str, *, screen: bool = False) -> Part | None:
    """The part called ``name`` (for the shared screen: only one it shows), None if none is."""
    part = PARTS.get(name)
    if part is None or (screen and not part.on_screen):
        return None
    return part
