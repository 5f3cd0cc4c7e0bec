// A bar pinned to the top or the foot of a phone (the calls' banner, the pause's bar, the hero
// bar): its real height goes in a CSS variable, so the page pads for it and a control never
// scrolls to a place under it. `find` says which element is the bar now (none: 0px); `extra`
// is added to its height (a shadow below it). Measured at once and whenever the bar changes
// size; the returned `measure` is for the moments the bar may have been replaced (a live
// redraw), when it follows the new one. Used by calls.js and hero-bar.js, loaded before them.
const pinHeight = (variable, find, extra = 0) => {
  if (typeof ResizeObserver !== "function") return () => {};
  const root = document.documentElement;
  let watched = null;
  const measure = () => {
    const bar = find();
    const height = bar ? Math.ceil(bar.getBoundingClientRect().height + extra) : 0;
    root.style.setProperty(variable, `${height}px`);
    if (bar === watched) return;
    if (watched) observer.unobserve(watched);
    if (bar) observer.observe(bar);
    watched = bar;
  };
  const observer = new ResizeObserver(measure);
  measure();
  return measure;
};
