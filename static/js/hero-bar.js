// The hero bar pinned to the foot of a phone (sessions/parts/_hero_bar.html): its real height
// goes in --hero-bar-height, so the page pads for it and a control never scrolls to a place
// under it (issue 34 item 6). Measured again when it changes size or a live redraw replaces it
// (pinned.js).
(() => {
  const shown = () =>
    Array.from(document.querySelectorAll("[data-hero-bar]")).find(
      (candidate) => candidate.getClientRects().length > 0,
    );
  const measure = pinHeight("--hero-bar-height", shown);
  document.addEventListener("htmx:afterSettle", measure);
  window.addEventListener("resize", measure);
})();
