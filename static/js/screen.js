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

  // The story column's Cast and the log fit with fit(); the side column's lists with fitSide().
  const LISTS = [".cast-cards", ".log-list"];
  const SIDE_LISTS = [".danger-list", ".details", ".safety-list"];
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
  // The rows that fit, from the first (the log's newest); the first row always shows.
  const fit = (list) => {
    const items = Array.from(list.children);
    list.dataset.paged = "";
    items.forEach((item) => (item.hidden = false));
    const bottom = roomBottom(list);
    let more = false;
    items.forEach((item, index) => {
      if (index > 0 && (more || item.getBoundingClientRect().bottom > bottom)) {
        item.hidden = true;
        more = true;
      }
    });
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
  // The side column: the Dangers, the Wide Shot's details and the Lines & Veils each show all
  // their rows while the column has room, the log (and a handout on show) taking what is left.
  // When the column is short, the longest list shows one whole row fewer, again and again
  // (never fewer than one); then the Wide Shot's opening (prose) gives way; then the frames
  // close up (an empty Lines & Veils makes way).
  // The newest log line always shows whole. A list that shows only some of its rows pages
  // through the rest (every few seconds) and says so in its heading: "1–2 of 3".
  const rowsShown = (list) => Array.from(list.children).filter((item) => !item.hidden);
  const marker = (list) => {
    const heading = list.closest(".panel")?.querySelector("h2");
    if (!heading) return;
    const rows = Array.from(list.children);
    const shown = rows.map((row, index) => (row.hidden ? -1 : index)).filter((index) => index >= 0);
    let mark = heading.querySelector(".page-marker");
    if (shown.length === rows.length || !shown.length) {
      if (mark) mark.hidden = true;
      return;
    }
    if (!mark) {
      mark = document.createElement("span");
      mark.className = "page-marker";
      heading.append(" ", mark);
    }
    const first = shown[0] + 1;
    const last = shown.at(-1) + 1;
    const text = first === last ? `${first} of ${rows.length}` : `${first}–${last} of ${rows.length}`;
    if (mark.textContent !== text) mark.textContent = text;
    mark.hidden = false;
  };
  const fitSide = (board, rotate) => {
    const side = board.querySelector(".board-side");
    if (!side) return;
    side.classList.remove("is-tight");
    const lists = SIDE_LISTS.map((selector) => side.querySelector(selector)).filter((list) => list?.children.length);
    for (const list of lists) {
      const rows = Array.from(list.children);
      list.dataset.paged = "";
      let from = Number(list.dataset.from || 0);
      // The next page starts after the last row shown (back to the first after the last).
      if (rotate && list.dataset.more) from = Number(list.dataset.more);
      if (from >= rows.length) from = 0;
      list.dataset.from = String(from);
      rows.forEach((row, index) => (row.hidden = index < from));
    }
    const opening = side.querySelector(".wideshot .opening");
    if (opening) opening.hidden = false;
    const log = side.querySelector(".log-list");
    const logPanel = log?.closest(".board-side > *");
    const logLacks = () => {
      const newest = log?.firstElementChild;
      if (!newest) return 0;
      return newest.getBoundingClientRect().bottom - roomBottom(log);
    };
    const over = () => side.scrollHeight > side.clientHeight + 1 || logLacks() > 0;
    for (let guard = 0; guard < 200 && over(); guard++) {
      const longest = lists
        .map((list) => rowsShown(list))
        .filter((shown) => shown.length > 1)
        .sort((one, other) => other.length - one.length)[0];
      if (longest) longest.at(-1).hidden = true;
      else if (opening && !opening.hidden) opening.hidden = true;
      else if (!side.classList.contains("is-tight")) side.classList.add("is-tight");
      else break;
    }
    // Still no room for the newest log line (a long one, in a Tumult): its panel grows by what
    // it lacks: the newest line comes before all else in the column.
    const lacks = logLacks();
    if (lacks > 0 && logPanel) logPanel.style.minHeight = `${logPanel.getBoundingClientRect().height + lacks + 2}px`;
    if (log) fit(log);
    for (const list of lists) {
      const rows = Array.from(list.children);
      const shown = rowsShown(list);
      const after = rows.indexOf(shown.at(-1)) + 1;
      list.dataset.more = shown.length < rows.length ? String(after >= rows.length ? 0 : after) : "";
      marker(list);
    }
  };
  const fitAll = (rotate = false) => {
    document.querySelectorAll(".board-side > *").forEach((panel) => {
      panel.style.maxHeight = "";
      panel.style.minHeight = "";
    });
    document.querySelectorAll(".screen-board").forEach((board) => {
      fitScene(board);
      LISTS.forEach((selector) => board.querySelectorAll(selector).forEach((list) => fit(list)));
      fitSide(board, rotate);
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

