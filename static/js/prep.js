// The Director's prep outline. Its Legs fold natively (<details>); this keeps them as the
// Director left them when an edit redraws the outline, puts the item saved where its form
// was (no jump to the top), keeps the focus on the button pressed, and opens the fold of
// whatever a link jumps to. Without it the page still works: the folds just come back as
// the server draws them, with the item edited open.
(() => {
  let before = null;
  // Every fold's state as last seen, kept while a form stands in for a Leg (its Edit form
  // replaces the whole Leg), so that Cancel or Save bring the Leg back as it was.
  const folds = {};

  // Open every fold around an element, so that it shows (and a Leg's own fold, for a Leg).
  const unfold = (element) => {
    if (!element) return;
    for (let fold = element.closest("details"); fold; fold = fold.parentElement.closest("details")) {
      fold.open = true;
    }
    const own = element.querySelector(":scope > details.leg-fold");
    if (own) own.open = true;
  };

  // What each form opened in place was opened by ("Add a Scene to …", "Edit …"), by the place
  // it opened in: its Cancel gives that link the focus back (a fresh-eyes keyboard was left at
  // the top of the page).
  const openers = {};
  document.addEventListener("htmx:beforeRequest", (event) => {
    const outline = document.getElementById("outline");
    const elt = event.detail.elt;
    if (!outline || !outline.contains(elt)) return;
    for (const fold of outline.querySelectorAll("details[id]")) folds[fold.id] = fold.open;
    const place = elt.getAttribute("hx-target");
    if (elt.matches("a[hx-get]") && place?.startsWith("#") && place !== "#outline") {
      openers[place] = elt.textContent.replace(/\s+/g, " ").trim();
    }
    const form = elt.matches("a[hx-target='#outline']") && elt.closest("form.prep-form");
    const opened = form && Object.keys(openers).find((at) => form.closest(at));
    const item = elt.closest("form, [id]") || elt;
    before = {
      outline,
      top: item.getBoundingClientRect().top,
      focus: document.activeElement?.id || "",
      opener: opened ? { place: opened, name: openers[opened] } : null,
    };
  });

  // After Cancel: the link that opened the form, as it is drawn again (the one in sight).
  const openerOf = ({ place, name }) => {
    const links = [...document.querySelectorAll(`#outline a[hx-target="${place}"]`)].filter(
      (link) => link.checkVisibility(),
    );
    const said = (link) => link.textContent.replace(/\s+/g, " ").trim() === name;
    return links.find(said) || links[0];
  };

  document.addEventListener("htmx:afterSettle", () => {
    const outline = document.getElementById("outline");
    if (!before || !outline || outline === before.outline) return;
    const { top, focus, opener } = before;
    before = null;
    for (const [id, open] of Object.entries(folds)) {
      const fold = document.getElementById(id);
      if (fold) fold.open = open;
    }
    const anchor = outline.dataset.anchor && document.getElementById(outline.dataset.anchor);
    if (anchor) {
      // A Leg's own move or edit leaves its fold as the Director left it (a folded Leg moved
      // from its heading stays folded); what is saved inside a Leg, or a new Leg, comes open.
      const own = anchor.querySelector(":scope > details.leg-fold");
      if (!(own && own.id in folds)) unfold(anchor);
      // Where its form began, or near the top of the view if that had scrolled out of sight.
      const header = 8;
      const wanted = Math.min(Math.max(top, header), window.innerHeight * 0.6);
      window.scrollBy(0, anchor.getBoundingClientRect().top - wanted);
    }
    // The button pressed keeps the focus; a move to the end disables it: then its twin.
    const twin = focus.replace(/-(up|down)$/, (_, way) => (way === "up" ? "-down" : "-up"));
    const pressed = [focus, twin]
      .map((id) => id && document.getElementById(id))
      .find((button) => button && !button.disabled);
    const back = !pressed && !anchor && opener && openerOf(opener);
    if (pressed) pressed.focus({ preventScroll: true });
    else if (back) {
      back.focus({ preventScroll: true });
      if (!inView(back)) back.scrollIntoView({ block: "nearest" });
    } else if (anchor) {
      // A Scene or Key Location just added offers its Dangers next: that offer has the focus.
      const next = anchor.querySelector("[data-next-step]");
      if (!next) anchor.setAttribute("tabindex", "-1");
      (next || anchor).focus({ preventScroll: true });
    }
  });

  // A form sent back (400: a field to fix, a hidden Danger named) is drawn in place of itself,
  // and the browser's scroll anchoring carried the page on by the form's height: its warning
  // went above the screen, as if saved (a fresh-eyes laptop). It stays where it was, what it
  // says in sight, and the first field to change has the focus.
  const HEADER = 8;
  const inView = (element) => {
    const box = element.getBoundingClientRect();
    return box.top >= HEADER && box.bottom <= window.innerHeight;
  };
  document.addEventListener("htmx:afterSwap", (event) => {
    const form = event.target;
    if (!before || event.detail.xhr?.status !== 400 || !form.matches?.("form")) return;
    const { top } = before;
    before = null;
    const wanted = Math.min(Math.max(top, HEADER), window.innerHeight * 0.6);
    window.scrollBy(0, form.getBoundingClientRect().top - wanted);
    const said = form.querySelector("[role=alert], .errorlist") || form;
    if (!inView(said)) window.scrollBy(0, said.getBoundingClientRect().top - HEADER);
    const wrong = form.querySelector('[aria-invalid="true"]');
    if (!wrong) return;
    wrong.focus({ preventScroll: true });
    if (!inView(wrong)) (wrong.closest(".field") || wrong).scrollIntoView({ block: "nearest" });
  });

  // "Add its first Leg!" stands only until there is one: it goes as the first Leg is added.
  document.addEventListener("htmx:afterSettle", () => {
    if (!document.querySelector("#outline article.leg")) return;
    document.querySelectorAll(".message-until-first-leg").forEach((message) => message.remove());
    document.querySelectorAll("[data-messages]:not(:has(.message))").forEach((box) => box.remove());
  });

  // A Leg's one "Add a Scene" sits after its last Scene; while the Leg is folded it is brought
  // to the Leg's heading (its place kept empty there), and goes back as the Leg opens. There it
  // opens the Leg first (data-unfold), its form then brought into view; a form open in it stays.
  const placeAddScene = () => {
    for (const leg of document.querySelectorAll("#outline article.leg")) {
      const fold = leg.querySelector(":scope > details.leg-fold");
      const add = document.getElementById(`add-scene-${leg.id.replace("leg-", "")}`);
      const folded = leg.querySelector(":scope > .leg-folded-tools > .add-scene-folded");
      const scenes = fold?.querySelector("ol.scenes");
      if (!add || !folded || !scenes || add.querySelector("form")) continue;
      const link = add.querySelector("a");
      if (fold.open && add.parentElement !== fold) {
        scenes.after(add);
        link?.removeAttribute("data-unfold");
      } else if (!fold.open && add.parentElement !== folded) {
        folded.after(add);
        link?.setAttribute("data-unfold", leg.id);
      }
    }
  };
  document.addEventListener("toggle", (event) => {
    if (event.target.matches?.("details.leg-fold")) placeAddScene();
  }, true);
  document.addEventListener("htmx:afterSettle", placeAddScene);
  placeAddScene();

  // A folded Leg's "Add a Scene" opens the Leg; its form, come in, is brought into view. So is
  // the next form after "Save and add another …" (data-another: a Leg, Scene, Key Location or
  // Danger), opened at once, empty, its first field ready to type.
  document.addEventListener("click", (event) => {
    const opener = event.target.closest("[data-unfold]");
    if (!opener) return;
    opener.dataset.unfolded = "";  // it may go back to its open place before its form comes
    unfold(document.getElementById(opener.dataset.unfold));
  });
  // After "Save and add another …" the fresh form says what was saved (it went into the
  // outline above, out of sight: a fresh-eyes laptop saw no sign of it). Any other "Add …"
  // opened in place has its first field ready to type too, where it opened.
  const sayAnotherSaved = (form) => {
    const said = document.getElementById("outline")?.dataset.anotherSaid;
    if (!said || !form) return;
    const line = document.createElement("p");
    line.className = "message another-saved";
    line.setAttribute("role", "status");
    line.textContent = said;
    form.querySelector("h2")?.after(line);
  };
  document.addEventListener("htmx:afterSettle", (event) => {
    const elt = event.detail.requestConfig?.elt;
    const form = event.detail.target.querySelector?.(":scope > form.prep-form");
    // Its first field, unless the Director (or a form sent back) already put the focus in it:
    // the settle can come after they began typing, or after a refusal focused the field to fix.
    const field = form?.querySelector("input:not([type=hidden]), textarea");
    const ready = () => form?.contains(document.activeElement) || field?.focus({ preventScroll: true });
    if (!elt?.matches?.("[data-unfold], [data-unfolded], [data-another]")) {
      if (event.detail.requestConfig?.verb === "get") ready();
      return;
    }
    delete elt.dataset.unfolded;
    if (elt.matches("[data-another]")) sayAnotherSaved(form);
    // Taller than the screen (a phone), its heading comes first rather than its middle.
    const tall = event.detail.target.getBoundingClientRect().height > window.innerHeight * 0.9;
    event.detail.target.scrollIntoView({ block: tall ? "start" : "center" });
    ready();
  });

  // A jump list link (or any link to a place in the outline) opens the folds around it first.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href^='#']");
    if (!link || link.getAttribute("href").length < 2) return;
    unfold(document.getElementById(link.getAttribute("href").slice(1)));
  });
  // Arriving at a place inside a fold (back from an item's own page): open it, and go there.
  const openHash = () => {
    const target = location.hash.length > 1 && document.getElementById(location.hash.slice(1));
    const folded =
      target && (target.closest("details:not([open])") || target.querySelector(":scope > details:not([open])"));
    if (!folded) return;
    unfold(target);
    target.scrollIntoView();
  };
  window.addEventListener("hashchange", openHash);
  openHash();
})();
