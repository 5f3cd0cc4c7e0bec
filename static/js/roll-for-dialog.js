// "Roll for <hero>" in the cockpit's Cast (templates/sessions/parts/director-cast.html): the
// hero's own Gamble panel opens over the cockpit, in the dialog under it (table.html), so the
// Director never leaves the table. The panel is the one the roll-for page shows (its address,
// asked by htmx), drawn fresh at each opening; its forms go by htmx and come back in it: a
// refusal with its reasons (table.js puts the focus on the first wrong field), a move that went
// through by the panel drawn again (Roll!, a Lucky Save, the Catchphrase). Locked in, the dialog
// closes; Escape or Cancel closes it too. Either way the focus goes back to the hero's "Roll
// for" (found afresh: the Cast may have been redrawn meanwhile). The table's changes while it is
// open (Peril dealt, the pause) draw the panel again, what is typed kept (hx-preserve).
// Without JavaScript the link goes to the roll-for page.
(() => {
  const dialog = document.getElementById("roll-for-dialog");
  if (!dialog) return;
  const body = dialog.querySelector(".roll-for-dialog-body");
  const name = dialog.querySelector("[data-roll-for-name]");
  let hero = null;
  let here = null;

  // The table paused (the X-card, or the Director): the pause's bar, its Resume with it, in
  // the dialog too (the page's own is under the dialog, out of reach). Resumed, it goes.
  const slot = dialog.querySelector("[data-roll-for-pause]");
  const pause = () => {
    const bar = document.querySelector('[sse-swap="pause"] .pause-banner');
    const html = dialog.open && bar ? bar.outerHTML : "";
    if (slot.dataset.drawn === html) return;
    slot.dataset.drawn = html;
    slot.innerHTML = html;
    htmx.process(slot);
  };

  const control = () => document.querySelector(`a[data-roll-for="${hero}"]`);
  const firstField = () =>
    body.querySelector(
      '.gamble-form [aria-invalid="true"], .gamble-form textarea, .gamble-form input:not([type=hidden])',
    );

  // One drawing on its way at a time, the newest change's last.
  let drawing = false;
  let again = false;
  const draw = () => {
    if (!dialog.open || !here) return Promise.resolve();
    if (drawing) {
      again = true;
      return Promise.resolve();
    }
    drawing = true;
    const drawnWith = (select) =>
      (Array.from(select.options).find((o) => o.defaultSelected) || select.options[0])?.value;
    const chosen = Array.from(body.querySelectorAll("select[id]"))
      .filter((select) => select.value !== drawnWith(select))
      .map((select) => [select.id, select.value]);
    return htmx
      .ajax("GET", here, { source: body, target: body, swap: "innerHTML" })
      .finally(() => {
        drawing = false;
        chosen.forEach(([id, value]) => {
          const select = document.getElementById(id);
          if (select && Array.from(select.options).some((o) => o.value === value)) {
            select.value = value;
          }
        });
        if (again) {
          again = false;
          draw();
        }
      });
  };

  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[data-roll-for]");
    if (!link || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a tab of its own
    event.preventDefault();
    hero = link.dataset.rollFor;
    here = link.getAttribute("href");
    name.textContent = link.dataset.heroName;
    body.replaceChildren(); // fresh each time: nothing typed for another hero, or before
    body.setAttribute("aria-labelledby", `gamble-title-${hero}`);
    dialog.showModal();
    pause();
    draw().then(() => (firstField() || dialog.querySelector("[data-roll-for-close]"))?.focus());
  });

  dialog.querySelector("[data-roll-for-close]").addEventListener("click", () => dialog.close());
  // Escape in the re-roll's "Re-roll anyway?" closes that question only (gamble-form.js).
  // (Heard before gamble-form.js shuts it and moves the focus out of it.)
  let inQuestion = false;
  dialog.addEventListener(
    "keydown",
    (event) => {
      inQuestion = event.key === "Escape" && !!event.target.closest?.(".reroll-ask:not([hidden])");
    },
    true,
  );
  dialog.addEventListener("cancel", (event) => {
    if (inQuestion) event.preventDefault();
    inQuestion = false;
  });
  dialog.addEventListener("close", () => {
    body.replaceChildren();
    here = null;
    pause();
    control()?.focus();
  });

  // A move sent from the panel: locked in, done; went through, the panel drawn again (the
  // answer draws nothing: the Director's stream carries no player's panel); refused, the
  // answer is the panel with its reasons, already in place.
  // Which it was is noted as it is sent, and its answer heard on the request itself: a live
  // redraw of the panel while it is on its way takes the form out of the page, and htmx's own
  // events for it then never reach the document (under load the lock-in closed nothing).
  document.addEventListener("htmx:beforeRequest", (event) => {
    const sender = event.detail.elt;
    const xhr = event.detail.xhr;
    if (!dialog.open || !(sender instanceof Element) || !body.contains(sender) || !xhr) return;
    if (event.detail.requestConfig?.verb !== "post") return;
    const lockIn = !!sender.closest("[data-lock-in]");
    // After htmx's own handler (set before this event): a refusal is in place first.
    xhr.addEventListener("load", () => {
      if (!dialog.open || xhr.status < 200 || xhr.status >= 300) return;
      if (lockIn) dialog.close();
      else draw();
    });
  });

  // The table changed (live): the panel as it now stands.
  document.addEventListener("table:redrawn", () => {
    pause();
    draw();
  });
})();
