// The Roll-for page (templates/sessions/roll_for.html) sends the hero's forms without htmx
// (hx-disable: each move comes back to the page, drawn afresh). hx-disable also silences the
// hx-get of the odds line, which on the player's own panel (templates/sessions/parts/gamble.html,
// data-odds and the Blammo! box) is asked for again as the pool is built: left alone, the line
// kept saying "1 die" whatever the Director ticked. Here it is asked for as there, on change
// and on typing (after a pause), through htmx.ajax, which hx-disable does not stop. So is
// each Blammo! sound effect's "is it fresh?" hint.
(() => {
  const ODDS = "[data-odds], .gamble-blammo[hx-get]";
  const SOUND = "input[name=sound_effects][hx-get]";
  let oddsTimer;
  let soundTimer;

  const odds = (source) => {
    htmx.ajax("GET", source.getAttribute("hx-get"), {
      source,
      target: source.getAttribute("hx-target"),
      swap: "outerHTML",
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
    const source = event.target.closest(ODDS);
    if (source) {
      clearTimeout(oddsTimer);
      oddsTimer = setTimeout(() => odds(source), typing ? 300 : 0);
    }
    const field = event.target.closest(SOUND);
    if (field && typing) {
      clearTimeout(soundTimer);
      soundTimer = setTimeout(() => sound(field), 400);
    }
  };
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);
})();
