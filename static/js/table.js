// The live table: keep the event stream's place, never show a log row twice, say when
// the connection drops. Everything else is htmx and its SSE extension.
(() => {
  let lastEventId = null;

  // A re-created EventSource (after the server went away) asks for what it missed.
  htmx.createEventSource = (url) => {
    const target = new URL(url, window.location.href);
    if (lastEventId) target.searchParams.set("after", lastEventId);
    return new EventSource(target, { withCredentials: true });
  };

  document.addEventListener("htmx:sseMessage", (event) => {
    const id = event.detail && event.detail.lastEventId;
    if (id) lastEventId = id;
  });

  document.addEventListener("htmx:sseBeforeMessage", (event) => {
    if (event.detail.type !== "log") return;
    const match = /id="(event-\d+)"/.exec(event.detail.data);
    if (match && document.getElementById(match[1])) {
      event.preventDefault();
      return;
    }
    document.getElementById("log-empty")?.remove();
  });

  // A live redraw keeps what the player typed (hx-preserve) but draws the odds afresh:
  // ask for the odds of the pool as it stands in the form.
  document.addEventListener("htmx:afterSettle", (event) => {
    const target = event.detail.target;
    if (!target || !target.querySelector) return;
    const odds = target.querySelector("[data-odds]");
    if (odds && target.querySelector("form [hx-preserve]")) htmx.trigger(odds, "change");
  });

  const status = (text, live) => {
    document.querySelectorAll("[data-live-status]").forEach((element) => {
      element.textContent = text;
      element.classList.toggle("is-live", live);
    });
  };
  document.addEventListener("htmx:sseOpen", () => status("Live", true));
  document.addEventListener("htmx:sseError", () => status("Reconnecting…", false));
})();
