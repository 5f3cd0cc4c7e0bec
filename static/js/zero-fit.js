// Session zero on the TV reads whole (issue 34's rule): every word of every column inside the
// screen. First the type shrinks, all together, never below the board's floor (2.6 % of the
// screen's height, in screen.css); a list of ties still too long then shows as many whole ties
// as fit and pages through the rest every few seconds, saying so ("Ties 1–3 of 6"). The
// agreed Lines & Veils are never paged.
(() => {
  const STEP = 0.05;
  const LOWEST = 0.3; // screen.css floors each size at 2.6vh long before this
  let from = 0; // the first tie of the page on show

  const overflows = (zero) =>
    [zero, ...zero.querySelectorAll(".zero-tv-columns > *")].some((box) => box.scrollHeight > box.clientHeight + 1);

  const pageMarker = (list, shown, total) => {
    let mark = list.parentElement.querySelector(".zero-ties-page");
    if (shown.length === total) {
      mark?.remove();
      return;
    }
    if (!mark) {
      mark = document.createElement("p");
      mark.className = "zero-ties-page";
      list.before(mark);
    }
    const first = shown[0] + 1;
    const last = shown.at(-1) + 1;
    mark.textContent = first === last ? `Ties: ${first} of ${total}` : `Ties: ${first}–${last} of ${total}`;
  };

  const fit = (rotate = false) => {
    const zero = document.querySelector(".zero-tv");
    if (!zero) return;
    const ties = zero.querySelector(".zero-ties");
    const rows = ties ? Array.from(ties.children) : [];
    rows.forEach((row) => (row.hidden = false));
    zero.querySelector(".zero-ties-page")?.remove();
    let scale = 1;
    zero.style.setProperty("--zero-fit", "1");
    while (overflows(zero) && scale > LOWEST) {
      scale = Math.round((scale - STEP) * 100) / 100;
      zero.style.setProperty("--zero-fit", String(scale));
    }
    if (!overflows(zero) || rows.length < 2) return;
    // At the floor and still too long: whole ties a page, from the page after the last one.
    if (rotate) from = Number(ties.dataset.more || 0);
    if (from >= rows.length) from = 0;
    rows.forEach((row, index) => (row.hidden = index < from));
    const shown = () => rows.map((row, index) => (row.hidden ? -1 : index)).filter((index) => index >= 0);
    pageMarker(ties, shown(), rows.length);
    for (let last = rows.length - 1; last > from && overflows(zero); last--) {
      rows[last].hidden = true;
      pageMarker(ties, shown(), rows.length);
    }
    const after = shown().at(-1) + 1;
    ties.dataset.more = String(after >= rows.length ? 0 : after);
  };

  const watched = document.querySelector(".session-zero-part");
  if (!watched) return;
  let pending = false;
  // Redrawn by the stream (a tie made, a step moved on): look again (its own page marker put
  // in or taken out is no redraw to answer).
  const redrawn = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      fit();
      redrawn.takeRecords();
    });
  });
  const look = (rotate = false) => {
    fit(rotate);
    redrawn.takeRecords();
  };
  redrawn.observe(watched, { childList: true, subtree: true });
  window.addEventListener("resize", () => look());
  document.fonts?.ready.then(() => look());
  look();
  setInterval(() => look(true), 8000);
})();
