// The Director's cockpit at a laptop: three columns of different heights. Scrolled down to
// the tools, the shorter columns would leave a wide blank beside them, so each column
// scrolls with the page until its foot is in view and then stays there (sticky, its top
// set here from its height). A column that fits the window stays at the top. Without this
// script the columns scroll as plain columns, every panel reachable.
(() => {
  const cockpit = document.querySelector(".cockpit");
  if (!cockpit) return;
  const wide = window.matchMedia("(min-width: 80rem)");
  const MARGIN = 10;
  const place = () => {
    cockpit.classList.toggle("columns-follow", wide.matches);
    for (const column of cockpit.querySelectorAll(":scope > .cockpit-column")) {
      const top = Math.min(MARGIN, window.innerHeight - column.offsetHeight - MARGIN);
      column.style.setProperty("--follow-top", `${top}px`);
    }
  };
  // A live redraw or a fold opening changes a column's height: placed again.
  const watch = new ResizeObserver(place);
  for (const column of cockpit.querySelectorAll(":scope > .cockpit-column")) watch.observe(column);
  window.addEventListener("resize", place);
  wide.addEventListener("change", place);
  place();
})();
