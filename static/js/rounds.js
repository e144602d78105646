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
      bringNext(field);
    }
  });

  // What the round asks after its numbers, one tap each (a marriage's declarer, then a
  // talon's questions), comes into view above Save as the one before it is answered: after
  // the last number's Enter, the first question; after a chip, the next; each with as many
  // of the questions after it as the room holds. Only when not in view already. The room is
  // what the sticky totals and Save leave (their heights: --stuck-top, --stuck-bottom, set
  // by static/js/table.js), 8 px off each. At 360 x 640 the marriages sit below the points.
  const QUESTIONS = ".round-form fieldset.seat-pick, .round-form .talon fieldset.bonus-keys";
  function room() {
    const style = document.documentElement.style;
    const top = (parseFloat(style.getPropertyValue("--stuck-top")) || 0) + 8;
    const below = parseFloat(style.getPropertyValue("--stuck-bottom")) || 0;
    return { top, bottom: window.innerHeight - below - 8 };
  }
  function reveal(first, last) {
    const { top, bottom } = room();
    const start = first.getBoundingClientRect();
    const end = last.getBoundingClientRect().bottom;
    const shown = end - start.top <= bottom - top ? end : Math.min(start.bottom, start.top + bottom - top);
    if (start.top < top) {
      window.scrollBy(0, start.top - top);
    } else if (shown > bottom) {
      window.scrollBy(0, shown - bottom);
    }
  }
  function bringNext(after) {
    const form = after.closest("form");
    const questions = Array.from(form.querySelectorAll(QUESTIONS)).filter(
      (each) => each.offsetParent !== null,
    );
    const next = questions.find(
      (each) =>
        after.compareDocumentPosition(each) & Node.DOCUMENT_POSITION_FOLLOWING &&
        !each.contains(after),
    );
    if (next) {
      // The first of a group (the marriages) comes with the group's own legend.
      const group = next.parentElement.closest(".marriages, .talon");
      const first = group && group.querySelector(QUESTIONS) === next ? group : next;
      reveal(first, questions[questions.length - 1]);
    }
  }
  document.addEventListener("change", (event) => {
    const question = event.target.closest && event.target.closest(QUESTIONS);
    if (question) {
      bringNext(question);
    }
  });

  // Points split between two teams: once the team is chosen or a digit keyed, the keypad
  // stays in view with what follows it down to the last trick's keys (at 360 x 640 Save's
  // bar covered them).
  function splitInView(form) {
    const pad = form.querySelector("[data-numpad]");
    const last = form.querySelector(".last-trick");
    if (pad && last && !pad.hidden) {
      reveal(pad, last);
    }
  }
  document.addEventListener("change", (event) => {
    const form = event.target.closest && event.target.closest("[data-split]");
    if (form && event.target.name === "e.team") {
      splitInView(form);
    }
  });
  document.addEventListener("click", (event) => {
    const key = event.target.closest && event.target.closest("[data-numpad] [data-key]");
    const form = key && key.closest("[data-split]");
    if (form) {
      splitInView(form);
    }
  });

  // A key that stands for another key's value too (`data-picks="NAME=VALUE"`: a nil bid
  // made blind is the blind mark and the bid of 0, one tap): checked, it picks that value
  // of NAME; a tap on a key of NAME (the same value too: a plain nil) unchecks it. The
  // rules on the server judge what was picked.
  function picked(picker) {
    const at = picker.dataset.picks.indexOf("=");
    return [picker.dataset.picks.slice(0, at), picker.dataset.picks.slice(at + 1)];
  }
  document.addEventListener("change", (event) => {
    const picker = event.target;
    if (!picker.form || !picker.dataset || !picker.dataset.picks || !picker.checked) {
      return;
    }
    const [name, value] = picked(picker);
    const key = Array.from(picker.form.elements).find(
      (each) => each.name === name && each.value === value,
    );
    if (key && !key.checked) {
      key.checked = true;
      key.dispatchEvent(new Event("change", { bubbles: true })); // the next row comes
    }
  });
  document.addEventListener("click", (event) => {
    const key = event.target;
    if (!key.form || key.type !== "radio" || !key.name) {
      return;
    }
    for (const picker of key.form.querySelectorAll("[data-picks]")) {
      if (picker.checked && picked(picker)[0] === key.name) {
        picker.checked = false;
      }
    }
  });

  // A number the form adds up as it is entered (`data-sum-of`: the names of the fields it
  // adds, a team's contract from its partners' bids): the keys chosen and the values kept
  // (a bid made before the play). The form says what it adds; nothing here is a rule.
  function addUp(root) {
    for (const sum of root.querySelectorAll("[data-sum-of]")) {
      const form = sum.closest("form");
      if (!form) {
        continue;
      }
      let total = 0;
      for (const name of sum.dataset.sumOf.split(" ")) {
        for (const field of form.querySelectorAll(`input[name="${name}"]`)) {
          const counted = field.type === "hidden" || field.checked;
          if (counted && field.value !== "" && !Number.isNaN(Number(field.value))) {
            total += Number(field.value);
          }
        }
      }
      if (sum.textContent !== String(total)) {
        sum.textContent = String(total);
      }
    }
  }
  document.addEventListener("change", (event) => {
    const form = event.target.form;
    if (form && form.querySelector("[data-sum-of]")) {
      addUp(form);
    }
  });
  // Also when a form is drawn (a swap, the phone's own table offline): once a frame.
  let adding = false;
  function addUpSoon() {
    if (!adding) {
      adding = true;
      window.requestAnimationFrame(() => {
        adding = false;
        addUp(document);
      });
    }
  }
  document.addEventListener("DOMContentLoaded", () => {
    addUp(document);
    new MutationObserver(addUpSoon).observe(document.body, { childList: true, subtree: true });
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
