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
  if (!calls || typeof ResizeObserver !== "function") return;
  const root = document.documentElement;
  const measure = () => {
    root.style.setProperty("--calls-height", `${Math.ceil(calls.getBoundingClientRect().height)}px`);
  };
  new ResizeObserver(measure).observe(calls);
  document.addEventListener("table:redrawn", measure);
  measure();
})();

// The pause's bar, pinned at the top while the X-card holds the table: its real height goes in
// --pause-height, so the calls' banner pins below it rather than under it, and the page pads
// for both. Measured at once after a live redraw (table.js says so) and when it changes size.
(() => {
  if (typeof ResizeObserver !== "function") return;
  const root = document.documentElement;
  let watched = null;
  const pinned = () =>
    Array.from(document.querySelectorAll("#pause-panel, .pause-banner")).find(
      (el) =>
        (el.matches(".pause-banner") || el.querySelector(".pause-banner")) &&
        getComputedStyle(el).position === "sticky",
    );
  const measure = () => {
    const bar = pinned();
    // With its shadow (0.3rem) below it.
    const height = bar ? Math.ceil(bar.getBoundingClientRect().height + 5) : 0;
    root.style.setProperty("--pause-height", `${height}px`);
    if (bar === watched) return;
    if (watched) observer.unobserve(watched);
    if (bar) observer.observe(bar);
    watched = bar;
  };
  const observer = new ResizeObserver(measure);
  document.addEventListener("htmx:afterSettle", measure);
  document.addEventListener("table:redrawn", measure);
  measure();
})();
