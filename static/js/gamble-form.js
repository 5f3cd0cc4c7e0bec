// What the scripts of a Gamble form share: the table's (table.js, the player's own panel) and
// the Director's Roll-for page's (roll-for.js). Loaded before either.
window.gambleForm = {
  // Whether the form has been built since it was drawn (a box ticked, a word typed, kept
  // through a redraw or put back by the browser): the server drew its odds line for the empty
  // form, so only then is the line asked for again, for the pool as it stands.
  built: (form) =>
    Array.from(form.elements).some((field) =>
      ["checkbox", "radio"].includes(field.type)
        ? field.checked !== field.defaultChecked
        : "defaultValue" in field && field.value !== field.defaultValue,
    ),
};

// Roll! and the odds line count the dice the moment a box is ticked or a count typed: the
// server's answer (the odds line, with its chances) took a moment on a busy evening, and
// "Roll! (1 die)" stayed on after a Knack was ticked. Counted as the engine counts them (the
// form's data-pool-each: what one of each field adds, and the dice every Gamble rolls); the
// chances wait, faded, for the server's line, which replaces this one.
(() => {
  const dice = (pool) => `${pool} ${pool === 1 ? "die" : "dice"}`;
  const count = (form) => {
    const { base, each } = JSON.parse(form.dataset.poolEach);
    let added = 0;
    for (const field of form.elements) {
      const adds = each[field.name];
      if (!adds || field.disabled) continue;
      if (field.type === "checkbox") added += field.checked ? adds : 0;
      else if (field.type === "number") added += adds * Math.max(0, Number.parseInt(field.value, 10) || 0);
      else if (field.value.trim()) added += adds;
    }
    return Math.max(base, base + added);
  };
  const recount = (event) => {
    const form = event.target.closest?.("form[data-pool-each]");
    if (!form || !(event.target.name in JSON.parse(form.dataset.poolEach).each)) return;
    show(form);
  };
  const show = (form) => {
    const pool = count(form);
    const line = form.querySelector(".odds");
    if (line && Number(line.dataset.pool) !== pool) {
      line.dataset.pool = String(pool);
      line.classList.add("odds-counting");
      const said = line.querySelector("strong");
      if (said) said.textContent = dice(pool);
    }
    form.querySelectorAll("[data-roll-pool]").forEach((roll) => {
      roll.textContent = `(${dice(pool)})`;
    });
  };
  document.addEventListener("input", recount);
  document.addEventListener("change", recount);
  // A redrawn panel comes with the server's line for the empty form ("1 die"), and what was
  // ticked kept in it (hx-preserve, put back): counted again at once, not left on "1 die"
  // with a box ticked until the odds asked again come back.
  document.addEventListener("htmx:afterSettle", (event) => {
    const within = event.detail.target || event.target;
    if (!(within instanceof Element)) return;
    within.querySelectorAll("form[data-pool-each]").forEach((form) => {
      if (window.gambleForm.built(form)) show(form);
    });
  });

  // The server's line is drawn only over the form it was asked for, as it still stands: an
  // answer for a form rolled or redrawn since, or for a pool changed since (a box ticked while
  // it was on its way: the newer question follows it), is dropped. Drawn, it put "2 dice" back
  // over the 3 ticked, on the line and on Roll!, until the next answer came. Its question
  // (xhr.oddsDropped) does not count as answered: a line never answered is asked again
  // (table.js, roll-for.js).
  const sameFields = (form, sent) => {
    const now = new FormData(form);
    return Object.keys(JSON.parse(form.dataset.poolEach).each).every(
      (name) => JSON.stringify(now.getAll(name)) === JSON.stringify(sent.getAll(name)),
    );
  };
  document.addEventListener("htmx:beforeSwap", (event) => {
    const { target: line, requestConfig, xhr } = event.detail;
    if (!line?.matches?.(".odds[id]") || !event.detail.shouldSwap) return;
    const form = line.isConnected && line.closest("form[data-pool-each]");
    if (form && requestConfig?.formData && sameFields(form, requestConfig.formData)) return;
    event.detail.shouldSwap = false;
    if (xhr) xhr.oddsDropped = true;
  });
})();

// A Catchphrase re-roll of dice that already succeed asks first (templates/sessions/parts/
// gamble.html, a fresh-eyes evening: a success went in one tap): the button opens its question
// in the page, its Yes focused; Yes re-rolls (the form's own submit), No shuts it, the focus
// back on the button. Escape shuts it too. A live redraw of the panel meanwhile (the table's
// stream, the roll-for page's redraw as it opens) keeps the question open while the dice it
// asks about still succeed (the redrawn panel still asks it).
(() => {
  const asked = new Set(); // the questions open, by id
  const question = (ask) => document.getElementById(ask.getAttribute("aria-controls"));
  const asker = (box) => box.closest("form")?.querySelector("[data-reroll-ask]");
  const open = (box, focus) => {
    box.hidden = false;
    asked.add(box.id);
    asker(box)?.setAttribute("aria-expanded", "true");
    if (focus) box.querySelector("button[type=submit]")?.focus();
  };
  const shut = (box) => {
    const ask = asker(box);
    box.hidden = true;
    asked.delete(box.id);
    ask?.setAttribute("aria-expanded", "false");
    ask?.focus();
  };
  document.addEventListener("click", (event) => {
    const ask = event.target.closest?.("[data-reroll-ask]");
    if (ask) {
      const box = question(ask);
      if (box) open(box, true);
      return;
    }
    const keep = event.target.closest?.("[data-reroll-keep]");
    if (keep) shut(keep.closest(".reroll-ask"));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const box = event.target.closest?.(".reroll-ask");
    if (box && !box.hidden) shut(box);
  });
  document.addEventListener("htmx:load", () => {
    asked.forEach((id) => {
      const box = document.getElementById(id);
      if (!box) {
        asked.delete(id);
        return;
      }
      if (!box.hidden) return;
      open(box, document.activeElement === document.body || !document.activeElement);
    });
  });
})();
