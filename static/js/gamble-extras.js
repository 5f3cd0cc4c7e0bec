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
  // The odds line sits over Roll!, off the screen once the Blammo! box opens under it: the box
  // echoes its words, so a sound effect typed shows its dice and chances where it is typed.
  const echo = () => {
    document.querySelectorAll("[data-odds-echo]").forEach((box) => {
      const line = document.getElementById(`odds-${box.dataset.oddsEcho}`);
      const words = line ? line.textContent.replace(/\s+/g, " ").trim() : "";
      if (box.textContent !== words) box.textContent = words;
    });
  };
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
