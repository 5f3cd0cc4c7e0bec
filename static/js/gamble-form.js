// What the scripts of a Gamble form share: the table's (table.js, the player's own panel) and
// the Director's Roll-for page's (roll-for.js). Loaded before either.
window.gambleForm = {
  // Whether the form has been built since it was drawn (a box ticked, a word typed, kept
  // through a redraw or put back by the browser): the server drew its odds line for the empty
  // form, so only then is the line asked for again, for the pool as it stands.
  built: (form) =>
    Array.from(form.elements).some((field) =>
      ["checkbox", "radio"].includes(field.type)
        ? field.checked !== field.defaultChecked
        : "defaultValue" in field && field.value !== field.defaultValue,
    ),
};
