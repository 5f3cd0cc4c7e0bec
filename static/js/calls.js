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
  measure();
})();
