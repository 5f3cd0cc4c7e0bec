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

// Tap to zoom (data-zoom on a link to a picture): the picture opens in a dialog over the page,
// full width, where a phone can pinch-zoom it; a tap, Close or Escape puts it away. Without
// this script (or <dialog>) the link simply opens the picture.
(() => {
  if (typeof HTMLDialogElement !== "function") return;
  let dialog = null;
  let opener = null;
  const build = () => {
    dialog = document.createElement("dialog");
    dialog.className = "zoom-dialog";
    dialog.setAttribute("aria-label", "Picture");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "button button-small zoom-close";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    const figure = document.createElement("figure");
    figure.append(document.createElement("img"), document.createElement("figcaption"));
    dialog.append(close, figure);
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", () => {
      if (opener && opener.isConnected) opener.focus();
    });
    document.body.append(dialog);
  };
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-zoom]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (!dialog) build();
    opener = link;
    const caption = link.closest("figure")?.querySelector("figcaption")?.firstChild?.textContent
      || link.querySelector("span")?.textContent || "";
    const img = dialog.querySelector("img");
    img.src = link.href;
    img.alt = caption.trim();
    dialog.querySelector("figcaption").textContent = caption.trim();
    dialog.setAttribute("aria-label", caption.trim() || "Picture");
    dialog.showModal();
  });
})();
