// The shared screen's own controls: the theme for the room (dark unless this TV was told
// otherwise, remembered in this browser) and full screen. The CSP forbids inline scripts, so
// the buttons are found by their data- attributes.
(() => {
  const body = document.body;
  const KEY = "enigma-screen-theme";

  const themeButton = document.querySelector("[data-theme-toggle]");
  const applyTheme = (theme) => {
    const dark = theme !== "light";
    body.classList.toggle("theme-dark", dark);
    body.classList.toggle("theme-light", !dark);
    // The button says the theme in use; a press switches to the other.
    if (themeButton) themeButton.textContent = dark ? "Theme: dark" : "Theme: light";
  };
  const remembered = () => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null; // storage switched off: stay dark
    }
  };
  applyTheme(remembered());
  themeButton?.addEventListener("click", () => {
    const theme = body.classList.contains("theme-dark") ? "light" : "dark";
    applyTheme(theme);
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // Not remembered, but the room still gets the theme it asked for.
    }
  });

  // A margin for TVs that crop their edges (overscan): none, 2.5 % or 5 % of the screen on
  // each side, a press steps to the next; remembered in this browser like the theme.
  const EDGE_KEY = "enigma-screen-overscan";
  const EDGES = ["0", "2.5", "5"];
  const edgeButton = document.querySelector("[data-overscan-toggle]");
  const applyEdges = (edge) => {
    const value = EDGES.includes(edge) ? edge : "0";
    if (value === "0") delete body.dataset.overscan;
    else body.dataset.overscan = value;
    if (edgeButton) edgeButton.textContent = `Edge margin: ${value}%`;
    return value;
  };
  let edges = "0";
  try {
    edges = applyEdges(localStorage.getItem(EDGE_KEY));
  } catch {
    edges = applyEdges("0"); // storage switched off: no margin
  }
  edgeButton?.addEventListener("click", () => {
    edges = applyEdges(EDGES[(EDGES.indexOf(edges) + 1) % EDGES.length]);
    try {
      localStorage.setItem(EDGE_KEY, edges);
    } catch {
      // Not remembered, but this evening's TV keeps it.
    }
  });

  // The buttons step out of sight after a few quiet seconds and come back at a touch of the
  // mouse or a key: a TV shows the board, not its controls.
  let quiet;
  const awake = () => {
    body.classList.remove("tools-idle");
    clearTimeout(quiet);
    quiet = setTimeout(() => body.classList.add("tools-idle"), 5000);
  };
  for (const name of ["pointermove", "pointerdown", "keydown", "focusin"]) {
    document.addEventListener(name, awake, { passive: true });
  }
  awake();

  const fullButton = document.querySelector("[data-fullscreen]");
  if (!fullButton) return;
  if (!document.fullscreenEnabled) {
    fullButton.hidden = true; // a browser (or frame) that can't: no dead button on the TV
    return;
  }
  const label = () => {
    fullButton.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
  };
  fullButton.addEventListener("click", async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused (no user gesture, a policy): the page stays as it was.
    }
  });
  document.addEventListener("fullscreenchange", label);
})();

