// Scorekeeper's only script of its own. Pages work without it; it adds polish.

// Screen readers hear what a view announces after an htmx request:
//   trigger_client_event(response, "announce", "Deal 3 saved.")  (django_htmx.http)
// sends `HX-Trigger: {"announce": "Deal 3 saved."}`, and the text lands in the
// aria-live region #announcer from base.html.
document.addEventListener("announce", (event) => {
  const announcer = document.getElementById("announcer");
  const message = event.detail && event.detail.value;
  if (!announcer || typeof message !== "string") {
    return;
  }
  // Empty the region first so the same message twice is read twice.
  announcer.textContent = "";
  window.setTimeout(() => {
    announcer.textContent = message;
  }, 50);
});

// Tricks: when every row but one has a count, the last one is what remains.
document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest(".tricks-form");
  if (!form) {
    return;
  }
  const cards = Number(form.dataset.cards);
  const rows = Array.from(form.querySelectorAll(".tricks-row"));
  const open = [];
  let taken = 0;
  for (const row of rows) {
    const checked = row.querySelector("input[type=radio]:checked");
    if (checked) {
      taken += Number(checked.value);
    } else {
      open.push(row);
    }
  }
  if (open.length === 1 && cards - taken >= 0) {
    const last = open[0].querySelector(`input[type=radio][value="${cards - taken}"]`);
    if (last) {
      last.checked = true;
    }
  }
});

// Kozel: the other team's points (120 - x), the trick question only at 0 or 120,
// and a big keypad for the points.
function updateKozel(form) {
  const input = form.querySelector(".points-input");
  const other = form.querySelector("[data-other-team]");
  const took = form.querySelector("[data-took-trick]");
  const teams = Array.from(form.querySelectorAll("input[name=team]"));
  const value = input.value === "" ? null : Number(input.value);
  const chosen = teams.findIndex((radio) => radio.checked);
  const otherLabel = teams[1 - chosen] ? teams[1 - chosen].parentElement.textContent.trim() : "";
  if (other) {
    other.textContent = value !== null && value >= 0 && value <= 120 ? `${otherLabel}: ${120 - value}` : "";
  }
  if (took) {
    took.hidden = !(value === 0 || value === 120);
  }
}

document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("[data-kozel]");
  if (form) {
    updateKozel(form);
  }
});
document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("[data-kozel]");
  if (form) {
    updateKozel(form);
  }
});
document.addEventListener("click", (event) => {
  const key = event.target.closest && event.target.closest("[data-numpad] [data-key]");
  if (!key) {
    return;
  }
  const form = key.closest("[data-kozel]");
  const input = form.querySelector(".points-input");
  const pressed = key.dataset.key;
  if (pressed === "clear") {
    input.value = "";
  } else if (pressed === "back") {
    input.value = input.value.slice(0, -1);
  } else if (input.value.length < 3) {
    input.value = input.value === "0" ? pressed : input.value + pressed;
  }
  updateKozel(form);
});

function setUp(root) {
  for (const form of root.querySelectorAll("[data-kozel]")) {
    for (const pad of form.querySelectorAll("[data-numpad]")) {
      pad.hidden = false;
    }
    updateKozel(form);
  }
}
document.addEventListener("DOMContentLoaded", () => setUp(document));
document.addEventListener("htmx:afterSettle", (event) => setUp(event.target));
