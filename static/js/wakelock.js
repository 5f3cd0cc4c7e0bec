// Keep the screen awake where the game is watched (issue 24 item 5): the TV always, and a
// phone at the table while a Scene is in play (the scene part marks it, live). The browser
// drops the lock whenever the page is hidden, so it is asked for again when the page comes
// back into view. Where the Screen Wake Lock API is missing (or refused) nothing happens.
// `data-wake-lock` on <html> says how it stands: held, released, refused.
(() => {
  if (!("wakeLock" in navigator)) return;
  const root = document.documentElement;
  const phone = window.matchMedia("(max-width: 760px), (pointer: coarse)");
  let sentinel = null;
  let asking = false;

  const wanted = () => {
    if (document.visibilityState !== "visible") return false;
    if (document.body.classList.contains("screen-page")) return true;
    return (
      document.body.classList.contains("table-page") &&
      phone.matches &&
      document.querySelector("[data-scene-in-play]") !== null
    );
  };

  const sync = async () => {
    if (wanted()) {
      if (sentinel || asking) return;
      asking = true;
      try {
        const lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => {
          if (sentinel === lock) sentinel = null;
          root.dataset.wakeLock = "released";
        });
        sentinel = lock;
        root.dataset.wakeLock = "held";
      } catch {
        root.dataset.wakeLock = "refused"; // low battery, a policy: the screen may sleep
      } finally {
        asking = false;
      }
      // The Scene may have ended while the browser was answering.
      if (sentinel && !wanted()) sync();
    } else if (sentinel) {
      const lock = sentinel;
      sentinel = null;
      lock.release();
    }
  };

  document.addEventListener("visibilitychange", sync);
  phone.addEventListener("change", sync);
  // A Scene starts or ends: the scene part is redrawn from the stream.
  new MutationObserver(sync).observe(document.body, { childList: true, subtree: true });
  sync();
})();
