// The little JavaScript the site needs beyond htmx. Inline handlers are blocked by the CSP,
// so behaviour hangs off data- attributes here.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});

// Copy buttons: data-copy names the input whose value goes to the clipboard.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  const status = button.closest("section")?.querySelector(".copy-status");
  try {
    await navigator.clipboard.writeText(source.value);
    if (status) status.textContent = "Copied! Send it to your players.";
  } catch {
    source.select();
    if (status) status.textContent = "Selected: press Ctrl+C (or long-press) to copy.";
  }
});

// The phone's Menu (a <details>): Escape or a tap elsewhere closes it, as a menu would.
document.addEventListener("keydown", (event) => {
  const menu = document.querySelector("[data-nav-menu][open]");
  if (event.key !== "Escape" || !menu) return;
  menu.open = false;
  menu.querySelector("summary").focus();
});
document.addEventListener("click", (event) => {
  const menu = document.querySelector("[data-nav-menu][open]");
  if (menu && !menu.contains(event.target)) menu.open = false;
});

// A plain form that asks first (data-confirm): nothing is sent unless the person agrees.
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-confirm]");
  if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
});
