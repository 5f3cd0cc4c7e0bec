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

  // The bar's "Gamble" brings the Gamble up, and then Roll! and its odds line whole above the
  // bar (and below the calls' banner: the page pads for it): a long form (many Knacks, real dice) scrolls further, the heading going first.
  document.addEventListener("click", (event) => {
    const jump = event.target.closest?.(".hero-bar-jump");
    if (!jump) return;
    // After the browser's own jump to the heading, before the screen is painted.
    requestAnimationFrame(() => {
      const panel = document.querySelector(jump.getAttribute("href"))?.closest("section");
      const roll = panel?.querySelector(".button-roll");
      if (!roll || !roll.checkVisibility()) return;
      // With the line saying how it counts (a Group Gamble, a Tumult) when there is one.
      const shown = [roll, ...panel.querySelectorAll(".gamble-form > :is(.odds, .counts-how)")];
      const bottom = Math.max(...shown.map((element) => element.getBoundingClientRect().bottom));
      const style = getComputedStyle(document.documentElement);
      const bar = parseFloat(style.getPropertyValue("--hero-bar-height")) || 0;
      const below = bottom - (window.innerHeight - bar - 8);
      if (below > 0) window.scrollBy(0, below);
    });
  });
})();