// The stage: the spotlight takes the screen when a new moment comes (a few seconds, or until
// the next moment; a moment that holds stays while the table holds), and every list on the
// board shows only whole rows, paging through the rest slowly when it is longer than its place.
(() => {
  const holder = document.querySelector(".spotlight-part");
  if (!holder) return;
  // How long a moment stays up: the stage keeps up with the table.
  // - Each new moment has its reading time: 4 s, and a quarter of a second a word past a dozen
  //   words, 15 s at most (a page may ask for another with data-read-for, in ms).
  // - A moment that comes while one is being read waits its turn, oldest first. A new actor's
  //   moment is never dropped; a newer drawing of a story already waiting takes its place in
  //   the line, since it says all the older one did (the same Gamble rolled, Lucky Saved, locked
  //   in; a Group Gamble's members' rolls and its tally, which shows every member's dice).
  // - Once anything waits, the moment up stays only 2.5 s in all (at once gone, if up that
  //   long), and so does each in the line with another behind it: the line lags a few seconds
  //   at most, and the last in it has its full reading time.
  // - A moment to be read whole (data-read-whole: a Knockout, a Group Gamble's tally) keeps its
  //   full reading time, whatever waits.
  // - A newer drawing of the moment up's own story, when nothing waits, takes its place at once
  //   (a roll locked in), with a reading time of its own; the pause and The End take the screen
  //   at once, whatever was up or waiting. The pause stays while the table is paused; The End
  //   has its few seconds, then the board (the Cast, the finished table) reads again.
  // - A moment that marks a turn of the story (data-gives-way: a Scene or Leg over or begun, a
  //   handout, a line the Director told) gives way at once to whatever comes next: "Scene over"
  //   never holds up the new Scene; waiting with another behind it, it is not drawn at all. One that moves the story on (data-supersedes: a new Scene or Leg, a handout
  //   revealed) next in line cuts the moment up short too (0.7 s in all, at once if up that
  //   long), unless it is one to be read whole, a Blammo! (data-blammo) or The End; and the
  //   turns of the story still waiting, it tells anew: they are dropped from the line.
  // - A turn of the story read whole (data-turn with data-read-whole: the Scene-over card with
  //   the dice of the Gambles its end locked in) is still a turn of the story: a new Scene or
  //   Leg takes the screen from it at once, and drops it from the line. The stage never holds
  //   "Scene over" over the next Scene already on the board.
  const BRISK = 2500;
  const PROMPT = 700;
  const readFor = (moment) => {
    const asked = holder.dataset.readFor;
    const words = (moment.textContent.match(/\S+/g) || []).length;
    let least = Math.min(15000, Math.max(4000, 1000 + words * 250));
    if (asked !== undefined && asked !== "") least = Number(asked) || 0;
    return holder.dataset.shownFor ? Math.min(least, Number(holder.dataset.shownFor)) : least;
  };
  // A moment's few seconds on screen when nothing follows, or as long as it takes to read (a
  // page may ask for another with data-shown-for, in ms).
  const shownFor = (least) => Number(holder.dataset.shownFor) || Math.max(6000, least);
  const played = new Set();
  let started = false;
  let current;
  let story = null; // what the moment up is part of: a Gamble from its roll to its lock-in
  let timer = null;
  // The moment being read: since when, for how long, and whether it is read whole.
  let reading = null;
  const waiting = []; // newer drawings waiting their turn, oldest first
  const drawingOf = (html) => {
    const room = document.createElement("template");
    room.innerHTML = html;
    const moment = room.content.querySelector("[data-spotlight]");
    const key = moment?.dataset.spotlight ?? null;
    const hold = Boolean(moment?.hasAttribute("data-hold"));
    const atOnce = Boolean(moment?.hasAttribute("data-at-once"));
    const givesWay = Boolean(moment?.hasAttribute("data-gives-way"));
    const supersedes = Boolean(moment?.hasAttribute("data-supersedes"));
    const turn = givesWay || Boolean(moment?.hasAttribute("data-turn"));
    return { html, key, story: moment?.dataset.spotlightOf || key, hold, atOnce, givesWay, supersedes, turn };
  };
  // Whether the moment being read is cut short for the one next in line (see above).
  const cutFor = (next) => Boolean(reading && next?.key && next.supersedes && (!reading.keeps || reading.turn));
  holder.addEventListener("table:swap", (event) => {
    const next = drawingOf(event.detail.html);
    if (next.hold || next.atOnce) {
      waiting.length = 0; // the pause, The End: at once, whatever was up or waiting
      return;
    }
    if (!reading && !waiting.length) return;
    // The moment up drawn again, or its Gamble played on: at once, when nothing waits.
    const again = next.key === current;
    if (!waiting.length && (again || (next.story && next.story === story))) return;
    if (!again && next.supersedes) {
      // The turns of the story still waiting are told by this newer one: dropped.
      for (let at = waiting.length - 1; at >= 0; at--) if (waiting[at].turn) waiting.splice(at, 1);
    }
    const yields = reading?.givesWay || (reading?.turn && next.supersedes);
    if (!again && next.key && !waiting.length && yields) {
      // The moment up gives way: the newer one takes the screen now.
      clearTimeout(timer);
      reading = null;
      return;
    }
    event.preventDefault();
    if (again) return; // newer moments wait: the one up stays as it is
    // A newer drawing of a story waiting (or one after "nothing", the Gamble undone) takes
    // its place in the line.
    const older = waiting.findLastIndex((one) => one.key === next.key || (next.story && one.story === next.story));
    if (older >= 0) waiting[older] = next;
    else if (waiting.length && !waiting.at(-1).key) waiting[waiting.length - 1] = next;
    else waiting.push(next);
    stay(); // something waits: the moment up may have had its time
  });
  const nextUp = () => {
    // A moment that gives way (a line the Director told, a handout, "Scene over") with another
    // already behind it gives way before its turn: the room reads the newer one sooner (a roll
    // reached the TV 4 s late, behind a told line behind a lock-in). What it said stays on the
    // board (the pinned line, the handout, the new Scene).
    while (waiting.length > 1 && waiting[0].givesWay) waiting.shift();
    const next = waiting.shift();
    if (!next) return false;
    htmx.swap(holder, next.html, { swapStyle: "innerHTML" });
    spotlight();
    return true;
  };
  // Till the moment up has had its time (shorter while others wait), then the next waiting, or
  // the board once it has been shown its few seconds.
  const stay = () => {
    clearTimeout(timer);
    if (!reading) return;
    const { since, least, whole, total } = reading;
    let time = waiting.length && !whole ? Math.min(least, BRISK) : least;
    if (cutFor(waiting[0])) time = Math.min(time, PROMPT); // the story moves on: it goes
    timer = setTimeout(() => {
      reading = null;
      if (nextUp()) return;
      const left = since + total - performance.now();
      timer = setTimeout(() => holder.classList.remove("is-on"), Math.max(0, left));
    }, Math.max(0, since + time - performance.now()));
  };
  function spotlight() {
    const moment = holder.querySelector("[data-spotlight]");
    const key = moment?.dataset.spotlight ?? null;
    const hold = moment?.hasAttribute("data-hold");
    if (key === current && !hold) return; // drawn again (one move, two events): goes on
    clearTimeout(timer);
    reading = null;
    let fresh = false;
    if (!moment || hold) {
      holder.classList.toggle("is-on", Boolean(moment));
    } else {
      // A new moment (not the one up when the TV came on) gets its few seconds, once; one
      // played already (back after the pause, or after an undo) leaves the board be.
      // The End has its moment even on a TV that came on after it, then leaves the Cast and
      // the finished table to read.
      fresh = (started || moment.hasAttribute("data-at-once")) && !played.has(key);
      holder.classList.toggle("is-on", fresh);
      if (fresh) {
        const least = readFor(moment);
        const whole = moment.hasAttribute("data-read-whole");
        const givesWay = moment.hasAttribute("data-gives-way");
        const turn = givesWay || moment.hasAttribute("data-turn");
        const keeps = whole || moment.hasAttribute("data-blammo") || moment.hasAttribute("data-at-once");
        reading = { since: performance.now(), least, whole, total: shownFor(least), givesWay, turn, keeps };
        stay();
      }
    }
    played.add(key);
    current = key;
    story = moment?.dataset.spotlightOf || key;
    started = true;
    fitSpotlight();
    if (!fresh && !hold) nextUp(); // nothing to read here: the next waiting, if any
  }
  // A moment with much to say (six heroes knocked about, a long name) shrinks its type until
  // all of it shows, never below the board's floor (its smallest line, 1.6rem, to 1rem).
  function fitSpotlight() {
    const spot = holder.querySelector(".spotlight");
    if (!spot || !holder.classList.contains("is-on")) return;
    const parts = Array.from(spot.children);
    let zoom = 1;
    const apply = () => parts.forEach((part) => (part.style.zoom = zoom === 1 ? "" : String(zoom)));
    apply();
    while (spot.scrollHeight > spot.clientHeight + 1 && zoom > 0.65) {
      zoom = Math.round((zoom - 0.05) * 100) / 100;
      apply();
    }
  }

  // The story column's Cast and the log fit with fit(); the side column's lists with fitSide().
  const LISTS = [".cast-cards", ".log-list"];
  const SIDE_LISTS = [".danger-list", ".details", ".questions", ".safety-list"];
  // What of the Wide Shot gives way, whole, when its column is short: its opening (prose,
  // shown whole or not at all), then the ask of the heroes still to say what they see (each
  // phone asks its own), then the placeholder. The Director's leading questions stay: they are
  // what the room is asked.
  const WIDE_PROSE = ".wideshot .opening, .wideshot-ask, .wideshot p.empty";
  const WIDE_WORDS = WIDE_PROSE;
  const inTumult = () => Boolean(document.querySelector(".tumult-part .tumult"));
  // Where a list's rows stop being seen: its own foot, or higher, that of a panel around it
  // that clips (inside its padding).
  const roomBottom = (list) => {
    let bottom = list.getBoundingClientRect().bottom;
    for (let at = list.parentElement; at && !at.classList.contains("screen-board"); at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.overflowY === "visible") continue;
      const inner = at.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
      bottom = Math.min(bottom, inner);
    }
    return bottom + 1;
  };
  // Where a row's foot is drawn: its box, or its letters when they reach lower (a sound effect
  // stamped on at a slant).
  const footOf = (item) => {
    const letters = document.createRange();
    letters.selectNodeContents(item);
    const drawn = Array.from(letters.getClientRects()).filter((rect) => rect.width && rect.height);
    return Math.max(item.getBoundingClientRect().bottom, ...drawn.map((rect) => rect.bottom));
  };
  // A line the Director told the room ("The Director: …") stays in sight while the table plays
  // on: pinned above the log's newest line until another takes its place, or until it is
  // PIN_FOR lines back (an old word, by then), or until the Leg ends or the Adventure
  // finishes (a word for that Leg: a new one starts clear). Returns the row pinned, if any.
  const PIN_FOR = 12;
  const LEG_TURNS = ".event-leg_ended, .event-leg_started, .event-adventure_finished";
  const pinTell = (log) => {
    const rows = Array.from(log.children).filter((row) => !row.matches(".event-undone"));
    const turn = rows.findIndex((row) => row.matches(LEG_TURNS));
    const recent = rows.slice(0, turn >= 0 ? Math.min(turn, PIN_FOR) : PIN_FOR);
    const tell = recent.find((row) => row.matches(".event-narration"));
    const pinned = tell && tell !== rows[0] ? tell : null;
    log.querySelectorAll(":scope > .is-pinned").forEach((row) => row !== pinned && row.classList.remove("is-pinned"));
    if (pinned && !pinned.classList.contains("is-pinned")) pinned.classList.add("is-pinned");
    return pinned;
  };
  // The rows that fit, from the first (the log's newest); the first row always shows. A move
  // the Director undid is gone from the TV's log: the undo's own line says what it was, and
  // the lines before it keep their room.
  const fit = (list) => {
    let items = Array.from(list.children).filter((item) => !item.matches(".event-undone"));
    let pinned = list.matches(".log-list") ? pinTell(list) : null;
    // The line pinned shows first, above the newest (screen.css draws it there): both show.
    if (pinned) items = [pinned, ...items.filter((item) => item !== pinned)];
    list.dataset.paged = "";
    list.querySelectorAll(":scope > .event-undone").forEach((item) => (item.hidden = true));
    items.forEach((item) => (item.hidden = false));
    const bottom = roomBottom(list);
    // The line pinned keeps its place above the newest only while both fit whole: the newest
    // line comes first (and the column's other parts never give way for the pin).
    if (pinned && footOf(items[1]) > bottom) {
      pinned.classList.remove("is-pinned");
      pinned = null;
      items = Array.from(list.children).filter((item) => !item.matches(".event-undone"));
    }
    const always = pinned ? 2 : 1;
    let more = false;
    items.forEach((item, index) => {
      // Once a row is hidden every older one is too, unmeasured: each measure after a row hides
      // lays the page out again, and a long evening's log would cost a layout per line.
      if (!more && index >= always) {
        more = (list.matches(".log-list") ? footOf(item) : item.getBoundingClientRect().bottom) > bottom;
      }
      if (more) item.hidden = true;
    });
  };
  // The TV's log keeps the lines it could ever show (the stream adds each new one on top): a
  // TV on all evening would otherwise hold hundreds, each a node every look walks past.
  const LOG_KEPT = 40;
  const trimLog = (log) => {
    while (log.children.length > LOG_KEPT) log.lastElementChild.remove();
  };
  // The Scene's prose gives way when the story column is short, the last first: the place's
  // description goes, then each framing line (Who, What, then Where) shortens to its first line
  // with "…" (it tells the table what the Scene is about, so it never goes), then the kicker
  // goes: so that what carries play below it (the Tumult, the Cast, the Latest Gamble) is
  // always whole. Each step reads as a row that hides (``pageIn`` gives them up in turn).
  const show = (el, shown) => {
    el.hidden = !shown;
    const term = el.previousElementSibling;
    if (el.tagName === "DD" && term?.tagName === "DT") term.hidden = !shown;
  };
  const sceneSteps = (column) => {
    const panel = column.querySelector(".scene-panel");
    if (!panel) return [];
    const paragraphs = Array.from(panel.querySelectorAll(":scope > p"));
    const gone = (el) => ({ get hidden() { return el.hidden; }, set hidden(off) { show(el, !off); }, isConnected: true });
    const brief = (el) => ({
      get hidden() { return el.classList.contains("is-brief"); },
      set hidden(short) { el.classList.toggle("is-brief", short); },
      isConnected: true,
    });
    return [
      ...paragraphs.filter((el) => !el.matches(".kicker")).reverse().map(gone),
      ...Array.from(panel.querySelectorAll(".framing-list > dd")).reverse().map(brief),
      ...paragraphs.filter((el) => el.matches(".kicker")).map(gone),
    ];
  };
  // The story column is short: past its foot, or its Latest Gamble past its own box's (a box
  // of its own height beside a handout, or in the room the Cast leaves: the verdict was cut
  // inside it, unseen at the column's foot).
  const columnOver = (column) => {
    const latest = column.querySelector(":scope > .latest");
    return column.scrollHeight > column.clientHeight + 1 || Boolean(latest && latest.scrollHeight > latest.clientHeight + 1);
  };
  const fitScene = (board) => {
    const column = board.querySelector(".board-story");
    if (!column) return;
    column.querySelectorAll(".cast-cards > [hidden]").forEach((row) => (row.hidden = false));
    const steps = sceneSteps(column);
    const over = () => columnOver(column);
    column.classList.remove("is-tight", "is-latest-wide", "is-latest-wider", "is-latest-tight", "is-latest-tighter");
    steps.forEach((step) => (step.hidden = false));
    // First the Latest Gamble's own big type shrinks and its frame closes up: what it says
    // changes from move to move (an open Gamble says more than one locked in), and the Scene
    // above it holds still (a fresh-eyes review saw the Scene's place line go at each roll and
    // come back at each lock-in: the panel jumped).
    if (over()) column.classList.add("is-latest-tight");
    if (over()) column.classList.add("is-latest-tighter");
    for (const step of steps) {
      if (!over()) break;
      step.hidden = true;
    }
    // Beside a handout on show, the Latest Gamble takes more of the row's width (its words then
    // need fewer lines), the picture less: half, then three fifths.
    if (column.querySelector(".handout-show")) {
      if (over()) column.classList.add("is-latest-wide");
      if (over()) column.classList.add("is-latest-wider");
    }
    // Still short: the big type (the Scene's title, the dice, the verdict) shrinks towards
    // the board's floor, 1rem; then the frames close up (the Latest Gamble's heading runs
    // into its line, a Knockout's stamp stands straight).
    column.classList.remove("is-tighter");
    if (over()) column.classList.add("is-tight");
    if (over()) column.classList.add("is-tighter");
  };
  // The side column: the Dangers, the Wide Shot's details and the Lines & Veils each show all
  // their rows while the column has room, the log (and a handout on show) taking what is left.
  // When the column is short, first a whole panel of it crosses to the story column, under the
  // Latest Gamble, if the story column has the room to hold it whole (the Dangers first, then
  // the Lines & Veils, then the Wide Shot): nothing is paged while the board has room. Then the
  // Wide Shot's opening (prose), then its ask, give way; then the longest list (the Wide Shot's
  // leading questions only when the Dangers and details can't, the Lines & Veils only when no
  // other list can give up a row) shows one whole row fewer, again and again (never fewer than
  // one); then the frames close up (an empty Lines & Veils makes way). A row given up that fits again once the others are paged comes back.
  // The newest log line always shows whole. A list that shows only some of its rows pages
  // through the rest (every few seconds), as many whole rows a page as fit, and says so in its
  // heading: "1–2 of 3".
  const rowsShown = (list) => Array.from(list.children).filter((item) => !item.hidden);
  // The marker reads as a page of a longer list at a glance ("3 of 3 · others in
  // turn"), never as a count ("3 of 3" read as "three details, all here"). The Dangers' line
  // of those put out of the picture is no row of its own: it shows after the standing ones
  // when there is room, and gives way first (it never takes a page from a standing Danger).
  const pagedRows = (list) => Array.from(list.children).filter((row) => !row.matches(".danger-out-line"));
  const marker = (list) => {
    const heading = list.closest(".panel")?.querySelector("h2");
    if (!heading) return;
    const rows = pagedRows(list);
    const shown = rows.map((row, index) => (row.hidden ? -1 : index)).filter((index) => index >= 0);
    const all = shown.length === rows.length || !shown.length;
    const first = shown[0] + 1;
    const last = shown.at(-1) + 1;
    const range = first === last ? `${first}` : `${first}–${last}`;
    const text = all ? "" : `${range} of ${rows.length}`;
    // The Wide Shot's questions say theirs under the question shown, its details theirs in the
    // heading: each counter says what it counts.
    if (list.matches(".questions")) {
      const page = text && `Question ${text}`;
      if ((list.dataset.page || "") !== page) list.dataset.page = page;
      return;
    }
    let mark = heading.querySelector(".page-marker");
    if (all) {
      if (mark) mark.hidden = true;
      return;
    }
    if (!mark) {
      mark = document.createElement("span");
      mark.className = "page-marker";
      heading.append(" ", mark);
    }
    const says = `${list.matches(".details") ? "Details " : ""}${text} · others in turn`;
    if (mark.textContent !== says) mark.textContent = says;
    mark.hidden = false;
  };
  // The side column's panels in their own order, as the page drew them: a panel that crossed
  // to the story column goes back to its place before each new look.
  const SPILLS = ["#dangers-panel", ".board-side > .lines-veils", ".board-side > .wideshot"];
  const homes = new Map();
  const sidePanels = (board) => {
    if (!homes.has(board)) homes.set(board, Array.from(board.querySelector(".board-side")?.children || []));
    return homes.get(board);
  };
  const goHome = (board, only = null) => {
    const side = board.querySelector(".board-side");
    const panels = sidePanels(board);
    panels.forEach((panel, index) => {
      if (panel.parentElement === side || (only && panel !== only)) return;
      if (!only && panel.classList.contains("is-welcome")) return; // welcome() decides
      panel.classList.remove("is-crossed");
      const next = panels.slice(index + 1).find((other) => other.parentElement === side);
      side.insertBefore(panel, next || null);
    });
  };
  const showAll = (list) => {
    Array.from(list.children).forEach((row) => (row.hidden = false));
    list.dataset.from = "0";
    list.dataset.more = "";
    marker(list);
  };
  // Whole panels across to the story column while the side column is short and the story
  // column holds them whole; not while a handout on show has the room under the Cast, unless
  // ``underHandout`` (the side's last resort: its picture then gives up room, to its floor).
  const cross = (board, side, over, underHandout = false) => {
    const story = board.querySelector(".board-story");
    if (!story || (!underHandout && story.querySelector(".handout-show"))) return;
    const storyOver = () => columnOver(story);
    if (storyOver()) return;
    // First where the story column has the room as it stands; then, still short, where the
    // Scene's prose gives way for it.
    for (const fits of [() => !storyOver(), () => holdsWhole(story)]) {
      for (const selector of SPILLS) {
        if (!over()) return;
        const panel = sidePanels(board).find((one) => one.matches(selector) && one.parentElement === side);
        if (!panel?.querySelector("li")) continue;
        story.append(panel);
        panel.classList.add("is-crossed");
        if (!fits()) goHome(board, panel);
      }
    }
  };
  // A panel just crossed to the story column is whole there, the Scene's prose giving way for
  // it if it must (the place, then the framing down to a line each, as for the column's own
  // parts); if even that is not room enough, the prose comes back.
  const holdsWhole = (story) => {
    const over = () => columnOver(story);
    if (!over()) return true;
    const gone = [];
    for (const step of sceneSteps(story).filter((one) => !one.hidden)) {
      step.hidden = true;
      gone.push(step);
      if (!over()) return true;
    }
    gone.forEach((step) => (step.hidden = false));
    return false;
  };
  // The log's whole rows, newest first, as the column stands.
  const logRows = (log) => {
    fit(log);
    return rowsShown(log).length;
  };
  // A whole panel across to the story column (the Dangers first) when it holds it whole and
  // the log then shows more of its newest lines: until the log shows them all.
  const crossForLog = (board, side, log) => {
    const story = board.querySelector(".board-story");
    if (!story || story.querySelector(".handout-show")) return;
    const storyOver = () => columnOver(story);
    if (storyOver()) return;
    for (const selector of SPILLS) {
      const before = logRows(log);
      if (before >= log.querySelectorAll(":scope > :not(.event-undone)").length) return;
      const panel = sidePanels(board).find((one) => one.matches(selector) && one.parentElement === side);
      if (!panel?.querySelector("li")) continue;
      story.append(panel);
      panel.classList.add("is-crossed");
      if (storyOver() || logRows(log) <= before) goHome(board, panel);
    }
  };
  // Show as many whole rows of ``lists`` as fit, ``over()`` saying when they don't: the page
  // after the last one shown when ``rotate``; the longest list gives up a row first (the Lines &
  // Veils only when no other list can), after ``prose`` and before ``tighten()``.
  // In a Tumult the Dangers carry play: they give up a row only once the Wide Shot's details
  // and questions can't, the Lines & Veils after them.
  const pageIn = (lists, overAsDrawn, { prose = [], rotate = false, tighten = null, tight = () => true } = {}) => {
    const held = inTumult() ? ".danger-list" : null;
    // Each list's heading says the page it shows before the column is measured: a marker left
    // from the look before ("1 of 3 · others in turn" where "1–2 of 3 · …" is due, or none)
    // is a heading of another height, one line or two, and the rows fitted to it don't fit (or
    // leave room) once it says the page shown.
    const over = () => {
      lists.forEach(marker);
      return overAsDrawn();
    };
    for (const list of lists) {
      const rows = Array.from(list.children);
      list.dataset.paged = "";
      let from = Number(list.dataset.from || 0);
      // The next page starts after the last row shown (back to the first after the last).
      // (Not while a Danger just come into sight holds its page: `turnToNewFoes`.)
      const holding = Number(list.dataset.holdUntil || 0) > performance.now();
      if (rotate && list.dataset.more && !holding) from = Number(list.dataset.more);
      if (from >= rows.length || rows[from].matches(".danger-out-line")) from = 0;
      list.dataset.from = String(from);
      rows.forEach((row, index) => (row.hidden = index < from));
    }
    for (let guard = 0; guard < 200 && over(); guard++) {
      // The Lines & Veils page last: only when no other list has a row to give up.
      const longestOf = (group) =>
        group
          .map((list) => rowsShown(list))
          .filter((shown) => shown.length > 1)
          .sort((one, other) => other.length - one.length)[0];
      // The Wide Shot's leading questions page only when the Dangers and the details can't.
      // In a Tumult: the details, the questions, then (once tight) the Dangers, the Lines & Veils.
      const but = (selector) => lists.filter((list) => !list.matches(selector));
      // In a Tumult the frames close up (the invitation folding to its line) before a Danger
      // gives up its row: the fight's foes share their panel (a fresh-eyes review saw one
      // Danger at a time at 720p, three in play, while the QR code kept its room).
      const spare = held
        ? longestOf(but(".safety-list, .questions, .danger-list")) || longestOf(but(".safety-list, .danger-list"))
        : longestOf(but(".safety-list, .questions")) || longestOf(but(".safety-list")) || longestOf(lists);
      const longest = spare || (held && !(tighten && !tight()) ? longestOf(but(".safety-list")) || longestOf(lists) : null);
      const words = prose.find((el) => !el.hidden && el.isConnected);
      if (words) words.hidden = true;
      else if (longest) longest.at(-1).hidden = true;
      else if (tighten && !tight()) tighten();
      else break;
    }
    // A row given up early (the longest list's, when it was longest) that fits now the others
    // page too comes back: each page as many whole rows as fit.
    for (let again = true, guard = 0; again && guard < 50; guard++) {
      again = false;
      for (const list of lists) {
        const shown = rowsShown(list);
        const next = shown.at(-1)?.nextElementSibling;
        if (!next?.hidden) continue;
        next.hidden = false;
        if (over()) {
          next.hidden = true;
          marker(list); // its heading says the page shown again, not the page tried
        } else again = true;
      }
    }
    // The last page (the rows left after the pages before it, maybe fewer than a page) fills
    // up with the rows before it: a list keeps the room it is due, the log beside it taking
    // only what is left (a fresh-eyes review saw "Details 3 of 3" alone, one detail, while the
    // log grew into the room and showed the last Scene's lines).
    for (const list of lists) {
      const rows = pagedRows(list);
      if (!rows.length || rows.at(-1).hidden) continue; // not the last page
      for (let guard = 0; guard < 50; guard++) {
        const before = rowsShown(list)[0]?.previousElementSibling;
        if (!before?.hidden) break;
        before.hidden = false;
        if (over()) {
          before.hidden = true;
          marker(list);
          break;
        }
        list.dataset.from = String(Array.from(list.children).indexOf(before));
      }
    }
  };
  const CROSS_PAGED = [".board-side > .wideshot", "#dangers-panel"];
  const crossPaged = (board, side, rotate) => {
    const story = board.querySelector(".board-story");
    if (!story || story.querySelector(".handout-show") || story.querySelector(".is-crossed")) return false;
    const storyOver = () => columnOver(story);
    for (const selector of CROSS_PAGED) {
      const panel = sidePanels(board).find((one) => one.matches(selector) && one.parentElement === side);
      if (!panel?.querySelector("li")) continue;
      // How many rows of each of its lists the side column showed.
      const before = new Map(SIDE_LISTS.map((sel) => panel.querySelector(sel)).filter(Boolean).map((list) => [list, rowsShown(list).length]));
      story.append(panel);
      panel.classList.add("is-crossed");
      const lists = SIDE_LISTS.map((sel) => panel.querySelector(sel)).filter((list) => list?.children.length);
      const prose = Array.from(panel.querySelectorAll(WIDE_PROSE));
      panel.querySelectorAll(WIDE_WORDS).forEach((el) => (el.hidden = false));
      // The Scene's prose may give way to the rows too (the place, the framing to a line), as it
      // gives way to the story column's own parts.
      const scene = sceneSteps(story).filter((step) => !step.hidden);
      lists.forEach((list) => Array.from(list.children).forEach((row) => (row.hidden = false)));
      pageIn(lists, storyOver, { prose: [...prose, ...scene], rotate });
      if (!storyOver() && lists.every((list) => rowsShown(list).length >= (before.get(list) ?? 1))) {
        lists.forEach((list) => {
          const rows = Array.from(list.children);
          const shown = rowsShown(list);
          const after = rows.indexOf(shown.at(-1)) + 1;
          list.dataset.more = shown.length < rows.length ? String(after >= rows.length ? 0 : after) : "";
          marker(list);
        });
        return true;
      }
      scene.forEach((step) => (step.hidden = false));
      goHome(board, panel); // the side column pages it again
    }
    return false;
  };
  // The side column laid out with room in the log for the Director's line pinned above its
  // newest. The pin takes its room from the log (fewer of its older lines) and at most the Wide
  // Shot's opening (prose the room has heard, the first to give way anyway), never from what
  // carries play beside it: if that room costs a Danger or a Line or Veil its place, pages a
  // list that showed whole without it (a fresh-eyes review saw "Details 1–2 of 3" as the pin
  // came), or hides the Wide Shot's ask; or is more than the column has (the log's panel grown
  // past the column's foot, cut off there, the line unpinned after all and every list one
  // row): laid out again without, the line in its place among the log's lines if it fits (the
  // spotlight showed it to the room as it was told). (A list paging anyway may show a row
  // fewer a page: every row still shows in turn.)
  const seenOnBoard = (board) => ({
    // (The Dangers' line of those out of the picture is no row: it gives way first.)
    lists: SIDE_LISTS.flatMap((selector) => Array.from(board.querySelectorAll(selector))).map((list) => {
      const rows = pagedRows(list);
      const shown = rows.filter((row) => !row.hidden).length;
      return { list, shown, whole: shown === rows.length };
    }),
    asks: Array.from(board.querySelectorAll(".wideshot-ask")).filter((el) => !el.hidden).length,
  });
  const pinCosts = (pinned, unpinned) =>
    unpinned.asks > pinned.asks ||
    unpinned.lists.some(({ list, shown, whole }) => {
      const withPin = pinned.lists.find((one) => one.list === list);
      if (!withPin) return false;
      if (whole && !withPin.whole) return true;
      return list.matches(".danger-list, .safety-list") && shown > withPin.shown;
    });
  const fitSide = (board, rotate) => {
    const side = board.querySelector(".board-side");
    const log = side?.querySelector(".log-list");
    if (!log || !pinTell(log)) return layOutSide(board, rotate, false);
    layOutSide(board, rotate, true);
    const spilled = side.scrollHeight > side.clientHeight + 1 || !log.querySelector(":scope > .is-pinned");
    // (Nor a panel sent under a handout for it: the handout's room is not the pin's.)
    const underHandout = board.querySelector(".board-story:has(.handout-show) > .is-crossed");
    if (spilled || underHandout) return layOutSide(board, false, false);
    const pinned = seenOnBoard(board);
    layOutSide(board, false, false);
    if (!pinCosts(pinned, seenOnBoard(board))) layOutSide(board, false, true);
  };
  const layOutSide = (board, rotate, withPin) => {
    const side = board.querySelector(".board-side");
    if (!side) return;
    goHome(board);
    side.classList.remove("is-tight", "is-tighter");
    const prose = Array.from(side.querySelectorAll(WIDE_PROSE));
    side.querySelectorAll(WIDE_WORDS).forEach((el) => (el.hidden = false));
    const log = side.querySelector(".log-list");
    const logPanel = log?.closest(".board-side > *");
    // The room a look before this one gave the newest log line (a pinned line above it) goes:
    // kept, it would leave each list one row when laid out again without the pin.
    if (logPanel) logPanel.style.minHeight = "";
    // The log's newest line always shows whole; just after an undo, the two lines before the
    // move undone too: the log as it stands, not the undo alone.
    const logLacks = () => {
      const lines = log ? Array.from(log.children).filter((row) => !row.matches(".event-undone")) : [];
      const wanted = lines.slice(0, lines[0]?.matches(".event-undo") ? 3 : 1);
      // (Without the pin, the line pinned goes back to its place in the log for now.)
      const pinned = withPin ? pinTell(log) : log.querySelector(":scope > .is-pinned")?.classList.remove("is-pinned");
      if (pinned && !wanted.includes(pinned)) wanted.unshift(pinned); // drawn above them
      wanted.forEach((row) => (row.hidden = false)); // measured where they would be
      const newest = wanted.at(-1);
      if (!newest) return 0;
      // Where its letters are drawn too (a sound effect stamped on at a slant reaches lower).
      const letters = document.createRange();
      letters.selectNodeContents(newest);
      const bottom = Math.max(newest.getBoundingClientRect().bottom, letters.getBoundingClientRect().bottom);
      return bottom - roomBottom(log);
    };
    const over = () => side.scrollHeight > side.clientHeight + 1 || logLacks() > 0;
    let lists = SIDE_LISTS.map((selector) => side.querySelector(selector)).filter((list) => list?.children.length);
    // Everything shown: does it all fit? If not, a whole panel may cross to the story column.
    lists.forEach((list) => Array.from(list.children).forEach((row) => (row.hidden = false)));
    if (over()) cross(board, side, over);
    // All of it fits, yet the log shows only a few of its newest lines (a long one next) while
    // the story column has room to spare: a whole panel crosses there too when the log then
    // shows more of its lines whole (issue 34: the newest lines that fit, not one).
    if (log && !over()) crossForLog(board, side, log);
    board.querySelectorAll(".board-story .is-crossed").forEach((panel) => {
      panel.querySelectorAll(SIDE_LISTS.join(", ")).forEach(showAll);
      panel.querySelectorAll(WIDE_WORDS).forEach((el) => (el.hidden = false));
    });
    lists = lists.filter((list) => side.contains(list));
    // The frames close up; then, still short, the invitation folds to one line (its address
    // and code, whole; the QR code goes): a seat's stranger reads it as well as scans it.
    // (Never for the Director's line pinned: it gives way itself.)
    const joinBox = withPin ? null : side.querySelector(".join-box");
    const tighten = () => side.classList.add(side.classList.contains("is-tight") ? "is-tighter" : "is-tight");
    const tight = () => side.classList.contains(joinBox ? "is-tighter" : "is-tight");
    pageIn(lists, over, { prose, rotate, tighten, tight });
    // Still short (a list paged): the Wide Shot (then the Dangers) crosses to the story column,
    // paged there, when the story column shows at least as many of its rows as the side did:
    // the room the Latest Gamble leaves goes to what needs it, and the side's lists page less.
    const paged = (list) => rowsShown(list).length < list.children.length;
    if (over() || lists.some(paged)) {
      crossPaged(board, side, rotate);
      lists = lists.filter((list) => side.contains(list));
      // (The page each list is on stays: this look's rotation is done.)
      pageIn(lists, over, { prose, tighten, tight });
    }
    // Still short, every list at its last row (a long newest log line in a Tumult, say), with a
    // handout on show: a whole panel crosses under the handout, its picture giving up the room
    // (a page of a list is no loss; a Line or Veil, a Danger or the newest line cut is).
    // So too in a Tumult whose Dangers page beside a handout: the foes of the fight are read
    // together (a fresh-eyes review saw "1 of 3" at 720p, the picture keeping its room).
    const story = board.querySelector(".board-story");
    const foesPaged = inTumult() && lists.some((list) => list.matches(".danger-list") && paged(list));
    if ((over() || foesPaged) && story?.querySelector(".handout-show") && !story.querySelector(".is-crossed")) {
      // (Measured whole, as the panel will show there.)
      lists.forEach((list) => Array.from(list.children).forEach((row) => (row.hidden = false)));
      cross(board, side, over, true);
      story.querySelectorAll(".is-crossed").forEach((panel) => {
        panel.querySelectorAll(SIDE_LISTS.join(", ")).forEach(showAll);
        panel.querySelectorAll(WIDE_WORDS).forEach((el) => (el.hidden = false));
      });
      lists = lists.filter((list) => side.contains(list));
      side.classList.remove("is-tight", "is-tighter");
      pageIn(lists, over, { prose, tighten, tight });
    }
    // Each list's heading says the page it shows before the log is fitted to the room left.
    for (const list of lists) {
      const rows = Array.from(list.children);
      const shown = rowsShown(list);
      const after = rows.indexOf(shown.at(-1)) + 1;
      list.dataset.more = shown.length < rows.length ? String(after >= rows.length ? 0 : after) : "";
      marker(list);
    }
    // Still no room for the newest log line (a long one, in a Tumult): its panel grows by what
    // it lacks: the newest line comes before all else in the column.
    const lacks = logLacks();
    if (lacks > 0 && logPanel) logPanel.style.minHeight = `${logPanel.getBoundingClientRect().height + lacks + 2}px`;
    if (log) fit(log);
  };
  // With no Scene in play and no Gamble yet (before the first Scene, say) the Latest Gamble has
  // nothing to show and steps aside (screen.css): its room under the Adventure and the Cast goes
  // to the invitation, the QR code and the join code drawn big. A Scene starting sends the
  // invitation back to its column.
  const welcome = (board) => {
    const join = board.querySelector(".join-part");
    const story = board.querySelector(".board-story");
    if (!join || !story) return;
    const idle = !board.querySelector("[data-scene-in-play]") && board.querySelector(".latest .latest-none");
    const wanted = Boolean(idle && join.querySelector(".join-box"));
    if (wanted && join.parentElement !== story) {
      join.classList.add("is-welcome");
      story.insertBefore(join, story.querySelector(":scope > .latest"));
    } else if (!wanted && join.classList.contains("is-welcome")) {
      join.classList.remove("is-welcome");
      goHome(board, join);
    }
  };
  // The join address reads as one piece, on a line of its own if it must: a host too long
  // for its card's line ("enigma-table.our-gaming-club.example.org") draws smaller to fit.
  const fitAddress = (board) => {
    const address = board.querySelector(".join-address");
    if (!address) return;
    address.style.fontSize = "";
    const room = address.parentElement.clientWidth;
    const wide = address.getBoundingClientRect().width;
    if (!room || wide <= room) return;
    const size = parseFloat(getComputedStyle(address).fontSize);
    address.style.fontSize = `${Math.floor((size * room * 0.98) / wide)}px`;
  };
  // A Danger come into sight since the last look: its panel turns to the page it is on at
  // once (a fresh-eyes review waited a page turn, 3 s or more, to see it). One hidden and
  // shown again is new again; those on the board when the TV came on are not.
  const FOE_HELD = 15000;
  let foesSeen = null;
  const turnToNewFoes = () => {
    const rows = Array.from(document.querySelectorAll(".danger-list > [data-danger]"));
    const now = new Set(rows.map((row) => row.dataset.danger));
    if (foesSeen) {
      for (const list of document.querySelectorAll(".danger-list")) {
        const fresh = Array.from(list.children).findIndex((row) => row.dataset.danger && !foesSeen.has(row.dataset.danger));
        if (fresh < 0) continue;
        list.dataset.from = String(fresh);
        // Its page stays up past the spotlight's moment over the board, the next turn after.
        list.dataset.holdUntil = String(performance.now() + FOE_HELD);
      }
    }
    foesSeen = now;
  };
  const fitAll = (rotate = false) => {
    turnToNewFoes();
    document.querySelectorAll(".board-side > *").forEach((panel) => {
      panel.style.maxHeight = "";
      panel.style.minHeight = "";
    });
    document.querySelectorAll(".screen-board").forEach((board) => {
      board.querySelectorAll(".log-list").forEach(trimLog);
      goHome(board); // a panel that crossed to the story column: back, to be looked at afresh
      welcome(board);
      fitAddress(board);
      fitScene(board);
      LISTS.forEach((selector) => board.querySelectorAll(selector).forEach((list) => fit(list)));
      fitSide(board, rotate);
    });
    // A panel crossing between the columns is this look's own doing, not a redraw to answer.
    observers.forEach((observer) => observer.takeRecords());
  };
  const observers = [];

  spotlight();
  fitAll();
  // Whatever the stream redraws (a part swapped in, a log row added), look again; and when a
  // panel changes size for any other reason (a picture loaded, a neighbour's rows paged).
  let pending = false;
  const again = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      spotlight();
      fitAll();
    });
  };
  const redrawn = new MutationObserver(again);
  redrawn.observe(document.querySelector(".screen") || document.body, { childList: true, subtree: true });
  // (A panel the stream swaps in is a new element: watched from its first redraw on.)
  const sizes = new ResizeObserver(again);
  const watch = () => document.querySelectorAll(".board-story > *, .board-side > *").forEach((panel) => sizes.observe(panel));
  watch();
  const added = new MutationObserver(watch);
  added.observe(document.querySelector(".screen") || document.body, { childList: true, subtree: true });
  observers.push(redrawn, added);
  // Text that reflows inside a panel of the same size: the fonts arriving, a picture loaded.
  document.fonts?.ready.then(again);
  document.addEventListener("load", again, true);
  // A moment stamped on with a pop (a Knockout, a burst) is measured mid-pop at its first
  // look, smaller or bigger than it stays: look again once it has landed.
  document.addEventListener("animationend", again, true);
  window.addEventListener("resize", () => {
    fitAll();
    fitSpotlight();
  });
  setInterval(() => fitAll(true), 8000);
})();


