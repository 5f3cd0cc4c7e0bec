// The hero bar pinned to the foot of a phone (sessions/parts/_hero_bar.html): its real height
// goes in --hero-bar-height, so the page pads for it and a control never scrolls to a place
// under it (issue 34 item 6). Measured again when it changes size or a live redraw replaces it
// (pinned.js). It is kept whole above whatever covers the foot of the page (a toolbar).
(() => {
  const shown = () =>
    Array.from(document.querySelectorAll("[data-hero-bar]")).find(
      (candidate) => candidate.getClientRects().length > 0,
    );
  const measure = pinHeight("--hero-bar-height", shown);
  document.addEventListener("htmx:afterSettle", measure);
  window.addEventListener("resize", measure);

  // Whole on the screen as the phone shows it: a bar grown live (the pause's "Paused (X-card):
  // no Gambles until the Director resumes the game." on a row of its own) while the browser's
  // toolbar came back over the foot of the page had its second line under the toolbar, off
  // the screen (a fresh-eyes phone at 390x844; loaded afresh, it fit). The bar is lifted by
  // what the visible part of the page leaves of it; not while a field is typed in (the
  // keyboard's place, as before) nor zoomed in (the page is then looked at closely on purpose).
  const view = window.visualViewport;
  const root = document.documentElement;
  let lifted = null;
  const keepWhole = () => {
    const bar = shown();
    if (lifted && lifted !== bar) lifted.style.removeProperty("bottom");
    lifted = bar || null;
    if (!bar || !view) return;
    bar.style.removeProperty("bottom");
    if (root.classList.contains("typing") || view.scale > 1.01) return;
    const under = bar.getBoundingClientRect().bottom - (view.offsetTop + view.height);
    if (under > 0.5) bar.style.bottom = `${Math.ceil(under)}px`;
  };
  let asked = false;
  const soon = () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => {
      asked = false;
      keepWhole();
    });
  };
  view?.addEventListener("resize", soon);
  view?.addEventListener("scroll", soon);
  window.addEventListener("scroll", soon, { passive: true });
  document.addEventListener("htmx:afterSettle", soon);
  document.addEventListener("table:redrawn", soon);
  if (typeof ResizeObserver === "function") {
    const grown = new ResizeObserver(soon);
    const watch = () =>
      document.querySelectorAll("[data-hero-bar]").forEach((bar) => grown.observe(bar));
    document.addEventListener("htmx:afterSettle", watch);
    document.addEventListener("table:redrawn", watch);
    watch();
  }
  keepWhole();

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
