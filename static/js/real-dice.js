// Real dice: the 1–6 pad beside each faces field. A tap adds that face to the field ("5 2 1"),
// Undo takes the last one back; the field itself can always be typed in, so without this
// script (or on a laptop) nothing is lost. Listening on the document keeps the pads of
// panels the live stream redraws working.
(() => {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-face], [data-face-back]");
    if (!button) return;
    const field = document.getElementById(button.dataset.for);
    if (!field) return;
    const faces = field.value.trim().split(/[\s,;]+/).filter(Boolean);
    if (button.hasAttribute("data-face-back")) {
      faces.pop();
    } else {
      faces.push(button.dataset.face);
    }
    field.value = faces.join(" ");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
