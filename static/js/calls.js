// A call that asks for words (the Wide Shot's "What does Ada see?") lands in the field itself,
// ready to type; the others scroll to their part as any link does. (The title that follows
// the calls is title.js's.)
document.addEventListener("click", (event) => {
  const link = event.target.closest(".call-link");
  const field = link && document.getElementById(link.hash.slice(1));
  if (!field || !field.matches("input, textarea, select")) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
});

// The banner pinned at the top of the phone: its real height goes in --calls-height, so the page
// pads for it and a control never scrolls to a place under it (as hero-bar.js does at the foot).
(() => {
  const calls = document.querySelector("[data-calls]");
  if (!calls) return;
  const measure = pinHeight("--calls-height", () => calls);
  document.addEventListener("table:redrawn", measure);
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
