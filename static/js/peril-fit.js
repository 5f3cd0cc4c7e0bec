// The Tumult's Peril grid in the Director's panel: a hero a column while every hero's name
// fits its column's head in two lines at most and the grid fits the panel's width; else
// (four long names in a laptop's 392px panel needed 765px: a fresh-eyes cockpit) the grid is
// marked `data-stacked` and site.css lays it out as a block a Danger, each hero named beside
// their box. Fitted again when the panel is redrawn or changes width. Without this script the
// grid scrolls sideways in its panel, as it did.
(() => {
  const twoLinesAtMost = (head) => {
    const tops = new Set();
    head.querySelectorAll(".whole-word").forEach((word) => tops.add(Math.round(word.getBoundingClientRect().top)));
    return tops.size <= 2;
  };
  const fit = (grid) => {
    const room = grid.parentElement;
    grid.removeAttribute("data-stacked");
    grid.removeAttribute("data-squeezed");
    // The heroes' columns beside the Dangers' column at its least (its min-width): a Danger's
    // name of one very long word alone keeps the grid (squeezed, below), rather than a block
    // each for four Dangers (the laptop's first screen).
    let need = grid.getBoundingClientRect().width;
    const danger = grid.querySelector("tbody th.peril-from");
    if (danger) need -= Math.max(0, danger.getBoundingClientRect().width - parseFloat(getComputedStyle(danger).minWidth || 0));
    const fits =
      need <= room.clientWidth + 1 &&
      Array.from(grid.querySelectorAll("thead th.peril-to")).every(twoLinesAtMost);
    if (!fits) grid.setAttribute("data-stacked", "");
    // Only the Danger's long word in the way: it wraps where it must, the heroes all in sight.
    else if (grid.getBoundingClientRect().width > room.clientWidth + 1) grid.setAttribute("data-squeezed", "");
  };
  const grids = () => document.querySelectorAll(".split-scroll > .peril-grid");
  const fitAll = () => grids().forEach(fit);
  let pending = 0;
  const soon = () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(fitAll);
  };
  document.addEventListener("htmx:afterSettle", soon);
  window.addEventListener("resize", soon);
  let watch = null;
  if (typeof ResizeObserver === "function") {
    // The panel's width, not its height (laid out as blocks it grows taller): the fonts
    // arrive, the layout settles, a column opens beside it.
    const widths = new WeakMap();
    const sized = new ResizeObserver((entries) => {
      if (entries.some((entry) => widths.get(entry.target) !== entry.contentRect.width)) soon();
      entries.forEach((entry) => widths.set(entry.target, entry.contentRect.width));
    });
    watch = () => grids().forEach((grid) => sized.observe(grid.parentElement));
    document.addEventListener("htmx:afterSettle", watch);
    watch();
  }
  if (typeof MutationObserver === "function") {
    // A part redrawn by the stream (the table's own swap, not htmx's) is fitted anew, before
    // it is painted (an animation frame's callbacks run first).
    new MutationObserver((records) => {
      if (!records.some((record) => record.addedNodes.length)) return;
      watch?.();
      soon();
    }).observe(document.body, { childList: true, subtree: true });
  }
  document.fonts?.ready.then(soon);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", soon);
  else soon();
})();
