// The hero bar pinned to the foot of a phone (sessions/parts/_hero_bar.html): its real height
// goes in --hero-bar-height, so the page pads for it and a control never scrolls to a place
// under it (issue 34 item 6). Measured again when it changes size or a live redraw replaces it.
(() => {
  if (typeof ResizeObserver !== "function") return;
  const root = document.documentElement;
  let watched = null;
  const measure = () => {
    const bar = Array.from(document.querySelectorAll("[data-hero-bar]")).find(
      (candidate) => candidate.getClientRects().length > 0,
    );
    const height = bar ? Math.ceil(bar.getBoundingClientRect().height) : 0;
    root.style.setProperty("--hero-bar-height", `${height}px`);
    if (bar === watched) return;
    if (watched) observer.unobserve(watched);
    if (bar) observer.observe(bar);
    watched = bar;
  };
  const observer = new ResizeObserver(measure);
  document.addEventListener("htmx:afterSettle", measure);
  window.addEventListener("resize", measure);
  measure();
})();
