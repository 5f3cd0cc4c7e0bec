// The little JavaScript the site needs beyond htmx. Inline handlers are blocked by the CSP,
// so behaviour hangs off data- attributes here.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});

// Copy buttons: data-copy names the field whose value (or the words whose text) goes to the
// clipboard; data-copied says what to do with it once copied. The status is the button's own
// box's (a copy-box), else its section's.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  const box = button.closest(".copy-box") ?? button.closest("section");
  const status = box?.querySelector(".copy-status");
  const field = "value" in source;
  try {
    await navigator.clipboard.writeText(field ? source.value : source.textContent.trim());
    if (status) status.textContent = button.dataset.copied ?? "Copied! Send it to your players.";
  } catch {
    if (field) source.select();
    else window.getSelection().selectAllChildren(source);
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
// the whole screen on a phone, where a tap on it shows it at its own full size (pan around it)
// and a pinch zooms it further (issue 34 item 6); Close or Escape puts it away. Without this
// script (or <dialog>) the link simply opens the picture.
(() => {
  if (typeof HTMLDialogElement !== "function") return;
  let dialog = null;
  let opener = null;
  const build = () => {
    dialog = document.createElement("dialog");
    dialog.className = "zoom-dialog";
    dialog.setAttribute("aria-label", "Picture");
    const bar = document.createElement("div");
    bar.className = "zoom-bar";
    const size = document.createElement("button");
    size.type = "button";
    size.className = "button button-small zoom-size";
    size.setAttribute("aria-pressed", "false");
    size.textContent = "Full size";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "button button-small zoom-close";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    bar.append(size, close);
    const figure = document.createElement("figure");
    const frame = document.createElement("div");
    frame.className = "zoom-frame";
    frame.append(document.createElement("img"));
    figure.append(frame, document.createElement("figcaption"));
    dialog.append(bar, figure);
    const natural = (on) => {
      dialog.classList.toggle("is-natural", on);
      size.setAttribute("aria-pressed", String(on));
    };
    size.addEventListener("click", () => natural(!dialog.classList.contains("is-natural")));
    frame.addEventListener("click", () => natural(!dialog.classList.contains("is-natural")));
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", () => {
      natural(false);
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
    const caption = link.dataset.caption
      || link.closest("figure")?.querySelector("figcaption")?.firstChild?.textContent
      || link.querySelector("span")?.textContent || "";
    const img = dialog.querySelector("img");
    img.src = link.href;
    img.alt = caption.trim();
    dialog.querySelector("figcaption").textContent = caption.trim();
    dialog.setAttribute("aria-label", caption.trim() || "Picture");
    dialog.showModal();
  });
})();

// The page's messages ("Ada joins the Cast…") are said once: a Dismiss button takes one away,
// and they all go by themselves after a while, so a live page that is never reloaded (the
// table) doesn't keep them above its X-card and Gamble all evening (issue 34).
const MESSAGES_LAST_MS = 8000;
const dismissMessage = (message) => {
  const box = message.closest("[data-messages]");
  message.remove();
  if (box && !box.querySelector(".message")) box.remove();
};
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-dismiss-message]");
  if (button) dismissMessage(button.closest(".message"));
});
// A message about the part of the page an answer lands on ("Sam has a new portrait.", the page
// opened at #portrait) is said at the top of that part: above the page, it was over the top of
// the phone's screen, never seen (a fresh-eyes phone). The part says so: data-messages-here.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("[data-messages]");
  const id = decodeURIComponent(location.hash.slice(1));
  const here = id && document.getElementById(id);
  if (!box || !here?.matches("[data-messages-here]")) return;
  box.classList.add("messages-here");
  here.prepend(box);
  here.scrollIntoView({ block: "start" });
});
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-messages]").forEach((box) => {
    setTimeout(() => box.querySelectorAll(".message").forEach(dismissMessage), MESSAGES_LAST_MS);
  });
});

// An address drawn as a path (a live part is drawn once for the event stream, which knows no
// host): data-address puts this page's own origin in front, on load and after each redraw.
function wholeAddresses() {
  for (const field of document.querySelectorAll("[data-address]")) {
    field.value = new URL(field.dataset.address, document.baseURI).href;
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wholeAddresses);
else wholeAddresses();
document.addEventListener("htmx:afterSettle", wholeAddresses);
document.addEventListener("table:redrawn", wholeAddresses);

// A line of words shown whole (data-enter-sends: a Gamble's "What are you attempting?", a
// textarea): it grows with its words, every line of them in sight, and Enter sends its form as
// Enter in a text field does (through its first button; not while that button is off).
(() => {
  const BOX = "textarea[data-enter-sends]";
  const grow = (box) => {
    box.style.height = "auto";
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  };
  const growAll = () => document.querySelectorAll(BOX).forEach(grow);
  document.addEventListener("input", (event) => {
    const box = event.target.closest?.(BOX);
    if (!box) return;
    // One line: a line break pasted in is a space.
    if (box.value.includes("\n")) box.value = box.value.replace(/\s*\n\s*/g, " ");
    grow(box);
  });
  document.addEventListener("keydown", (event) => {
    const box = event.target.closest?.(BOX);
    if (!box || event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    const button = box.form?.querySelector("button:not([type]), [type=submit]");
    if (button && !button.disabled) box.form.requestSubmit(button);
  });
  document.addEventListener("htmx:afterSettle", growAll);
  window.addEventListener("resize", growAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", growAll);
  else growAll();
})();
