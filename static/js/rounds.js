// The forms of the games scored round by round (templates/games/_rounds_head.html).
(function () {
  "use strict";

  // ± beside a number the phone's keypad may not let you sign (iOS numeric has no minus):
  // the entry's sign flips; the rules on the server judge the number.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-negate]");
    if (!button) {
      return;
    }
    const input = document.getElementById(button.dataset.negate);
    const text = input.value.trim();
    input.value = text.startsWith("-") || text.startsWith("−") ? text.slice(1) : "-" + text;
    input.focus();
  });

  // A number typed, the keyboard's Enter ("next", enterkeyhint) goes to the next number
  // of the round, brought into view above Save; after the last one the keyboard closes
  // (the marriages or the talon may follow): a round is saved by Save only.
  document.addEventListener("keydown", (event) => {
    const field = event.target;
    if (event.key !== "Enter" || !field.matches || !field.matches(".round-form .points-input")) {
      return;
    }
    const fields = Array.from(field.form.querySelectorAll(".points-input")).filter(
      (each) => !each.disabled && each.offsetParent !== null,
    );
    const next = fields[fields.indexOf(field) + 1];
    event.preventDefault();
    if (next) {
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: "nearest" });
    } else {
      field.blur();
    }
  });

  // A box that sets a part of the form aside ("given up": no card points to enter): its
  // fields are disabled, so they are not sent. The rules on the server decide the rest.
  function applyDisables(box) {
    const part = document.getElementById(box.dataset.disables);
    if (part) {
      part.hidden = box.checked;
      for (const field of part.querySelectorAll("input, select")) {
        field.disabled = box.checked;
      }
    }
  }
  document.addEventListener("change", (event) => {
    if (event.target.matches && event.target.matches("[data-disables]")) {
      applyDisables(event.target);
    }
  });
  // Also after a redraw that kept the player's choices (app.js): a box they ticked.
  for (const name of ["DOMContentLoaded", "htmx:afterSettle", "scorekeeper:restored"]) {
    document.addEventListener(name, () =>
      document.querySelectorAll("[data-disables]").forEach(applyDisables),
    );
  }
})();
