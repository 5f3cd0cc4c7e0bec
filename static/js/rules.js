// The "?" beside a table control (enigma_site/templatetags/rulebook.py): opens its rule in a
// dialog over the page, so a player at the table never loses the live page. Without this
// script (or without <dialog>) the "?" is a plain link to the rule on /rules/.
(() => {
  "use strict";
  if (typeof HTMLDialogElement !== "function") return;

  let dialog = null;
  let opener = null;
  let loading = false;

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "rule-dialog";
    const bar = document.createElement("div");
    bar.className = "rule-dialog-bar";
    const title = document.createElement("p");
    title.className = "rule-dialog-title";
    title.textContent = "From the rules";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "button button-small rule-dialog-close";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    bar.append(title, close);
    const body = document.createElement("div");
    body.className = "rule-dialog-body";
    dialog.append(bar, body);
    // A tap on the dimmed page around the dialog closes it too.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", giveFocusBack);
    document.body.append(dialog);
  }

  // Focus goes back to the "?" that opened the rule. A live redraw may have replaced it while
  // the dialog was open: then to the same "?" in the same part of the page.
  function giveFocusBack() {
    if (!opener) return;
    let target = opener.element;
    if (!target.isConnected) {
      const part = opener.partId ? document.getElementById(opener.partId) : document;
      target = part?.querySelector(`[data-rule-slug="${CSS.escape(opener.slug)}"]`);
    }
    target?.focus({ preventScroll: true });
    opener = null;
  }

  async function open(link) {
    if (loading) return;
    loading = true;
    try {
      const response = await fetch(link.dataset.ruleHelp, {
        headers: { "HX-Request": "true" },
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const html = await response.text();
      if (!dialog) build();
      // Our own server's rendering of the shipped SRD (raw HTML in it is escaped there).
      dialog.querySelector(".rule-dialog-body").innerHTML = html;
      dialog.setAttribute("aria-label", link.getAttribute("aria-label") || "Rule");
      opener = {
        element: link,
        slug: link.dataset.ruleSlug,
        partId: link.parentElement?.closest("[id]")?.id,
      };
      dialog.showModal();
      dialog.querySelector(".rule-dialog-body").scrollTop = 0;
    } catch {
      window.location.href = link.href;
    } finally {
      loading = false;
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-rule-help]");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link);
  });
})();
