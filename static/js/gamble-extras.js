// The Gamble's folded dice (Blammo!, and "More": advantages, help) stay as the player left them
// through the live redraws of their panel: opened once, open for that Gamble until closed. Kept
// by the Gamble being composed (its request id, new once it is rolled), not by the hero: the
// hero's next Gamble starts folded, its Blammo! box shut and empty (fresh-eyes phone, item 2).
(() => {
  const KEY = "gamble-extras-open";
  const SELECTOR = "details.gamble-extras[data-fold], details.gamble-blammo[data-fold]";
  const opened = () => new Set(JSON.parse(sessionStorage.getItem(KEY) || "[]"));
  const apply = () => {
    const folds = opened();
    document.querySelectorAll(SELECTOR).forEach((group) => {
      if (folds.has(group.dataset.fold)) group.open = true;
    });
  };
  // toggle doesn't bubble: heard on the way down.
  document.addEventListener(
    "toggle",
    (event) => {
      const group = event.target;
      if (!(group instanceof HTMLDetailsElement) || !group.matches(SELECTOR)) return;
      const folds = opened();
      if (group.open) folds.add(group.dataset.fold);
      else folds.delete(group.dataset.fold);
      // Only the newest few: a long evening's Gambles don't pile up in the tab.
      sessionStorage.setItem(KEY, JSON.stringify([...folds].slice(-20)));
    },
    true,
  );
  // The odds line sits above the Blammo! box, which opens between it and Roll!: the box echoes
  // its words under the sound effects, just before Roll!, so what the choices come to reads
  // there. With no sound effect typed, it says so: no Blammo! Die counts until one is.
  // Roll! says how many dice it throws, as the odds line counts them.
  const NO_SOUND = " No Blammo! Die yet: type a sound effect to add one.";
  const echo = () => {
    document.querySelectorAll("[data-odds-echo]").forEach((box) => {
      const line = document.getElementById(`odds-${box.dataset.oddsEcho}`);
      let words = line ? line.textContent.replace(/\s+/g, " ").trim() : "";
      const sounds = box.closest("fieldset")?.querySelectorAll("input[name=sound_effects]") ?? [];
      if (words && !Array.from(sounds).some((field) => field.value.trim())) words += NO_SOUND;
      if (box.textContent !== words) box.textContent = words;
    });
    document.querySelectorAll("[data-roll-pool]").forEach((count) => {
      const pool = Number(document.getElementById(`odds-${count.dataset.rollPool}`)?.dataset.pool);
      if (!pool) return;
      const words = `(${pool} ${pool === 1 ? "die" : "dice"})`;
      if (count.textContent !== words) count.textContent = words;
    });
  };
  // Typing a sound effect changes what the box says at once (the odds follow from the server).
  document.addEventListener("input", (event) => {
    if (event.target.matches?.("input[name=sound_effects]")) echo();
  });
  // A redrawn panel is drawn folded: open it again before it is painted.
  const redrawn = () => {
    apply();
    echo();
  };
  new MutationObserver(redrawn).observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  redrawn();
})();
