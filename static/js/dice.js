// Dice you can hear: an optional sound toggle (off until someone turns it on, remembered in
// this browser) and a short sound when the latest Gamble changes — a rattle for fresh dice,
// a jingle for a Success, a groan for a Blunder, a thud for a Knockout. The sounds are small
// files shipped with the site (static/sounds/); their addresses come from this script's tag.
// The look of a roll is all CSS (site.css, "Dice that feel like dice"); this only adds sound.
(() => {
  const KEY = "enigma-dice-sound";
  const script = document.currentScript;
  const sources = {
    roll: script?.dataset.rattle,
    success: script?.dataset.success,
    blunder: script?.dataset.blunder,
    knockout: script?.dataset.knockout,
  };

  const remembered = () => {
    try {
      return localStorage.getItem(KEY) === "on";
    } catch {
      return false; // storage switched off: stay quiet
    }
  };
  let soundOn = remembered();

  const button = document.createElement("button");
  button.type = "button";
  button.className = "dice-sound-toggle";
  button.dataset.soundToggle = "";
  const show = () => {
    button.textContent = soundOn ? "Sound: on" : "Sound: off";
    button.setAttribute("aria-pressed", String(soundOn));
  };
  show();
  button.addEventListener("click", () => {
    soundOn = !soundOn;
    show();
    try {
      localStorage.setItem(KEY, soundOn ? "on" : "off");
    } catch {
      // Not remembered, but this page still does as it was told.
    }
  });

  // The TV has a row of tools; at the table the toggle sits by the latest Gamble.
  const tools = document.querySelector(".screen-tools");
  const latest = document.getElementById("latest-panel");
  if (tools) {
    button.classList.add("screen-tool");
    tools.insertBefore(button, tools.querySelector("[data-theme-toggle]"));
  } else if (latest) {
    button.classList.add("button", "button-small");
    const holder = document.createElement("p");
    holder.className = "dice-sound";
    holder.append(button);
    // In the Director's cockpit it sits in the panel's heading row, clear of the verdict.
    if (latest.closest(".cockpit")) latest.before(holder);
    else latest.after(holder);
  } else {
    return;
  }

  const momentOf = (panel) => panel.querySelector("[data-moment]");
  // What the page showed when it opened makes no sound; only what arrives later does, once
  // (a moment shown again, after the Director undoes what followed it, stays quiet).
  const heard = new Set([latest && momentOf(latest)?.dataset.momentKey]);

  const play = (moment) => {
    const source = sources[moment];
    if (!soundOn || !source) return;
    const audio = new Audio(source);
    audio.volume = 0.6;
    // A browser that wants a tap first refuses quietly; the next moment may play.
    audio.play()?.catch?.(() => {});
  };

  document.addEventListener("htmx:afterSettle", (event) => {
    const panel = event.target;
    if (!(panel instanceof Element) || panel.id !== "latest-panel") return;
    const moment = momentOf(panel);
    const key = moment?.dataset.momentKey;
    if (!moment || heard.has(key)) return;
    heard.add(key);
    play(moment.dataset.moment);
  });
})();
