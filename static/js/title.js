// The page's title says what the page can't show a phone face down, a TV across the room or a
// laptop turned to another tab: "Paused · …" while the X-card holds the table (issue 35), and
// for a player what asks for them, "(2) Sam: your turn in the Tumult · …" (issue 24 item 8).
// Both parts are redrawn from the stream; the title follows them. A pause that arrives live
// rings a soft chime where this browser has the sound on (dice.js's toggle).
(() => {
  const pause = document.getElementById("pause-panel");
  const banner = document.querySelector("[data-calls]");
  if (!pause && !banner) return;
  const plain = document.title;
  const chime = document.currentScript?.dataset.chime;
  let wasPaused = Boolean(pause?.querySelector("[data-paused]"));

  const ring = () => {
    try {
      if (!chime || localStorage.getItem("enigma-dice-sound") !== "on") return;
    } catch {
      return; // storage switched off: the sound is off
    }
    const audio = new Audio(chime);
    audio.volume = 0.4;
    audio.play()?.catch?.(() => {}); // a browser that wants a tap first refuses quietly
  };

  const retitle = () => {
    const paused = Boolean(pause?.querySelector("[data-paused]"));
    if (paused && !wasPaused) ring();
    wasPaused = paused;
    const calls = banner ? [...banner.querySelectorAll(".call-link")] : [];
    const first = calls.length ? calls[0].textContent.replace("↓", "").trim() : "";
    const asks = calls.length ? `(${calls.length}) ${first} · ` : "";
    document.title = `${paused ? "Paused · " : ""}${asks}${plain}`;
  };
  [pause, banner].forEach((part) => {
    if (part) new MutationObserver(retitle).observe(part, { childList: true, subtree: true });
  });
  retitle();
})();
