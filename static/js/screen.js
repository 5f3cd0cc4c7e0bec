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
    // The button says the theme in use; a press switches to the other.
    if (themeButton) themeButton.textContent = dark ? "Theme: dark" : "Theme: light";
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

// The stage: the spotlight takes the screen when a new moment comes (a few seconds, or until
// the next moment; a moment that holds stays while the table holds), and every list on the
// board shows only whole rows, paging through the rest slowly when it is longer than its place.
(() => {
  const holder = document.querySelector(".spotlight-part");
  if (!holder) return;
  const SHOWN_FOR = 6000;
  let seen = null;
  let timer = null;
  const spotlight = () => {
    const moment = holder.querySelector("[data-spotlight]");
    const key = moment?.dataset.spotlight ?? null;
    const hold = moment?.hasAttribute("data-hold");
    clearTimeout(timer);
    if (!moment) {
      holder.classList.remove("is-on");
    } else if (hold) {
      holder.classList.add("is-on");
    } else if (seen !== null && key !== seen) {
      holder.classList.add("is-on");
      timer = setTimeout(() => holder.classList.remove("is-on"), SHOWN_FOR);
    } else {
      holder.classList.remove("is-on");
    }
    seen = key;
  };

  const LISTS = [".cast-cards", ".danger-list", ".details", ".log-list", ".safety-list"];
  const fit = (list, rotate) => {
    const items = Array.from(list.children);
    list.dataset.paged = "";
    let start = rotate ? Number(list.dataset.start || 0) : 0;
    if (start >= items.length) start = 0;
    items.forEach((item, index) => (item.hidden = index < start));
    const bottom = list.getBoundingClientRect().bottom + 1;
    let more = false;
    items.slice(start).forEach((item) => {
      if (more || item.getBoundingClientRect().bottom > bottom) {
        item.hidden = true;
        more = true;
      }
    });
    if (rotate) {
      const next = items.findIndex((item, index) => index > start && item.hidden);
      list.dataset.start = more && next > start ? String(next) : "0";
    }
  };
  const fitAll = (rotate = false) => {
    document.querySelectorAll(".screen-board").forEach((board) => {
      LISTS.forEach((selector) => {
        // The log shows its newest rows; the others page through what doesn't fit.
        board.querySelectorAll(selector).forEach((list) => fit(list, rotate && selector !== ".log-list"));
      });
    });
  };

  spotlight();
  fitAll();
  // Whatever the stream redraws (a part swapped in, a log row added), look again.
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      spotlight();
      fitAll();
    });
  }).observe(document.querySelector(".screen") || document.body, { childList: true, subtree: true });
  window.addEventListener("resize", () => fitAll());
  setInterval(() => fitAll(true), 8000);
})();

