// The shared screen's own controls: the theme for the room (dark unless this TV was told
// otherwise, remembered in this browser) and full screen. The CSP forbids inline scripts, so
// the buttons are found by their data- attributes.
(() => {
  const body = document.body;
  const KEY = "enigma-screen-theme";

  const themeButton = document.querySelector("[data-theme-toggle]");
  const applyTheme = (theme) => {
    const dark = theme !== "light";
    body.classList.toggle("theme-dark", dark);
    body.classList.toggle("theme-light", !dark);
    themeButton?.setAttribute("aria-pressed", String(dark));
  };
  const remembered = () => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null; // storage switched off: stay dark
    }
  };
  applyTheme(remembered());
  themeButton?.addEventListener("click", () => {
    const theme = body.classList.contains("theme-dark") ? "light" : "dark";
    applyTheme(theme);
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // Not remembered, but the room still gets the theme it asked for.
    }
  });

  const fullButton = document.querySelector("[data-fullscreen]");
  if (!fullButton) return;
  if (!document.fullscreenEnabled) {
    fullButton.hidden = true; // a browser (or frame) that can't: no dead button on the TV
    return;
  }
  const label = () => {
    fullButton.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
  };
  fullButton.addEventListener("click", async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused (no user gesture, a policy): the page stays as it was.
    }
  });
  document.addEventListener("fullscreenchange", label);
})();