// A TV left on a finished Adventure follows its Campaign: as The End lands, every little while
// after, and at once when the Director opens the next Adventure at the table (its session zero,
// its "Previously on…", its first Leg: the follow part is drawn again), it asks where the
// Campaign went on, and moves there (the room's TV has nobody at it to follow a link).
(() => {
  const root = document.querySelector("[data-next-url]");
  if (!root) return;
  const token = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch {
      return "";
    }
  };
  const finished = () => Boolean(document.querySelector("[data-adventure-finished]"));
  let timer = null;
  let asking = false;
  // Every 15 s (a page may ask for sooner with data-next-every, in ms).
  const later = (delay = Number(root.dataset.nextEvery) || 15000) => {
    clearTimeout(timer);
    timer = setTimeout(ask, delay);
  };
  async function ask() {
    if (!finished() || asking) return;
    asking = true;
    try {
      const answer = await fetch(root.dataset.nextUrl, {
        method: "POST",
        headers: { "X-CSRFToken": token() },
        credentials: "same-origin",
      });
      if (answer.status === 200) {
        const { url } = await answer.json();
        if (url) {
          window.location.assign(url);
          return;
        }
      }
    } catch {
      // Offline for a moment: asked again next time.
    } finally {
      asking = false;
    }
    later();
  }
  let was = finished();
  if (was) ask();
  new MutationObserver((changes) => {
    const now = finished();
    const told = changes.some((change) => change.target.closest?.(".follow-part"));
    if (now && (!was || told)) later(0);
    was = now;
  }).observe(root, { childList: true, subtree: true });
})();
