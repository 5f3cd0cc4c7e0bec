// "Previously on…" (templates/sessions/parts/previously.html). On the TV: the title card, then
// the story a page at a time, each page up for the seconds it carries, starting from where the
// sequence is now (the page says how long it has played); at its end it goes, everywhere on its
// own clock. On a phone: a panel to read, dismissed for good with its button (remembered by the
// sequence's key, so a reload doesn't bring it back), and gone when the TV's sequence ends (the
// seconds it has left, data-remaining); the Director's line likewise. A Skip redraws the part
// empty. The same sequence drawn again (the table redrawn as it plays) plays on from where it
// was, on the clock it started with, not from its title card.
(() => {
  const holder = document.querySelector(".previously-part");
  if (!holder) return;
  const DISMISSED = "enigma-previously-dismissed";
  let current = null;
  let drawn = null; // the sequence's element being played
  let started = 0; // when the TV's sequence started, on this page's clock
  let timer = null;
  const play = () => {
    const sequence = holder.querySelector("[data-previously]");
    const key = sequence?.dataset.previously ?? null;
    if (key === current && sequence === drawn) return;
    const again = key === current;
    current = key;
    drawn = sequence;
    clearTimeout(timer);
    if (!sequence) return;
    if (!sequence.classList.contains("previously-tv")) {
      sequence.hidden = localStorage.getItem(DISMISSED) === key;
      // When the TV's sequence ends, the phone's panel (and the Director's line) goes too:
      // found again then, as a redraw may have drawn it anew meanwhile.
      const left = Number(sequence.dataset.remaining || 0) * 1000;
      timer = setTimeout(() => {
        holder.querySelector(`[data-previously="${CSS.escape(key)}"]`)?.setAttribute("hidden", "");
      }, left);
      return;
    }
    const pages = Array.from(sequence.querySelectorAll(".previously-page"));
    if (!again) {
      started = Date.now() - Number(sequence.dataset.elapsed || 0) * 1000;
      before = momentOf(spotlight?.innerHTML);
    }
    const show = () => {
      let at = (Date.now() - started) / 1000;
      const index = pages.findIndex((page) => (at -= Number(page.dataset.seconds)) < 0);
      pages.forEach((page, n) => (page.hidden = n !== index));
      if (index < 0) {
        sequence.hidden = true; // played through: the board again
        return;
      }
      timer = setTimeout(show, Math.max(200, -at * 1000));
    };
    show();
  };
  // On the TV, the table's next move takes the screen at once: a new moment for the spotlight
  // (not the one up as the sequence started, drawn again) ends the sequence here.
  const spotlight = document.querySelector(".spotlight-part");
  const momentOf = (html) => /data-spotlight="([^"]*)"/.exec(html || "")?.[1] ?? null;
  let before = null;
  spotlight?.addEventListener("table:swap", (event) => {
    const tv = drawn?.classList.contains("previously-tv") && !drawn.hidden ? drawn : null;
    const moment = momentOf(event.detail.html);
    if (!tv || moment === null || moment === before) return;
    clearTimeout(timer);
    tv.hidden = true;
  });
  holder.addEventListener("click", (event) => {
    const button = event.target.closest("[data-previously-dismiss]");
    if (!button) return;
    const sequence = button.closest("[data-previously]");
    localStorage.setItem(DISMISSED, sequence.dataset.previously);
    sequence.hidden = true;
  });
  play();
  new MutationObserver(play).observe(holder, { childList: true, subtree: true });
})();
