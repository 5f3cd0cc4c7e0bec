// The page's title says what asks for the player (issue 24 item 8), for a phone face down or
// in a pocket: "(2) Sam: your turn in the Tumult · …". The calls banner is redrawn from the
// stream; the title follows it.
(() => {
  const banner = document.querySelector("[data-calls]");
  if (!banner) return;
  const plain = document.title;
  const retitle = () => {
    const calls = [...banner.querySelectorAll(".call-link")];
    const first = calls.length ? calls[0].textContent.replace("↓", "").trim() : "";
    document.title = calls.length ? `(${calls.length}) ${first} · ${plain}` : plain;
  };
  new MutationObserver(retitle).observe(banner, { childList: true, subtree: true });
  retitle();
})();

// A call that asks for words (the Wide Shot's "What does Ada see?") lands in the field itself,
// ready to type; the others scroll to their part as any link does.
document.addEventListener("click", (event) => {
  const link = event.target.closest(".call-link");
  const field = link && document.getElementById(link.hash.slice(1));
  if (!field || !field.matches("input, textarea, select")) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
});
