// The Roll-for page (templates/sessions/roll_for.html) sends the hero's forms without htmx
// (hx-disable: each move comes back to the page, drawn afresh; the table's changes meanwhile
// are drawn in as they come, at the foot). hx-disable also silences the hx-get of the odds
// line, which on the player's own panel (templates/sessions/parts/gamble.html, data-odds and
// the Blammo! box) is asked for again as the pool is built: left alone, the line kept saying
// "1 die" whatever the Director ticked. Here it is asked for as there, on change and on typing
// (after a pause), through htmx.ajax, which hx-disable does not stop. So is each Blammo!
// sound effect's "is it fresh?" hint.
(() => {
  const ODDS = "[data-odds], .gamble-blammo[hx-get]";
  const SOUND = "input[name=sound_effects][hx-get]";
  let oddsTimer;
  let soundTimer;

  // One odds question on its way at a time, each for the line in the page when it is sent: a
  // question queued behind another (hx-sync) kept the line it was asked for, which the first
  // answer (or a live redraw) had taken out of the page, and its answer was lost there: the
  // line stayed on the pool before the last tick. A change heard meanwhile asks again after.
  let asking = 0; // when the question on its way was sent
  let askAgain = false;
  const odds = () => {
    const source = gamble()?.querySelector("[data-odds]");
    if (!source) return;
    if (asking && performance.now() - asking < 10000) {
      askAgain = true;
      return;
    }
    asking = performance.now();
    htmx
      .ajax("GET", source.getAttribute("hx-get"), {
        source,
        target: source.getAttribute("hx-target"),
        swap: "outerHTML",
      })
      .finally(() => {
        asking = 0;
        if (askAgain) {
          askAgain = false;
          odds();
        }
      });
  };

  const sound = (field) => {
    const hint = field.closest(".field")?.querySelector(".sound-hint");
    if (!hint) return;
    htmx.ajax("GET", field.getAttribute("hx-get"), { source: field, target: hint, swap: "innerHTML" });
  };

  const changed = (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(".roll-for")) return;
    const typing = event.type === "input";
    if (event.target.closest(ODDS)) {
      clearTimeout(oddsTimer);
      oddsTimer = setTimeout(odds, typing ? 300 : 0);
    }
    const field = event.target.closest(SOUND);
    if (field && typing) {
      clearTimeout(soundTimer);
      soundTimer = setTimeout(() => sound(field), 400);
    }
  };
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);

  // Drawn as the answer to a refused roll, the page stands at the roll's address: it takes
  // its own again, so a reload asks for it afresh (never the roll sent again) and each move
  // made from it comes back here (the Referer, answers.back).
  const here = document.querySelector("h1[data-roll-for]")?.dataset.rollFor;
  if (here && window.location.pathname !== here) window.history.replaceState(null, "", here);

  // Resume (the pause's bar) comes back to this page drawn afresh: the Gamble being built is
  // kept in the tab as it is sent, and put back in the fresh form, its odds asked for again.
  const KEPT = "roll-for-kept";
  const typed = (field) => field.name && !["hidden", "submit", "button"].includes(field.type);
  const keep = (form) => {
    const fields = Array.from(form.elements).filter(typed);
    const ticks = (f) => (f.type === "checkbox" || f.type === "radio" ? f.checked : null);
    const values = fields.map((f) => [f.name, f.value, ticks(f)]);
    sessionStorage.setItem(KEPT, JSON.stringify({ here, values }));
  };
  const putBack = (form) => {
    const kept = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    sessionStorage.removeItem(KEPT);
    if (!kept || kept.here !== here) return;
    const fields = Array.from(form.elements).filter(typed);
    if (fields.length !== kept.values.length) return; // another form by now: nothing to match
    fields.forEach((field, i) => {
      const [name, value, checked] = kept.values[i];
      if (name !== field.name) return;
      if (checked === null) field.value = value;
      else if (field.value === value) field.checked = checked;
      if (field.value !== field.defaultValue || field.checked !== field.defaultChecked) {
        field.closest("details")?.setAttribute("open", "");
      }
    });
  };
  // A form built before this script ran (ticked as the page was still loading, put back above,
  // or restored by the browser), or kept through a redraw (below), has its odds asked for
  // now: no change is heard for it.
  const askOdds = (form) => {
    if (!window.gambleForm.built(form)) return;
    form.querySelector("[data-odds] input, [data-odds] textarea")?.dispatchEvent(
      new Event("change", { bubbles: true }),
    );
  };
  const gamble = () => document.querySelector(".roll-for form.gamble-form");
  let leaving = false;
  document.addEventListener("submit", (event) => {
    leaving = true;
    if (event.target.closest?.(".roll-for-pause") && gamble()) keep(gamble());
  });
  if (gamble()) {
    putBack(gamble());
    askOdds(gamble());
  }

  // The page follows the table's stream, as the cockpit and the phones do. The X-card pressed
  // at the table, or the game resumed: the page is drawn again (its pause bar, its buttons
  // greyed out or not), the Gamble being built kept. Anything else: the hero's panel is
  // drawn again (its player spent a Lucky Save on their phone, Peril was dealt), below.
  const title = document.querySelector("h1[data-stream]");
  if (!title) return;
  const source = new EventSource(title.dataset.stream);
  source.addEventListener("pause", (event) => {
    const paused = event.data.includes("data-paused");
    if (leaving || paused === "paused" in title.dataset) return;
    leaving = true;
    source.close();
    if (gamble()) keep(gamble());
    window.location.reload();
  });
  window.addEventListener("pagehide", () => source.close());

  // The Director's stream carries no player's panel: after each event of the table, this
  // hero's is asked for (the page's own address, by htmx) and drawn in its place, one question
  // at a time, the newest event's last. What the Director typed and ticked stays (hx-preserve,
  // as on the player's phone); so does the enemy chosen to aim at, if still offered; the odds
  // are asked again for the pool as it stands.
  const panel = document.querySelector(".roll-for [sse-swap]");
  let drawing = false;
  let again = false;
  const redraw = () => {
    if (leaving) return;
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    const drawnWith = (select) =>
      (Array.from(select.options).find((o) => o.defaultSelected) || select.options[0])?.value;
    const chosen = Array.from(panel.querySelectorAll("select[id]"))
      .filter((select) => select.value !== drawnWith(select))
      .map((select) => [select.id, select.value]);
    htmx.ajax("GET", here, { source: panel, target: panel, swap: "innerHTML" }).finally(() => {
      drawing = false;
      chosen.forEach(([id, value]) => {
        const select = document.getElementById(id);
        if (select && Array.from(select.options).some((o) => o.value === value)) {
          select.value = value;
        }
      });
      if (gamble()) askOdds(gamble());
      if (again) {
        again = false;
        redraw();
      }
    });
  };
  if (panel && here) source.addEventListener("seen", redraw);
})();
