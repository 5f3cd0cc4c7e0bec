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
