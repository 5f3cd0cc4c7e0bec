// The banner pinned at the top of the phone: its real height goes in --calls-height, so the page
// pads for it and a control never scrolls to a place under it (as hero-bar.js does at the foot).
// A tap on a call goes to its part: one that asks for words (the Wide Shot's "What does Ada
// see?") lands in the field itself, ready to type; the others land their card's heading below
// the banner, measured once the tapped call has opened whole (the banner grew as the page
// scrolled: the card's top went under it). (The title that follows the calls is title.js's.)
(() => {
  const calls = document.querySelector("[data-calls]");
  if (!calls) return;
  const measure = pinHeight("--calls-height", () => calls);
  document.addEventListener("table:redrawn", measure);
  document.addEventListener("click", (event) => {
    const link = event.target.closest(".call-link");
    const target = link && document.getElementById(link.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    link.focus({ preventScroll: true });
    measure();
    if (target.matches("input, textarea, select")) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "center" });
      return;
    }
    history.replaceState(null, "", link.hash);
    target.scrollIntoView({ block: "start" });
  });
})();

// The pause's bar, pinned at the top while the X-card holds the table: its real height goes in
// --pause-height, so the calls' banner pins below it rather than under it, and the page pads
// for both. Measured at once after a live redraw (table.js says so) and when it changes size.
(() => {
  const pinned = () =>
    Array.from(document.querySelectorAll("#pause-panel, .pause-banner")).find(
      (el) =>
        (el.matches(".pause-banner") || el.querySelector(".pause-banner")) &&
        getComputedStyle(el).position === "sticky",
    );
  // With its shadow (0.3rem) below it.
  const measure = pinHeight("--pause-height", pinned, 5);
  document.addEventListener("htmx:afterSettle", measure);
  document.addEventListener("table:redrawn", measure);
})();
