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
  // bar (and below the calls' banner: the page pads for it): a long form (many Knacks, real
  // dice) scrolls further, yet never takes the Gamble's heading under the banner (a fresh-eyes
  // phone at 360x780: the Wide Shot's call hid whose Gamble it was). Roll! comes first; the
  // odds line and the line saying how it counts (a Group Gamble, a Tumult) as they fit.
  document.addEventListener("click", (event) => {
    const jump = event.target.closest?.(".hero-bar-jump");
    if (!jump) return;
    // After the browser's own jump to the heading, before the screen is painted.
    requestAnimationFrame(() => {
      const heading = document.querySelector(jump.getAttribute("href"));
      const panel = heading?.closest("section");
      const roll = panel?.querySelector(".button-roll");
      if (!roll || !roll.checkVisibility()) return;
      const style = getComputedStyle(document.documentElement);
      const bar = parseFloat(style.getPropertyValue("--hero-bar-height")) || 0;
      const below = (element) =>
        element.getBoundingClientRect().bottom - (window.innerHeight - bar - 8);
      // How far the page may go before the heading reaches the foot of the pinned banners.
      const room = heading.getBoundingClientRect().top - (parseFloat(style.scrollPaddingTop) || 0);
      let by = Math.max(0, below(roll));
      panel.querySelectorAll(".gamble-form > :is(.odds, .counts-how)").forEach((line) => {
        const more = below(line);
        if (more > by && more <= room) by = more;
      });
      if (by > 0) window.scrollBy(0, by);
    });
  });
})();
