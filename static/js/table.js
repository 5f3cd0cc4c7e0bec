// The live table. One event stream carries the table: each message is the new HTML of a part
// of the page, and htmx swaps it into the container whose sse-swap names it. The stream is
// reopened whenever it drops, asking for what the page missed; the badge says how things
// stand. Table actions carry a request id, so a Retry after a failed tap never applies twice.
(() => {
  const root = document.querySelector("[data-stream]");
  if (!root) return;

  let lastId = root.dataset.after || "";
  let source = null;
  let retryTimer = null;
  let downSince = null;
  let closed = false;

  // The badge: Live, Reconnecting…, Offline since hh:mm, or why the stream was closed.
  // After The End nothing is in play (the stream still carries the recap and the log): a badge
  // with data-finished-text (the TV's) says that once the Scene part marks the Adventure
  // finished, and the Director's page (its pacing part marks data-the-end) says "The End".
  let said = ["Connecting…", false];
  const badge = (text, live) => {
    said = [text, live];
    const finished = live && document.querySelector("[data-adventure-finished]");
    const theEnd = live && root.querySelector("[data-the-end]");
    document.querySelectorAll("[data-live-status]").forEach((element) => {
      let words = text;
      if (finished && element.dataset.finishedText) words = element.dataset.finishedText;
      else if (theEnd) words = "The End";
      if (element.textContent !== words) element.textContent = words;
      element.classList.toggle("is-live", live);
    });
  };
  // The End lands with the Scene's part: the badge says so (and a table played again, not).
  document.querySelectorAll('[sse-swap="scene"]').forEach((scene) => {
    new MutationObserver(() => badge(...said)).observe(scene, { childList: true, subtree: true });
  });
  const clock = (date) =>
    date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });
  const showDown = () => {
    if (closed) return;
    downSince = downSince || new Date();
    const long = !navigator.onLine || Date.now() - downSince > 5000;
    badge(long ? `Offline since ${clock(downSince)}` : "Reconnecting…", false);
  };
  // The server closed the stream for good (the screen link switched off, the seat gone): say
  // so where nobody can miss it, and dim the table, which no longer changes.
  const closeFor = (reason) => {
    closed = true;
    clearTimeout(retryTimer);
    badge(reason, false);
    const banner = document.createElement("p");
    banner.className = "stream-closed-banner";
    banner.setAttribute("role", "alert");
    const reload = document.createElement("a");
    reload.href = window.location.href;
    reload.textContent = "Reload";
    banner.append(`${reason} `, reload);
    root.prepend(banner);
    root.classList.add("stream-closed");
  };

  // A question asked in the page that stays open while the Director works beside it
  // (popover="manual") still closes with Escape, as any other.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    document.querySelectorAll('[popover="manual"]:popover-open').forEach((p) => p.hidePopover());
  });

  // A question refused (no Danger ticked for the Tumult) comes back open, its reason in it.
  document.addEventListener("htmx:afterSwap", (event) => {
    event.detail.target?.querySelectorAll?.("[popover][data-ask-again]").forEach((popover) => {
      if (!popover.matches(":popover-open")) popover.showPopover();
      popover.querySelector('[aria-invalid="true"] input')?.focus();
    });
  });

  // A live redraw leaves a player reading where they were (a Scene starting as they look at
  // their Gamble): the part they read (a third of the way down what shows) stays as far below
  // the top of what shows as it was, even when the same redraw pins the calls' banner there.
  // The banners pinned at the top (the pause's bar, the calls' under it, calls.js): the top of
  // what shows is the foot of the lowest of them that is held at its place.
  const clearTop = () =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll("[data-calls], #pause-panel, .pause-banner"), (el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const held = style.position === "sticky" && box.top <= (parseFloat(style.top) || 0) + 1;
        return held && box.height ? box.bottom : 0;
      }),
    );
  const readingPlace = () => {
    const calls = document.querySelector("[data-calls]");
    if (!calls) return null; // a player's page only
    // At the top of the page, what comes new at the top is for reading ("Previously on…",
    // a handout): nothing to keep, as the browser's own scroll anchoring keeps nothing there.
    if (window.scrollY < 1) return null;
    const top = clearTop();
    const parts = Array.from(document.querySelectorAll("[sse-swap]")).filter((part) => {
      const box = part.getBoundingClientRect();
      const pinned = ["sticky", "fixed"].includes(getComputedStyle(part).position);
      return part !== calls && !pinned && box.height && box.bottom > top;
    });
    const reading = top + (window.innerHeight - top) / 3;
    const part =
      parts.find((p) => p.getBoundingClientRect().bottom > reading) ||
      parts.find((p) => p.getBoundingClientRect().top >= top);
    if (!part) return null;
    // The verdict of the player's last Gamble in sight ("Your last Gamble: …", over the fresh
    // form) is what they read: it keeps its place, even when what is above it in the panel
    // goes (a Group Gamble finished by another's lock-in drops its prompt; fresh-eyes phone:
    // the verdict went up off the screen, the empty form left in sight).
    const verdict = Array.from(part.querySelectorAll(".just-locked")).find((v) => {
      const box = v.getBoundingClientRect();
      return box.top >= top - 1 && box.top < window.innerHeight;
    });
    const anchor = verdict ? ".just-locked" : null;
    const box = (verdict || part).getBoundingClientRect();
    return { part, anchor, offset: box.top - top };
  };
  const keepPlace = (place) => {
    // Twice: the first scroll may pin or free the banner, and so move the top of what shows.
    for (let pass = 0; place?.part.isConnected && pass < 2; pass++) {
      const held = (place.anchor && place.part.querySelector(place.anchor)) || place.part;
      const drift = held.getBoundingClientRect().top - clearTop() - place.offset;
      if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
    }
  };

  document.addEventListener("change", (event) => {
    if (event.target.matches?.("select[data-default-wins]")) event.target.dataset.chosen = "";
    if (event.target.matches?.("input:is([type=checkbox], [type=radio])[data-kept]")) {
      event.target.dataset.touched = "";
    }
  });

  // Drop-downs are drawn afresh (their choices change); keep what was chosen if it is
  // still offered. One whose new default matters (data-default-wins: a Tumult's one foe)
  // keeps only a choice a person made. One chosen for a while (data-chosen-while: the
  // Cast's "Peril for", for the Scene in play) takes the new default once that is over.
  const choicesIn = (element) => {
    const chosen = new Map();
    element.querySelectorAll("select[id]").forEach((select) => {
      if (select.matches("[data-default-wins]:not([data-chosen])")) return;
      const values = Array.from(select.selectedOptions, (option) => option.value);
      chosen.set(select.id, { values, while: select.dataset.chosenWhile });
    });
    return chosen;
  };
  const chooseAgain = (chosen) => {
    chosen.forEach(({ values, while: during }, id) => {
      const select = document.getElementById(id);
      if (!select || select.matches("[hx-preserve]")) return;
      if (select.dataset.chosenWhile !== during) return;
      const offered = Array.from(select.options, (option) => option.value);
      Array.from(select.options).forEach((option) => {
        if (values.includes(option.value)) option.selected = true;
      });
      // A choice no longer offered (the enemy aimed at, since put out): the drop-down
      // keeps its new default, and the note the server drew for that choice says why.
      const gone = values.filter((value) => value && !offered.includes(value));
      gone.forEach((value) => {
        document.querySelectorAll(`[data-gone-from="${id}"]`).forEach((note) => {
          if (note.dataset.gone === value) note.hidden = false;
        });
      });
      if (select.matches("[data-default-wins]") && gone.length < values.length) {
        select.dataset.chosen = "";
      }
    });
  };
  // A refused move comes back as its part drawn afresh with the reason in it: its drop-downs
  // keep what was chosen, as a live redraw keeps them (a fresh-eyes evening: a refused Peril
  // came back dealt to another hero, for another reason, with only its number kept).
  const refusedChoices = new WeakMap();
  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || (xhr.status !== 400 && xhr.status !== 409) || !event.detail.target) return;
    refusedChoices.set(xhr, choicesIn(event.detail.target));
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    const chosen = event.detail.xhr && refusedChoices.get(event.detail.xhr);
    if (chosen) chooseAgain(chosen);
  });

  // Words typed in a field a redraw takes away (the next Gamble's, as the Director undoes
  // the lock-in before it and the Gamble is open again) wait for the field to come back
  // with the same id (the Gamble locked in again), and are put back in it if it is empty.
  const parked = new Map();
  // (Not a form on its way to the server: what it sent is said, and comes back fresh; parked,
  // a Group Gamble's line came back after the Group Gamble it called was closed.)
  const typedIn = (element) =>
    Array.from(element.querySelectorAll("input[hx-preserve][id], textarea[hx-preserve][id]"))
      .filter((field) => !field.closest("form.htmx-request"))
      .filter((field) => field.type !== "checkbox" && field.type !== "radio" && field.value)
      .map((field) => [field.id, field.value]);
  const parkTyped = (typed) => {
    typed.forEach(([id, value]) => {
      if (!document.getElementById(id)) parked.set(id, value);
    });
    parked.forEach((value, id) => {
      const field = document.getElementById(id);
      if (!field) return;
      if (!field.value) field.value = value;
      parked.delete(id);
    });
  };

  const swap = (name, html) => {
    const place = readingPlace();
    document.querySelectorAll(`[sse-swap="${name}"]`).forEach((element) => {
      // A part may take its new drawing later (the TV's spotlight, while a moment is read).
      const asked = new CustomEvent("table:swap", { cancelable: true, detail: { html } });
      if (!element.dispatchEvent(asked)) return;
      if (name === "log") {
        // A row the page already has (a catch-up overlapping what came live) is skipped.
        const row = /id="(event-\d+)"/.exec(html);
        if (row && document.getElementById(row[1])) return;
        document.getElementById("log-empty")?.remove();
      }
      const chosen = choicesIn(element);
      // So are boxes being ticked (a Tumult's foes): each the Director changed keeps its tick
      // if still offered; the others take the new drawing's (a Danger shown meanwhile is
      // ticked like the others in sight, not left as it was drawn while hidden).
      // A radio chosen ("Bring in" one Danger) is kept the same way: set again, it unsets the
      // new drawing's first choice.
      const ticked = new Map();
      const keptBoxes = "input:is([type=checkbox], [type=radio])[data-kept]";
      element.querySelectorAll(`${keptBoxes}[data-touched]`).forEach((box) => {
        ticked.set(`${box.name}=${box.value}`, box.checked);
      });
      // What this page was just told (data-said: "Line added: …") and the folds it keeps
      // open (data-keep-open) outlive a redraw that everyone gets.
      const said = element.querySelector("[data-said]");
      const kept = Array.from(element.querySelectorAll("details[data-keep-open][open]"), (d) => d.id);
      // A question asked in the page (a popover: "Start a Tumult?") stays open, drawn anew.
      const asking = Array.from(element.querySelectorAll("[popover][id]:popover-open"), (p) => p.id);
      const typed = typedIn(element);
      const swapStyle = element.getAttribute("hx-swap") || "innerHTML";
      htmx.swap(element, html, { swapStyle });
      parkTyped(typed);
      asking.forEach((id) => {
        const popover = document.getElementById(id);
        if (popover?.matches("[popover]:not(:popover-open)")) popover.showPopover();
      });
      if (said && !element.querySelector("[data-said]")) {
        element.querySelector("[data-said-slot]")?.append(said);
      }
      kept.forEach((id) => document.getElementById(id)?.setAttribute("open", ""));
      element.querySelectorAll(keptBoxes).forEach((box) => {
        const was = ticked.get(`${box.name}=${box.value}`);
        if (was === undefined) return;
        box.checked = was;
        box.dataset.touched = "";
      });
      chooseAgain(chosen);
      // The odds were asked for as htmx settled the redraw, before the ticks and choices
      // above came back: asked again for the form as it now stands (the newer drops the older).
      askOdds(element);
    });
    // The banners measured now (calls.js), not at the next frame: the calls' place under the
    // pause's bar is where what is read goes.
    document.dispatchEvent(new CustomEvent("table:redrawn"));
    keepPlace(place);
    badgeAgain();
  };

  // A redraw (live, or the answer to the Director's own move) may have brought The End.
  const badgeAgain = () => {
    if (source && source.readyState === EventSource.OPEN) badge("Live", true);
  };
  document.addEventListener("htmx:afterSettle", badgeAgain);

  const names = () => {
    const found = new Set();
    document.querySelectorAll("[sse-swap]").forEach((element) => {
      found.add(element.getAttribute("sse-swap"));
    });
    return found;
  };

  // ``reason``: the server closed the stream on purpose (a seat taken away) and this is one
  // quiet try: if this browser still has its seat (a new password set here, say) the table
  // goes on, otherwise the page says why it stopped.
  const connect = (reason = "") => {
    clearTimeout(retryTimer);
    if (source) source.close();
    const url = new URL(root.dataset.stream, window.location.href);
    if (lastId) url.searchParams.set("after", lastId);
    source = new EventSource(url);
    source.onopen = () => {
      reason = "";
      downSince = null;
      badge("Live", true);
    };
    source.onerror = () => {
      // Reopen it ourselves, soon and with the last id we saw (not the browser's way: it
      // gives up for good on an error answer and backs off for long after a restart).
      source.close();
      if (reason) return closeFor(reason);
      showDown();
      retryTimer = setTimeout(connect, navigator.onLine ? 1000 : 5000);
    };
    names().forEach((name) => {
      source.addEventListener(name, (event) => swap(name, event.data));
    });
    source.addEventListener("seen", (event) => {
      lastId = String(JSON.parse(event.data).id);
    });
    source.addEventListener("revoked", (event) => {
      source.close();
      badge("Reconnecting…", false);
      const why = new DOMParser().parseFromString(event.data, "text/html").body.textContent;
      retryTimer = setTimeout(() => connect(why), 500);
    });
  };

  window.addEventListener("online", () => !closed && connect());
  // Off the network: the stream is gone even if the browser hasn't noticed yet.
  window.addEventListener("offline", () => {
    if (closed) return;
    if (source) source.close();
    showDown();
    clearTimeout(retryTimer);
  });
  setInterval(() => downSince && showDown(), 5000);
  connect();

  // The server draws a Gamble's odds line from the form as it draws it: empty. A redraw keeps
  // what the player ticked and typed (hx-preserve: Knacks, a Blammo! sound effect…), and a
  // reload may have the browser put it back; then the line is asked for again, for the pool as
  // it stands in the form, so it counts every die that will be rolled (gamble-form.js).
  const { built } = window.gambleForm;
  const askOdds = (within) => {
    within.querySelectorAll("[data-odds]").forEach((odds) => {
      // Asked once htmx has settled the swap: what it keeps (hx-preserve) is back in the form
      // by then, and the line asked for is the one in the page.
      setTimeout(() => {
        const form = odds.isConnected && odds.closest("form");
        if (form && built(form)) htmx.trigger(odds, "change");
      }, 50);
    });
  };
  document.addEventListener("htmx:afterSettle", (event) => {
    // A live redraw (htmx.swap, above) settles with no target in its detail: the part is the
    // event's own.
    const target = event.detail.target || event.target;
    if (target instanceof Element) askOdds(target);
  });
  askOdds(document);
  // A live redraw of the panel may come while an odds question is on its way: its answer then
  // lands on the line the redraw took out of the page. Unless a newer question for the line is
  // on its way (the redraw's own, above), the line in the page is asked again, for the pool in
  // the form now, so it always ends on the form's pool.
  const asked = new Map(); // an odds line's id: its newest question
  const answeredAt = new Map(); // an odds line's id: when its newest answered question was sent
  document.addEventListener("htmx:beforeRequest", (event) => {
    const { elt: asker, target: line, xhr } = event.detail;
    if (!line?.matches?.(".odds[id]")) return;
    asked.set(line.id, xhr);
    const sent = performance.now();
    xhr.addEventListener("loadend", () => {
      if (xhr.status >= 200 && xhr.status < 300 && !xhr.oddsDropped) {
        answeredAt.set(line.id, Math.max(answeredAt.get(line.id) || 0, sent));
      }
      if (asked.get(line.id) !== xhr) return;
      asked.delete(line.id);
      // Lost on the way (no answer), or answered in place: nothing to ask.
      if (!xhr.status || asker.isConnected) return;
      const odds = document.getElementById(line.id)?.closest("form")?.querySelector("[data-odds]");
      if (odds) htmx.trigger(odds, "change");
    });
  });
  // And a question never sent (its delay ran out on a part a redraw had just replaced, on a
  // busy evening: the line stayed on the pool from before a sound effect was typed) or lost on
  // the way: a moment after the player stops, the line must have been answered for a question
  // sent since their last touch, or it is asked now, for the form as it stands.
  const lookAgain = new Map(); // an odds line's id: its timer
  const check = (id, at) => {
    lookAgain.set(
      id,
      setTimeout(() => {
        if (asked.has(id)) return check(id, at); // on its way: look again after it
        lookAgain.delete(id);
        if ((answeredAt.get(id) || 0) > at) return;
        const form = document.getElementById(id)?.closest("form");
        if (!form) return;
        htmx.process(form);
        htmx.trigger(form.querySelector("[data-odds]"), "change");
      }, 1000),
    );
  };
  const touched = (event) => {
    if (!event.isTrusted) return; // the player's own touch, not a question asked from here
    const odds = event.target.closest?.("form")?.querySelector("[data-odds]");
    const id = odds?.getAttribute("hx-target")?.replace(/^#/, "");
    if (!id) return;
    clearTimeout(lookAgain.get(id));
    check(id, performance.now());
  };
  document.addEventListener("input", touched);
  document.addEventListener("change", touched);

  // Every table action carries a request id, kept until the table has answered, so a Retry
  // sends the same one and the server applies it at most once.
  const newId = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };
  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.verb !== "post") return;
    const form = event.detail.elt;
    form.dataset.requestId = form.dataset.requestId || newId();
    event.detail.headers["X-Request-ID"] = form.dataset.requestId;
  });

  // A move that didn't get an answer stays pending, with its id, until one comes: its note
  // and Retry come back on the form if a live redraw replaces it meanwhile.
  const pending = new Map();
  const failedText = (status) =>
    status
      ? "The table couldn't take that just now."
      : navigator.onLine
        ? "Couldn't reach the table."
        : "You're offline: that didn't reach the table.";
  // A move is its form's target and its hidden fields (a Gamble's request id, the step it
  // was shown at): the same move again, not just any form posting to the same place.
  const identity = (form) =>
    [
      form.getAttribute("hx-post"),
      ...Array.from(
        form.querySelectorAll("input[type=hidden]:not([name=csrfmiddlewaretoken])"),
        (input) => `${input.name}=${input.value}`,
      ),
    ].join("|");
  const showPending = () => {
    const forms = Array.from(document.querySelectorAll("form[hx-post]"));
    pending.forEach(({ id, text }, move) => {
      const form = forms.find((candidate) => identity(candidate) === move);
      if (!form) {
        pending.delete(move); // the table moved on: that move is no longer offered
        return;
      }
      form.dataset.requestId = id;
      let note = form.querySelector(":scope > .action-failed");
      if (!note) {
        note = document.createElement("p");
        note.className = "action-failed";
        note.setAttribute("role", "alert");
        const retry = document.createElement("button");
        retry.type = "button";
        retry.className = "button button-small";
        retry.textContent = "Retry";
        retry.addEventListener("click", () => {
          note.remove();
          htmx.trigger(form, "submit");
        });
        note.append(document.createElement("span"), " ", retry);
        form.append(note);
      }
      note.querySelector("span").textContent = text;
    });
  };
  // Followed on the request itself: a live redraw may take the form out of the page before
  // the answer (or the failure) comes, and then its events reach nobody.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[hx-post]")) return;
    const move = identity(form);
    const id = form.dataset.requestId;
    const xhr = event.detail.xhr;
    xhr.addEventListener("loadend", () => {
      if (xhr.status && xhr.status < 500) {
        // Answered (done, or refused with the reason in the redrawn part): a new move next.
        pending.delete(move);
        document.querySelectorAll("form[hx-post]").forEach((answered) => {
          if (identity(answered) !== move) return;
          delete answered.dataset.requestId;
          answered.querySelector(":scope > .action-failed")?.remove();
        });
        return;
      }
      pending.set(move, { id, text: failedText(xhr.status) });
      showPending();
    });
  });
  document.addEventListener("htmx:afterSettle", showPending);

  // A form that says so (data-reset) empties once its move went through: the Director's line
  // for the log, posted from a part no event redraws.
  // A live redraw may have come first and kept the typed values (hx-preserve moves the fields
  // into the new drawing): the fields are found again by their ids and set back to what they
  // were drawn with (Peril back to +1).
  // Followed on the request itself, as above: when the redraw came first, the form is out of
  // the page before the answer and htmx's events from it reach nobody.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form.matches?.("form[data-reset]")) return;
    const ids = Array.from(form.elements, (field) => field.id).filter(Boolean);
    const xhr = event.detail.xhr;
    xhr.addEventListener("loadend", () => {
      if (xhr.status >= 200 && xhr.status < 300) resetFields(form, ids);
    });
  });
  function resetFields(form, ids) {
    form.reset();
    ids.forEach((id) => {
      const field = document.getElementById(id);
      if (!field || field.type === "hidden") return;
      if (field instanceof HTMLSelectElement) {
        Array.from(field.options).forEach((option) => (option.selected = option.defaultSelected));
      } else if (field.type === "checkbox" || field.type === "radio") {
        // Its value is what it sends when ticked ("on"): only the tick goes back.
        field.checked = field.defaultChecked;
      } else if ("defaultValue" in field) field.value = field.defaultValue;
    });
  }

  // A change said back to the one who made it ("Line added: …") is brought into sight, no
  // further than needed: on a phone it may land just under the fold. It is news for a while,
  // not for the evening: it goes after half a minute, the redraws after that without it
  // (fresh-eyes phone: "Veil added" still showed after both Legs had ended).
  const SAID_FOR_MS = 30_000;
  document.addEventListener("htmx:afterSwap", (event) => {
    if (!event.detail.xhr) return; // a move's answer, not a live redraw
    const said = event.detail.target?.querySelector?.("[data-said]");
    if (!said) return;
    said.scrollIntoView({ block: "nearest" });
    setTimeout(() => said.remove(), SAID_FOR_MS);
  });

  // Session zero: the tie a player just made is brought into their sight, marked new, once
  // the part shows it (the table's redraw may come before or after the move's answer), and
  // its sentence box is emptied for the next tie; not a spot halfway down the form.
  let tying = null;
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target.closest?.(".zero-tie-form");
      const other = form?.querySelector("select")?.value;
      if (form && other) tying = `${form.dataset.hero}-${other}`;
    },
    true,
  );
  new MutationObserver(() => {
    if (!tying) return;
    const tie = document.querySelector(`[data-tie="${CSS.escape(tying)}"]`);
    if (!tie) return;
    const hero = tying.split("-")[0];
    tying = null;
    tie.classList.add("zero-tie-new");
    const box = document.querySelector(`.zero-tie-form[data-hero="${hero}"] input[name="text"]`);
    if (box) box.value = "";
    // The focus leaves the sentence box (sent with a phone keyboard's Go, it kept it, and the
    // keyboard, still up, held the box in view: mid-form) for the new tie, read out.
    tie.tabIndex = -1;
    tie.focus({ preventScroll: true });
    tie.scrollIntoView({ block: "center" });
  }).observe(document.body, { childList: true, subtree: true });

  // Roll! pressed (low on a phone, under a long form): the dice just thrown, their +1 (Lucky
  // Save) buttons and the action above them are brought into the player's sight once the panel
  // shows them. The move's answer and the live redraw of the panel may come in either order;
  // with neither does the page move by itself (the form it was scrolled down is gone, and a live
  // redraw keeps the place read), which left the dice far above the screen and only Lock in in
  // view. Heard after the redraw has kept its place (a MutationObserver's turn comes after).
  let rolling = null;
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target.closest?.(".gamble-form");
      if (form) rolling = form.closest("[sse-swap]");
    },
    true,
  );
  const inSight = (element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(document.documentElement);
    const top = parseFloat(style.getPropertyValue("--calls-height")) || 0;
    const calls = document.querySelector("[data-calls]");
    const clear = calls && getComputedStyle(calls).position === "sticky" ? top : 0;
    const bar = parseFloat(style.getPropertyValue("--hero-bar-height")) || 0;
    return box.top >= clear && box.bottom <= window.innerHeight - bar;
  };
  new MutationObserver(() => {
    if (!rolling) return;
    if (!rolling.isConnected) {
      rolling = null;
      return;
    }
    if (rolling.querySelector('.gamble-form [aria-invalid="true"]')) rolling = null; // refused
    const dice = rolling?.querySelector(".dice-row");
    if (!dice || rolling.querySelector(".gamble-form")) return;
    rolling = null;
    if (inSight(dice)) return;
    (dice.parentElement.querySelector(".intent") || dice).scrollIntoView({ block: "start" });
    if (!inSight(dice)) dice.scrollIntoView({ block: "nearest" });
  }).observe(document.body, { childList: true, subtree: true });

  // Lock in pressed (low on a phone, under the dice): the verdict ("Your last Gamble: …") is
  // brought to the top of what shows, below the pinned banners, the fresh form after it. The
  // panel drawn anew shows the next Gamble's form where the dice were: left where it was, the
  // page showed the empty form, the result just caused scrolled up out of sight.
  let locking = null;
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target.closest?.("[data-lock-in]");
      if (form) locking = form.closest("[sse-swap]");
    },
    true,
  );
  new MutationObserver(() => {
    if (!locking) return;
    if (!locking.isConnected) {
      locking = null;
      return;
    }
    const verdict = locking.querySelector(".just-locked");
    if (!verdict || locking.querySelector("[data-lock-in]")) return;
    locking = null;
    verdict.scrollIntoView({ block: "start" });
  }).observe(document.body, { childList: true, subtree: true });

  // A Gamble or a tie sent back with a mistake (400, "Say what your hero tries"): its first wrong
  // field takes the focus, in sight, so the message by it is read and it is ready to type in.
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.xhr?.status !== 400) return;
    const wrong = '.gamble-form [aria-invalid="true"], .zero-tie-form [aria-invalid="true"]';
    const field = event.detail.target?.querySelector?.(wrong);
    if (!field) return;
    field.focus({ preventScroll: true });
    (field.closest(".field, fieldset") || field).scrollIntoView({ block: "center" });
  });

  // A field sent back wrong ("Say what your hero tries") is put right by typing: once the
  // browser finds it valid, its message goes (the server checks it again on the next send).
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!field.matches?.('form [aria-invalid="true"]') || !field.value.trim()) return;
    if (!field.checkValidity()) return;
    field.removeAttribute("aria-invalid");
    const message = field.id && document.getElementById(`${field.id}_error`);
    if (!message) return;
    message.remove();
    const rest = (field.getAttribute("aria-describedby") || "")
      .split(" ")
      .filter((id) => id && id !== message.id);
    if (rest.length) field.setAttribute("aria-describedby", rest.join(" "));
    else field.removeAttribute("aria-describedby");
  });

  // What is being typed survives a redraw (hx-preserve: htmx moves the field into the new
  // drawing). Chromium then leaves a field moved while its <details> was folded undrawn,
  // even once it opens: put such a field back in its place as its group opens.
  document.addEventListener(
    "toggle",
    (event) => {
      const group = event.target;
      if (!(group instanceof HTMLDetailsElement) || !group.open) return;
      group.querySelectorAll("[hx-preserve]").forEach((field) => {
        if (field.checkVisibility && !field.checkVisibility()) {
          field.parentNode.insertBefore(field, field.nextSibling);
        }
      });
    },
    true,
  );
})();
