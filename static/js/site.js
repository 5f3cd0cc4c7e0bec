// The little JavaScript the site needs beyond htmx. Inline handlers are blocked by the CSP,
// so behaviour hangs off data- attributes here.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
