// Two things the live redraws would otherwise take away at the table (and two more, below).
// 1. The Director's tool groups: the stream redraws the whole panel after every Director
//    event, drawn with every group open, so the groups the Director closed are closed again
//    here, by their ids (kept in localStorage for this Adventure, so a reload keeps them too,
//    and a fold opened at one table, "The end", doesn't open at the next). A group that has
//    just got busy (a Tumult begins, a Group Gamble is called) opens, closed or not: it holds
//    the Director's next move. On a first visit the groups of rarer moments start folded.
//    A group opened for a move in one Scene ("Add a Danger", data-scene) folds again once that
//    Scene is over: a half-filled form isn't left open into the next. Once its move went
//    through (data-fold on the form) it folds at once: the Danger added shows above it.
//    The smaller folds inside the parts are drawn folded, and one opened stays open.
// 2. Keyboard focus: an action's redraw replaces the button that was pressed, and focus would
//    fall to the page body. It goes back to the same button if the part still has it,
//    otherwise to its group's summary or the part's heading.
(() => {
  const adventure = document.querySelector("[data-adventure]")?.dataset.adventure ?? "";
  const KEY = `enigma-table:closed-groups:${adventure}`;
  const GROUPS = "details.tool-group[id]";

  // A Director's first visit: the tool of every moment (Peril & Rest) open, the others
  // folded under their headings; a group that holds the next move opens by itself (data-busy).
  const FOLDED_AT_FIRST = [
    "director-finish",
    "danger-add",
    "crib-leg",
    "crib-villain",
    "director-group",
    "director-dangers",
    "director-tumult",
    "director-handouts",
    "director-safety",
    "director-notes-fold",
    "journal-add",
  ];
  let closed;
  try {
    const stored = localStorage.getItem(KEY);
    closed = new Set(stored === null ? FOLDED_AT_FIRST : JSON.parse(stored));
  } catch {
    closed = new Set(FOLDED_AT_FIRST);
  }
  const save = () => {
    try {
      localStorage.setItem(KEY, JSON.stringify([...closed]));
    } catch {
      // Private browsing without storage: the groups are remembered until the next reload.
    }
  };
  // The Scene each group with a data-scene was opened in, by its id.
  const SCENES = `enigma-table:opened-in-scene:${adventure}`;
  let openedIn = {};
  try {
    openedIn = JSON.parse(localStorage.getItem(SCENES)) ?? {};
  } catch {
    openedIn = {};
  }
  const saveScenes = () => {
    try {
      localStorage.setItem(SCENES, JSON.stringify(openedIn));
    } catch {
      // As above: remembered until the next reload.
    }
  };
  const busy = new Set();
  const restoreGroups = (root) => {
    const groups = root.querySelectorAll(GROUPS);
    if (groups.length) {
      // A group no longer drawn (the Scene ended) is not busy any more.
      const drawn = new Set(Array.from(groups, (group) => group.id));
      busy.forEach((id) => drawn.has(id) || busy.delete(id));
    }
    groups.forEach((group) => {
      if (!group.hasAttribute("data-busy")) busy.delete(group.id);
      else if (!busy.has(group.id)) {
        busy.add(group.id);
        closed.delete(group.id);
        save();
      }
      const scene = group.dataset.scene;
      if (scene !== undefined && !closed.has(group.id) && openedIn[group.id] !== scene) {
        closed.add(group.id); // opened in a Scene that is over
        save();
      }
      group.open = !closed.has(group.id);
    });
  };
  // A fold whose form says so (data-fold) closes once its move went through: "Add a Danger"
  // folds with the new Danger listed above it, and stays folded on a reload; a refused move
  // keeps it open, its reason beside the button. Followed on the request itself: a live
  // redraw may have replaced the form before the answer (as table.js's data-reset).
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form.matches?.("form[data-fold]")) return;
    const id = form.closest(GROUPS)?.id;
    if (!id) return;
    const xhr = event.detail.xhr;
    xhr.addEventListener("loadend", () => {
      if (xhr.status < 200 || xhr.status >= 300) return;
      closed.add(id);
      save();
      const group = document.getElementById(id);
      if (group) group.open = false;
    });
  });
  // "toggle" doesn't bubble: listen while it is captured on its way down.
  document.addEventListener(
    "toggle",
    (event) => {
      const group = event.target;
      if (!group.matches || !group.matches(GROUPS)) return;
      if (group.open) closed.delete(group.id);
      else closed.add(group.id);
      save();
      if (group.open && group.dataset.scene !== undefined) {
        openedIn[group.id] = group.dataset.scene;
        saveScenes();
      }
    },
    true,
  );
  restoreGroups(document);

  // The smaller folds inside the parts ("Change" a Danger, "Add a handout", "Edit the Wide
  // Shot", "Add a Line or a Veil", "Your own prompts"…) are drawn folded: one the Director
  // opened stays open through its own move's redraw and every live one, its form drawn afresh
  // inside it (fresh-eyes review: each submit closed it). Kept for this tab (sessionStorage),
  // by id; a fold drawn open (its form refused) opens whatever was kept. "Add a Line or a
  // Veil" keeps to its own rule (table.js, data-keep-open): open through the others' redraws,
  // folded once its Line is added, as on the phones.
  const FOLDS = ".cockpit details[id]:not(.tool-group, [data-keep-open])";
  const OPEN_KEY = `enigma-table:open-folds:${adventure}`;
  let opened;
  try {
    opened = new Set(JSON.parse(sessionStorage.getItem(OPEN_KEY)) ?? []);
  } catch {
    opened = new Set();
  }
  const saveOpened = () => {
    try {
      // Only the newest few: an evening's Dangers, changed and gone, don't pile up in the tab.
      sessionStorage.setItem(OPEN_KEY, JSON.stringify([...opened].slice(-30)));
    } catch {
      // Private browsing without storage: kept until the next reload.
    }
  };
  const restoreFolds = (root) => {
    const folds = root.matches?.(FOLDS) ? [root] : root.querySelectorAll(FOLDS);
    folds.forEach((fold) => {
      if (opened.has(fold.id)) fold.open = true;
    });
  };
  document.addEventListener(
    "toggle",
    (event) => {
      const fold = event.target;
      if (!fold.matches?.(FOLDS)) return;
      opened.delete(fold.id); // the newest last
      if (fold.open) opened.add(fold.id);
      saveOpened();
    },
    true,
  );
  restoreFolds(document);

  // Right after the swap, before the browser paints the freshly drawn (all open) groups.
  document.addEventListener("htmx:afterSwap", (event) => {
    if (!event.target.querySelectorAll) return;
    restoreGroups(event.target);
    restoreFolds(event.target);
  });

  // The last action sent: the part it was sent from, and how to find its button again.
  let acted = null;
  const label = (element) => (element ? element.textContent.trim() : "");
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[hx-post]")) return;
    const part = form.closest("[sse-swap][id]");
    if (!part) return;
    const active = document.activeElement;
    const button = form.contains(active) ? active : form.querySelector("[type=submit]");
    acted = {
      part: part.id,
      post: form.getAttribute("hx-post"),
      button: label(button),
      group: form.closest(GROUPS)?.id || "",
      // One action can redraw its part more than once (an event, then its neighbours).
      until: Date.now() + 4000,
    };
  });
  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  };
  const focusable = (element) => element && !element.disabled && element.offsetParent !== null;
  const landingIn = (part) => {
    const again = Array.from(part.querySelectorAll("form[hx-post] [type=submit]")).find(
      (button) =>
        button.closest("form").getAttribute("hx-post") === acted.post &&
        label(button) === acted.button,
    );
    if (focusable(again)) return again;
    const group = acted.group && document.getElementById(acted.group);
    if (group && part.contains(group)) return group.querySelector("summary");
    const heading = part.querySelector("h1, h2, h3");
    if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    return heading;
  };
  document.addEventListener("htmx:afterSettle", (event) => {
    if (!acted || event.target.id !== acted.part) return;
    if (Date.now() > acted.until) {
      acted = null;
      return;
    }
    if (lost()) landingIn(event.target)?.focus();
  });
})();

