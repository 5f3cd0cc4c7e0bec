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
  // A moment's few seconds (a page may ask for longer with data-shown-for, in ms).
  const shownFor = () => Number(holder.dataset.shownFor) || 6000;
  const played = new Set();
  let started = false;
  let current;
  let timer = null;
  const spotlight = () => {
    const moment = holder.querySelector("[data-spotlight]");
    const key = moment?.dataset.spotlight ?? null;
    const hold = moment?.hasAttribute("data-hold");
    if (key === current && !hold) return; // drawn again (one move, two events): goes on
    clearTimeout(timer);
    if (!moment || hold) {
      holder.classList.toggle("is-on", Boolean(moment));
    } else {
      // A new moment (not the one up when the TV came on) gets its few seconds, once; one
      // played already (back after the pause, or after an undo) leaves the board be.
      const fresh = started && !played.has(key);
      holder.classList.toggle("is-on", fresh);
      if (fresh) timer = setTimeout(() => holder.classList.remove("is-on"), shownFor());
    }
    played.add(key);
    current = key;
    started = true;
    fitSpotlight();
  };
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

  const LISTS = [".cast-cards", ".danger-list", ".details", ".log-list", ".safety-list"];
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
  const fit = (list, rotate) => {
    const items = Array.from(list.children);
    list.dataset.paged = "";
    let start = rotate ? Number(list.dataset.start || 0) : 0;
    if (start >= items.length) start = 0;
    items.forEach((item, index) => (item.hidden = index < start));
    const bottom = roomBottom(list);
    let more = false;
    items.slice(start).forEach((item) => {
      if (more || item.getBoundingClientRect().bottom > bottom) {
        item.hidden = true;
        more = true;
      }
    });
    // Hiding rows can move the panel's other content (a clamped opening reflows): while the
    // last row shown still runs past the room, it goes too (the first row always stays).
    let shown = items.filter((item) => !item.hidden);
    while (shown.length > 1 && shown.at(-1).getBoundingClientRect().bottom > roomBottom(list)) {
      shown.pop().hidden = true;
      more = true;
    }
    if (rotate) {
      const next = items.findIndex((item, index) => index > start && item.hidden);
      list.dataset.start = more && next > start ? String(next) : "0";
    }
  };
  // The Scene's prose gives way when the story column is short: whole paragraphs, the last
  // first (the place, then the framing from Who up, then the kicker), so that what carries
  // play below it (the Tumult, the Cast, the Latest Gamble) is always whole.
  const show = (el, shown) => {
    el.hidden = !shown;
    const term = el.previousElementSibling;
    if (el.tagName === "DD" && term?.tagName === "DT") term.hidden = !shown;
  };
  const fitScene = (board) => {
    const column = board.querySelector(".board-story");
    if (!column) return;
    column.querySelectorAll(".cast-cards > [hidden]").forEach((row) => (row.hidden = false));
    const prose = Array.from(column.querySelectorAll(".scene-panel > p, .scene-panel .framing-list > dd"));
    const over = () => column.scrollHeight > column.clientHeight + 1;
    column.classList.remove("is-tight");
    prose.forEach((el) => show(el, true));
    for (const el of prose.reverse()) {
      if (!over()) break;
      show(el, false);
    }
    // Still short: the big type (the Scene's title, the dice, the verdict) shrinks towards
    // the board's floor, 1rem; then the frames close up (the Latest Gamble's heading runs
    // into its line, a Knockout's stamp stands straight).
    column.classList.remove("is-tighter");
    if (over()) column.classList.add("is-tight");
    if (over()) column.classList.add("is-tighter");
  };
  // The Wide Shot's opening is prose too: it gives way when not even one detail would show.
  const fitOpening = (board) => {
    board.querySelectorAll(".wideshot").forEach((panel) => {
      const opening = panel.querySelector(".opening");
      const first = panel.querySelector(".details > li");
      if (!opening || !first) return;
      opening.hidden = false;
      first.hidden = false;
      if (first.getBoundingClientRect().bottom > roomBottom(first.parentElement)) opening.hidden = true;
    });
  };
  // The newest log line is never crowded out: while it can't show whole, the side's other
  // lists show one row fewer (the row they give up comes first on their next page).
  const makeRoomForTheLog = (board) => {
    const log = board.querySelector(".log-list");
    if (!log || !log.firstElementChild?.hidden) return;
    for (const selector of [".details", ".danger-list", ".safety-list"]) {
      const list = board.querySelector(`.board-side ${selector}`);
      if (!list) continue;
      let shown = Array.from(list.children).filter((item) => !item.hidden);
      while (shown.length > 1 && log.firstElementChild.hidden) {
        const row = shown.pop();
        row.hidden = true;
        list.dataset.start = String(Array.from(list.children).indexOf(row));
        fit(log, false);
      }
      if (!log.firstElementChild.hidden) return;
    }
    // No row left to give (a handout up beside a long detail): the log's panel grows by what
    // its newest line lacks, and the handout, scaled to fit, gives it up.
    const newest = log.firstElementChild;
    newest.hidden = false;
    const lacks = newest.getBoundingClientRect().bottom - roomBottom(log);
    if (lacks > 0) {
      const panel = log.closest(".board-side > *");
      panel.style.minHeight = `${panel.getBoundingClientRect().height + lacks + 2}px`;
    }
    fit(log, false);
  };
  // A side list with rows never shows none: its panel grows by its first row (the log, which
  // takes what is left, gives it up), so there is always one whole detail, Danger or Line.
  // And a first row too long for its place (a long detail) grows its panel by what it lacks.
  const makeRoomForFirstRows = (board) => {
    for (const selector of [".danger-list", ".details", ".safety-list"]) {
      const list = board.querySelector(`.board-side ${selector}`);
      const first = list?.firstElementChild;
      if (!first) continue;
      if (Array.from(list.children).filter((item) => !item.hidden).length > 1) continue;
      const row = Array.from(list.children).find((item) => !item.hidden) ?? first;
      row.hidden = false;
      const lacks = row.getBoundingClientRect().bottom - roomBottom(list);
      if (lacks <= 0) continue;
      const panel = list.closest(".board-side > *");
      panel.style.maxHeight = `${panel.getBoundingClientRect().height + lacks + 2}px`;
      fit(list, false);
      const log = board.querySelector(".log-list");
      if (log) fit(log, false);
    }
  };
  // The side column as a whole never runs past its foot: while it does, its lists show one
  // whole row fewer (never fewer than one), and then the handout gives up its floor.
  const fitSide = (board) => {
    const side = board.querySelector(".board-side");
    if (!side) return;
    side.classList.remove("is-tight");
    const over = () => side.scrollHeight > side.clientHeight + 1;
    for (const selector of [".details", ".danger-list", ".safety-list"]) {
      const list = side.querySelector(selector);
      if (!list) continue;
      const shown = Array.from(list.children).filter((item) => !item.hidden);
      while (over() && shown.length > 1) {
        const row = shown.pop();
        row.hidden = true;
        list.dataset.start = String(Array.from(list.children).indexOf(row));
      }
    }
    if (over()) side.classList.add("is-tight");
  };
  const fitAll = (rotate = false) => {
    document.querySelectorAll(".board-side > *").forEach((panel) => {
      panel.style.maxHeight = "";
      panel.style.minHeight = "";
    });
    document.querySelectorAll(".screen-board").forEach((board) => {
      fitScene(board);
      fitOpening(board);
      LISTS.forEach((selector) => {
        // The log shows its newest rows; the others page through what doesn't fit.
        board.querySelectorAll(selector).forEach((list) => fit(list, rotate && selector !== ".log-list"));
      });
      makeRoomForFirstRows(board);
      makeRoomForTheLog(board);
      fitSide(board);
    });
  };

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
  new MutationObserver(again).observe(document.querySelector(".screen") || document.body, { childList: true, subtree: true });
  // (A panel the stream swaps in is a new element: watched from its first redraw on.)
  const sizes = new ResizeObserver(again);
  const watch = () => document.querySelectorAll(".board-story > *, .board-side > *").forEach((panel) => sizes.observe(panel));
  watch();
  new MutationObserver(watch).observe(document.querySelector(".screen") || document.body, { childList: true, subtree: true });
  // Text that reflows inside a panel of the same size: the fonts arriving, a picture loaded.
  document.fonts?.ready.then(again);
  document.addEventListener("load", again, true);
  window.addEventListener("resize", () => {
    fitAll();
    fitSpotlight();
  });
  setInterval(() => fitAll(true), 8000);
})();

