// The Director's cockpit at a laptop: three columns of different heights. Scrolled down to
// the tools, the shorter columns would leave a wide blank beside them, so each column
// scrolls with the page until its foot is in view and then stays there (sticky, its top
// set here from its height). A column that fits the window stays at the top. Without this
// script the columns scroll as plain columns, every panel reachable.
(() => {
  const cockpit = document.querySelector(".cockpit");
  if (!cockpit) return;
  const wide = window.matchMedia("(min-width: 80rem)");
  const MARGIN = 10;
  const place = () => {
    cockpit.classList.toggle("columns-follow", wide.matches);
    for (const column of cockpit.querySelectorAll(":scope > .cockpit-column")) {
      const top = Math.min(MARGIN, window.innerHeight - column.offsetHeight - MARGIN);
      column.style.setProperty("--follow-top", `${top}px`);
    }
  };
  // A live redraw or a fold opening changes a column's height: placed again.
  const watch = new ResizeObserver(place);
  for (const column of cockpit.querySelectorAll(":scope > .cockpit-column")) watch.observe(column);
  window.addEventListener("resize", place);
  wide.addEventListener("change", place);
  place();
})();

// A jump within the cockpit ("When it goes wrong: 3 ideas ↓") scrolls to its panel and puts
// the focus on its heading, as the link would, but leaves the table's address as it was: the
// fragment ("#consequences-title") stayed in the address bar all evening, and was still there,
// pointing at nothing, once the Adventure was finished (fresh-eyes review). One that came with
// the address (a form's plain-page answer, "#lines-veils-panel") goes once the page is there.
// A target inside folds ("The TV is off: make a shared screen link", in Tools › Safety &
// Screen, folded at first) opens them on the way, and a control is brought to the middle of
// the window and focused as it is, ready to press.
(() => {
  const cockpit = document.querySelector(".cockpit");
  if (!cockpit) return;
  const CONTROL = "a[href], button, input, select, textarea, summary";
  cockpit.addEventListener("click", (event) => {
    const link = event.target.closest?.('a[href^="#"]');
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey);
    if (!link || !plain || event.defaultPrevented) return;
    const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    for (let fold = target.parentElement?.closest("details"); fold; ) {
      fold.open = true; // its "toggle" keeps it open on a reload (director.js)
      fold = fold.parentElement?.closest("details");
    }
    const control = target.matches(CONTROL);
    target.scrollIntoView({ block: control ? "center" : "start" });
    if (!control && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  });
  if (window.location.hash) {
    window.addEventListener("load", () => {
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
    });
  }
})();

// A finished table points to no prompts: "When it goes wrong: 3 ideas ↓" (drawn in the Cast's
// heading, which may not be redrawn) goes as the Adventure ends, when the pacing part is drawn saying so (a
// fresh-eyes review: it led to a panel reading "The Adventure is finished.").
(() => {
  if (!document.querySelector(".cockpit")) return;
  const finished = () => {
    if (!document.querySelector("[data-the-end]")) return;
    document.querySelectorAll(".cockpit .prompts-pointer").forEach((pointer) => pointer.remove());
  };
  document.addEventListener("table:redrawn", finished);
  document.addEventListener("htmx:afterSettle", finished);
})();

// "Jump to:" (templates/sessions/parts/_tools_jump.html): each tool group a tap away, however
// long the Dangers and pacing above it. The group jumped to opens if folded (director.js keeps
// it so) and its heading takes the focus, at the top of what shows; a group not drawn now
// (Peril & Rest between Scenes, all of them after The End) has no link.
(() => {
  const links = () => document.querySelectorAll(".cockpit-jump a[data-jump]");
  if (!links().length) return;
  const target = (link) => document.getElementById(link.hash.slice(1));
  const offered = () => {
    links().forEach((link) => {
      link.closest("li").hidden = !target(link);
    });
  };
  offered();
  document.addEventListener("table:redrawn", offered);
  document.addEventListener("htmx:afterSettle", offered);
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.(".cockpit-jump a[data-jump]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const place = target(link);
    if (!place) return;
    event.preventDefault();
    let heading = place;
    if (place instanceof HTMLDetailsElement) {
      place.open = true;
      heading = place.querySelector(":scope > summary");
    }
    heading.focus({ preventScroll: true });
    (place instanceof HTMLDetailsElement ? place : place.closest("section") || place).scrollIntoView({
      block: "start",
    });
  });
})();
