// The Adventure's page before play starts (a player just seated, say from the Campaign's
// one tap) follows the table's stream: when the Director starts a Leg or a Scene, plays
// "Previously on…" or opens session zero (or moves it on), the player is taken to the table,
// where it is played; anything else the table's log says
// (a hero joining, a Line added) redraws this page, so its Cast is never stale.
(() => {
  const follow = document.querySelector("[data-follow-table]");
  if (!follow || !("EventSource" in window)) return;
  const STARTS = [
    "event-leg_started",
    "event-scene_started",
    "event-previously_on",
    "event-session_zero",
    "event-session_zero_step",
  ];
  const url = new URL(follow.dataset.stream, window.location.href);
  url.searchParams.set("after", follow.dataset.after);
  let source = null;
  let timer = null;

  const connect = () => {
    source = new EventSource(url);
    source.addEventListener("log", (event) => {
      const row = new DOMParser().parseFromString(event.data, "text/html").querySelector("li");
      source.close();
      if (row && STARTS.some((name) => row.classList.contains(name))) {
        window.location.assign(follow.dataset.table);
      } else {
        window.location.reload();
      }
    });
    source.addEventListener("seen", (event) => {
      url.searchParams.set("after", String(JSON.parse(event.data).id));
    });
    source.onerror = () => {
      // Reopen it ourselves from the last id seen (the browser gives up on an error answer).
      source.close();
      clearTimeout(timer);
      timer = setTimeout(connect, navigator.onLine ? 2000 : 5000);
    };
  };
  connect();
})();
