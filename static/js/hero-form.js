// The hero form keeps what the player typed. Every roll, pick and archetype redraws the whole
// form from the server's answer, and a quick player types on while that answer is on its way:
// a name typed just after choosing the archetype was wiped by the archetype's answer, and the
// hero was refused for having no name. So here:
// - what the player typed after a request left is put back into the form that answers it;
// - a press made while a request is on its way waits its turn and is made on the new form
//   (htmx would otherwise drop it, its form being gone), so no roll and no Create is lost;
// - a Knack typed meanwhile gets its hint ("a bit broad") again, beside it;
// - a refused form brings its first error into view and puts the cursor in that field;
// - a roll brings its result (the faces, and what they gave) into view;
// - an "I rolled real dice" drawer the player opened stays open (the new form draws them
//   folded): opened for the Drive, the Equipment and Lucky Saves, the Drive's "Use my die"
//   folded all three. Only a drawer whose faces the roll just used folds, its roll done;
// - a fold marked data-stays-open (the Biography and appearance) the player opened stays open;
// - faces tapped while their roll was on its way wait for their own roll, the used ones gone;
// - the pronouns' example ("their badge") follows the choice.
(() => {
  const FORM = "character-form";
  const isForm = (elt) => elt instanceof Element && elt.id === FORM;
  let clock = 0; // counts the player's edits
  const typedAt = new Map(); // field id -> the clock of its last edit
  let flight = null; // the request on its way: {xhr, sentAt, faces}
  let carry = []; // edits made during the flight, to put back after the swap
  let opened = []; // the faces fields whose drawers were open as the answer came
  let keptOpen = []; // the ids of the data-stays-open folds open as the answer came
  const waiting = []; // presses made during a flight, made again in order

  const edited = (event) => {
    const field = event.target;
    if (field instanceof Element && field.id && field.closest(`#${FORM}`)) {
      typedAt.set(field.id, ++clock);
    }
  };
  document.addEventListener("input", edited, true);
  document.addEventListener("change", edited, true);

  document.addEventListener("htmx:confirm", (event) => {
    if (!flight || !isForm(event.detail.target)) return;
    event.preventDefault();
    const submitter = event.detail.triggeringEvent?.submitter;
    waiting.push(
      submitter ? { name: submitter.name, value: submitter.value } : { id: event.detail.elt.id },
    );
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!isForm(event.detail.target)) return;
    const faces = new Map(); // each faces field as sent: one that comes back empty was used
    document.querySelectorAll(`#${FORM} details.hand-roll input`).forEach((field) => {
      faces.set(field.id, field.value.trim());
    });
    flight = { xhr: event.detail.xhr, sentAt: clock, faces };
  });

  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!flight || !isForm(event.detail.target) || !event.detail.shouldSwap) return;
    carry = [];
    opened = [...document.querySelectorAll(`#${FORM} details.hand-roll[open] input`)].map(
      (field) => field.id,
    );
    keptOpen = [...document.querySelectorAll(`#${FORM} details[data-stays-open][open]`)].map(
      (fold) => fold.id,
    );
    for (const [id, at] of typedAt) {
      const field = document.getElementById(id);
      if (at > flight.sentAt && field) {
        carry.push({ id, value: field.value, checked: field.checked, at });
      }
    }
  });

  // The faces in a faces field, as the server reads them: "2 5 6", or "256" typed as one.
  const facesIn = (text) => {
    const tokens = text.trim().split(/[\s,;]+/).filter(Boolean);
    return tokens.length === 1 && /^[0-9]{2,}$/.test(tokens[0]) ? [...tokens[0]] : tokens;
  };

  // Faces tapped while their roll was on its way ("2 5" sent, "6 1" tapped after): the ones
  // the answer used are gone from what is put back, the rest wait for their own roll (a
  // fresh-eyes review: "2 5 6 1" put back whole, and "Use my dice" refused all four).
  const unused = (field, value, sent) => {
    const before = facesIn(sent.get(field.id) || "");
    const now = facesIn(value);
    const used = before.length && !field.value.trim() && field.closest("details.hand-roll");
    if (!used || before.some((face, i) => now[i] !== face)) return value;
    return now.slice(before.length).join(" ");
  };

  // Returns the fields put back: their hints (a Knack too broad) were drawn for what was sent.
  const putBack = (form, sent) => {
    const restored = [];
    for (const { id, value, checked } of carry) {
      const field = form.querySelector(`#${CSS.escape(id)}`);
      if (!field) continue;
      if (field.type === "radio" || field.type === "checkbox") field.checked = checked;
      else field.value = unused(field, value, sent);
      restored.push(field);
    }
    carry = [];
    return restored;
  };

  // A faces field put back holding a whole roll's faces (each slot's pair, the Drive's die):
  // that roll is made, as the last face tapped would have made it had nothing been on its way.
  const rollReady = (restored) => {
    for (const field of restored) {
      const wanted = Number(field.dataset.useAt);
      const count = facesIn(field.value).length;
      const use = document.querySelector(`[data-use-for="${field.id}"]`);
      if (wanted && count && count % wanted === 0 && use) return use;
    }
    return null;
  };

  const reopen = (form, sent) => {
    for (const id of opened) {
      const field = form.querySelector(`#${CSS.escape(id)}`);
      const used = sent.get(id) && !field?.value.trim();
      if (field && !used) field.closest("details").open = true;
    }
    opened = [];
    for (const id of keptOpen) {
      const fold = form.querySelector(`#${CSS.escape(id)}`);
      if (fold) fold.open = true;
    }
    keptOpen = [];
  };

  const pressAgain = (form) => {
    const press = waiting.shift();
    if (!press) return;
    if (press.id) {
      const field = form.querySelector(`#${CSS.escape(press.id)}`);
      if (field) htmx.trigger(field, "change");
      else pressAgain(form);
      return;
    }
    // The same button on the new form (the visible one, rather than Enter's hidden Save).
    const buttons = [...form.querySelectorAll("button[type=submit]")].filter(
      (b) => b.name === press.name && b.value === press.value,
    );
    const button = buttons.find((b) => !b.classList.contains("visually-hidden")) || buttons[0];
    if (button) button.click(); // htmx learns which button from its click
    else pressAgain(form);
  };

  const showFirstError = (form) => {
    if (!form.querySelector("#form-error-summary, .field-error")) return;
    const field = form.querySelector('[aria-invalid="true"]');
    const summary = form.querySelector("#form-error-summary");
    if (field) {
      field.focus({ preventScroll: true });
      (field.closest(".field, div, fieldset") || field).scrollIntoView({ block: "center" });
    } else if (summary) {
      summary.scrollIntoView({ block: "start" });
      summary.setAttribute("tabindex", "-1");
      summary.focus({ preventScroll: true });
    }
  };

  document.addEventListener("htmx:afterRequest", (event) => {
    if (!flight || event.detail.xhr !== flight.xhr) return;
    const sent = flight.faces;
    flight = null;
    const form = document.getElementById(FORM);
    if (!form || event.detail.xhr.getResponseHeader("HX-Redirect")) {
      waiting.length = 0; // saved, the page is going elsewhere: a second Create makes no twin
      return;
    }
    const restored = putBack(form, sent);
    reopen(form, sent);
    tellPronouns();
    // htmx wires a swapped-in form only as it settles: wire it now, so a press made again
    // goes through htmx rather than as a plain post.
    htmx.process(form);
    // A Knack typed while the answer was on its way: its hint is asked for again, beside it
    // (its own request went to the form the answer replaced), not left for the sheet.
    for (const field of restored) if (field.hasAttribute("hx-get")) htmx.trigger(field, "change");
    const ready = rollReady(restored);
    if (waiting.length) pressAgain(form);
    else if (ready) ready.click();
    else if (form.querySelector("#form-error-summary, .field-error")) showFirstError(form);
    // A roll's result is drawn where the faces typed by hand were, whose fold closes as the
    // form comes back: pressed with a thumb low on the fold, it landed above the screen.
    else form.querySelector(".roll-new")?.scrollIntoView({ block: "nearest" });
  });

  // The example under the pronouns ("their badge") follows the choice as it is made, and a
  // choice the browser put back as the page loaded.
  const tellPronouns = () => {
    const chosen = document.querySelector(`#${FORM} select[name=pronouns]`);
    const word = document.querySelector(`#${FORM} [data-told]`);
    if (!chosen || !word) return;
    const words = JSON.parse(word.dataset.told);
    word.textContent = words[chosen.value] || words.they;
  };
  document.addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.matches("select[name=pronouns]")) {
      tellPronouns();
    }
  });
  document.addEventListener("htmx:afterSettle", tellPronouns);
  tellPronouns();

  // A plain post (no htmx) refused: the page arrives with its errors.
  const form = document.getElementById(FORM);
  if (form) showFirstError(form);

  // An archetype chosen before htmx wired the page (a quick tap as it loads, or the browser
  // putting the choice back) sent nothing: its guide, with the Drives and the Equipment table,
  // never came. Asked for once htmx has wired the page.
  const askGuide = () => {
    const chosen = document.querySelector(`#${FORM} input[name=archetype]:checked`);
    if (chosen && !document.querySelector(`#${FORM} .guide`)) htmx.trigger(chosen, "change");
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", askGuide);
  else askGuide();
})();
