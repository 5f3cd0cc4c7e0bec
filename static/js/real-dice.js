// Real dice: the 1–6 pad beside each faces field. A tap adds that face to the field ("5 2 1"),
// Undo takes the last one back (the hero form's rolls are made at the last face wanted); the
// field itself can always be typed in, so without this script (or on a laptop) nothing is lost.
// Listening on the document keeps the pads of panels the live stream redraws working.
(() => {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-face], [data-face-back]");
    if (!button) return;
    const field = document.getElementById(button.dataset.for);
    if (!field) return;
    const faces = field.value.trim().split(/[\s,;]+/).filter(Boolean);
    if (button.hasAttribute("data-face-back")) {
      faces.pop();
    } else {
      faces.push(button.dataset.face);
    }
    field.value = faces.join(" ");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    // A roll with its own button (the hero form's Drive, Equipment): the last face it waits
    // for makes it, as the Drive's one die and the Equipment's dice alike (data-use-at).
    const wanted = Number(field.dataset.useAt);
    if (!button.hasAttribute("data-face-back") && wanted && faces.length === wanted) {
      document.querySelector(`[data-use-for="${field.id}"]`)?.click();
    }
  });
  // Undo, offered only once its field has a face to take back: drawn disabled, its reason said
  // beside it ("No face to undo yet"), enabled as faces come (tapped, typed, or drawn back in
  // after a refusal), disabled again when the field is empty.
  const undoable = (pad) => {
    const back = pad.querySelector("[data-face-back]");
    const field = back && document.getElementById(back.dataset.for);
    if (!field) return;
    const empty = !field.value.trim();
    back.disabled = empty;
    const why = pad.querySelector(".pad-empty");
    if (why) why.hidden = !empty;
  };
  const undoables = () => document.querySelectorAll(".dice-pad").forEach(undoable);
  document.addEventListener("input", (event) => {
    const id = event.target?.id;
    if (!id) return;
    document.querySelectorAll(`[data-face-back][data-for="${CSS.escape(id)}"]`).forEach((back) => {
      undoable(back.closest(".dice-pad"));
    });
  });
  document.addEventListener("htmx:afterSettle", undoables);
  document.addEventListener("table:redrawn", undoables);
  document.addEventListener("reset", () => setTimeout(undoables));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", undoables);
  else undoables();
  // Enter in a faces field with its own button is that button ("Use my die"), not the form's
  // first: in the hero form it made the hero there and then, half finished.
  document.addEventListener("keydown", (event) => {
    const field = event.target.closest?.("input[data-use-at]");
    if (!field || event.key !== "Enter" || event.isComposing) return;
    const use = document.querySelector(`[data-use-for="${field.id}"]`);
    if (!use) return;
    event.preventDefault();
    use.click();
  });
})();

// The pad folds away behind its "Dice pad" toggle (issue 34 item 6: on a phone it would push
// Roll off the first screen). Opened or folded, the phone remembers, and a live redraw (which
// draws the pad folded) follows suit.
(() => {
  const KEY = "enigma-dice-pad";
  const remembered = () => {
    try {
      return localStorage.getItem(KEY) === "open";
    } catch {
      return false;
    }
  };
  const show = (toggle, open) => {
    const pad = document.getElementById(toggle.getAttribute("aria-controls"));
    if (!pad) return;
    pad.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  };
  // Each toggle as it is first drawn; one the player has since used is left as they set it.
  const follow = () => {
    const open = remembered();
    document.querySelectorAll("[data-pad-toggle]:not([data-followed])").forEach((toggle) => {
      show(toggle, open);
      toggle.dataset.followed = "";
    });
  };
  document.addEventListener("click", (event) => {
    const toggle = event.target.closest("[data-pad-toggle]");
    if (!toggle) return;
    const open = toggle.getAttribute("aria-expanded") !== "true";
    show(toggle, open);
    try {
      localStorage.setItem(KEY, open ? "open" : "folded");
    } catch {
      // Private mode: this pad opens, the next drawing starts folded again.
    }
  });
  document.addEventListener("htmx:afterSettle", follow);
  follow();
})();
