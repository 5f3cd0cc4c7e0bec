// The table log's box (the phone's and the Director's page; the TV fits its own in screen.js)
// ends on a whole line: its height, at most what the stylesheet allows, is cut back to the
// foot of the last row that fits whole, so no line shows half at the box's edge, and the
// newest row (the first) always shows whole (issue 34, the room's screens, item 1). Fitted
// again when a row arrives, the page is redrawn or the window changes size.
(() => {
  if (document.querySelector(".screen-page")) return;
  const fit = (list) => {
    list.style.maxHeight = "";
    list.style.minHeight = "";
    const room = list.clientHeight;
    if (list.scrollHeight <= room + 1) return; // it all shows: nothing cut
    const top = list.getBoundingClientRect().top - list.scrollTop;
    let foot = 0;
    for (const row of list.children) {
      const bottom = row.getBoundingClientRect().bottom - top;
      if (bottom > room + 0.5 && foot) break;
      foot = bottom; // the first row counts whatever its height: the newest shows whole
    }
    // Exactly there, whatever the stylesheet's least height (the cockpit's log is never a
    // slit: its room is at least 14rem, and the whole rows in it what it shows).
    list.style.maxHeight = `${foot}px`;
    list.style.minHeight = `${foot}px`;
  };
  const fitAll = () => document.querySelectorAll(".log-list").forEach(fit);
  let pending = 0;
  const soon = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(fitAll);
  };
  document.addEventListener("htmx:afterSettle", soon);
  document.addEventListener("htmx:sseMessage", soon);
  window.addEventListener("resize", soon);
  document.addEventListener("toggle", soon, true); // a folded log opened
  if (typeof MutationObserver === "function") {
    // A row added by the stream (the table's own swap, not htmx's) fits the box again.
    new MutationObserver(soon).observe(document.body, { childList: true, subtree: true });
  }
  if (typeof ResizeObserver === "function") {
    // A box that changes width (the fonts arrive, the layout settles) wraps its rows anew.
    const widths = new WeakMap();
    const sized = new ResizeObserver((entries) => {
      if (entries.some((entry) => widths.get(entry.target) !== entry.contentRect.width)) soon();
      entries.forEach((entry) => widths.set(entry.target, entry.contentRect.width));
    });
    const watch = () => document.querySelectorAll(".log-list").forEach((list) => sized.observe(list));
    document.addEventListener("htmx:afterSettle", watch);
    watch();
  }
  document.fonts?.ready.then(soon);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", soon);
  else soon();
})();
