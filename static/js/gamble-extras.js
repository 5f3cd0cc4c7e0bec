// The Gamble's folded dice (Blammo!, and "More": advantages, help) stay as the player left them
// through the live redraws of their panel: opened once, open for that hero until closed.
(() => {
  const KEY = "gamble-extras-open";
  const SELECTOR = "details.gamble-extras[data-hero], details.gamble-blammo[data-hero]";
  const opened = () => new Set(JSON.parse(sessionStorage.getItem(KEY) || "[]"));
  const apply = () => {
    const heroes = opened();
    document.querySelectorAll(SELECTOR).forEach((group) => {
      if (heroes.has(group.dataset.hero)) group.open = true;
    });
  };
  // toggle doesn't bubble: heard on the way down.
  document.addEventListener(
    "toggle",
    (event) => {
      const group = event.target;
      if (!(group instanceof HTMLDetailsElement) || !group.matches(SELECTOR)) return;
      const heroes = opened();
      if (group.open) heroes.add(group.dataset.hero);
      else heroes.delete(group.dataset.hero);
      sessionStorage.setItem(KEY, JSON.stringify([...heroes]));
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