// 3. "Tell the table": the preview shown before posting (the line, each secret in it marked,
//    the choices made and the line rephrased) outlives a redraw of its panel and a reload.
//    Each slot a preview is drawn in has an id of its own, the tool's (a clue, a prompt,
//    the notes' line): a redraw keeps the slot as it is (hx-preserve), choices, words and
//    focus; one whose tool is no longer drawn (a newer blunder's prompts replace these) is
//    put back at the head of its panel, still to post or not. Each open preview is also kept
//    in this tab's sessionStorage, by its slot, and asked for again on load with "look" (the
//    server draws it, posts nothing); posted or not posted ("Don't post"), it is forgotten.
(() => {
  const adventure = document.querySelector("[data-adventure]")?.dataset.adventure;
  if (!adventure || !window.htmx) return;
  const KEY = `enigma-table:tell-drafts:${adventure}`;
  const read = () => {
    try {
      return JSON.parse(sessionStorage.getItem(KEY)) ?? {};
    } catch {
      return {};
    }
  };
  const write = (drafts) => {
    try {
      if (Object.keys(drafts).length) sessionStorage.setItem(KEY, JSON.stringify(drafts));
      else sessionStorage.removeItem(KEY);
    } catch {
      // Private browsing without storage: the preview is lost on a reload, as before.
    }
  };
  const keep = (slot) => {
    if (!slot.id) return;
    const drafts = read();
    const preview = slot.querySelector("form.tell-preview");
    if (preview) {
      const values = {};
      new FormData(preview).forEach((value, name) => {
        if (name !== "csrfmiddlewaretoken") values[name] = value;
      });
      drafts[slot.id] = { action: preview.getAttribute("hx-post"), values };
    } else delete drafts[slot.id];
    write(drafts);
  };
  // A live redraw: the previews open in the part, and afterwards any whose slot went with
  // the old drawing, put back. "✓ Posted" goes with a redraw, as before slots were kept.
  let open = [];
  document.addEventListener(
    "table:swap",
    (event) => {
      event.target.querySelectorAll(".tell-slot[id]").forEach((slot) => {
        if (slot.querySelector("form.tell-preview")) open.push([slot, event.target]);
      });
    },
    true, // heard on its way down: it doesn't bubble
  );
  document.addEventListener("table:redrawn", () => {
    const before = open;
    open = [];
    before.forEach(([slot, part]) => {
      if (slot.isConnected || !part.isConnected || document.getElementById(slot.id)) return;
      // Under the panel's heading (or the row it heads: the crib's, with its badge).
      let head = part.querySelector("h2");
      while (head && head.parentElement !== part) head = head.parentElement;
      if (head) head.after(slot);
      else part.prepend(slot);
      htmx.process(slot);
    });
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const slot = event.target.closest?.(".tell-slot");
    if (slot) {
      keep(slot);
      return;
    }
    if (!(event.target instanceof Element) || event.detail.xhr) return;
    event.target.querySelectorAll(".tell-slot > .tell-done").forEach((done) => done.remove());
    // A preview folded away with its prompts ("Earlier prompts") stays in sight.
    event.target.querySelectorAll(".tell-slot form.tell-preview").forEach((preview) => {
      const fold = preview.closest("details:not([open])");
      if (fold) fold.open = true;
    });
  });
  // The choices and the rephrased line, as the Director makes them.
  for (const kind of ["input", "change"]) {
    document.addEventListener(kind, (event) => {
      const slot = event.target.closest?.(".tell-slot");
      if (slot && event.target.closest("form.tell-preview")) keep(slot);
    });
  }
  const restore = () => {
    Object.entries(read()).forEach(([id, draft]) => {
      const slot = document.getElementById(id);
      if (!slot?.matches(".tell-slot") || slot.querySelector("form.tell-preview")) return;
      htmx.ajax("POST", draft.action, {
        source: slot,
        target: slot,
        swap: "innerHTML",
        values: { ...draft.values, confirm: "1", look: "1" },
      });
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restore);
  else restore();
})();

// 4. Ending a Scene with a Gamble open asks first, in the Legs & Scenes panel, low in its
//    column: the question and both its buttons come wholly into view as it appears, wherever
//    End Scene sat (a fresh-eyes evening at 1366x768: "Wait for them" was cut off by the
//    window's bottom edge). Measured two frames on, once the columns that follow the page
//    (cockpit.js) have been placed again for the panel's new height; a redraw of a question
//    already asked leaves the page where the Director has it.
(() => {
  const ASK = ".end-scene-ask";
  let asked = Boolean(document.querySelector(ASK));
  const MARGIN = 12;
  const bring = () => {
    const ask = document.querySelector(ASK);
    // Twice: a scroll may let a column stick or come free, and so move the question again.
    for (let pass = 0; ask && pass < 2; pass++) {
      const box = ask.getBoundingClientRect();
      if (box.bottom > window.innerHeight - MARGIN) {
        window.scrollBy(0, Math.min(box.bottom - window.innerHeight + MARGIN, box.top - MARGIN));
      } else if (box.top < MARGIN) window.scrollBy(0, box.top - MARGIN);
    }
  };
  const looked = () => {
    const now = Boolean(document.querySelector(ASK));
    if (now && !asked) requestAnimationFrame(() => requestAnimationFrame(bring));
    asked = now;
  };
  document.addEventListener("htmx:afterSettle", looked);
  document.addEventListener("table:redrawn", looked);
})();
