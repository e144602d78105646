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
    other.textContent =
      value !== null && value >= 0 && value <= 120 ? `${otherLabel}: ${120 - value}` : "";
  }
  if (took) {
    const ask = value === 0 || value === 120;
    const appears = ask && took.hidden;
    took.hidden = !ask;
    if (appears) {
      // The question and Save below it in view: at 360 x 640 they fall under the edge.
      bringIntoView(form.querySelector(".save-row") || took);
    }
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

// Double taps: the first tap's answer can swap in new buttons (the next bidder's
// keys, the next trick) under the finger before the second tap lands, which would
// then count for the next player. A tap on the same spot as the one before, less
// than DOUBLE_TAP_MS after it, with a swap in between, is the second half of a
// double tap and is dropped. (Nobody at a table enters the next player's bid in
// under half a second.)
const DOUBLE_TAP_MS = 450;
const SAME_SPOT_PX = 24;
let swappedAt = 0;
let lastTap = { x: -1000, y: -1000, at: 0 };
document.addEventListener("htmx:afterSwap", () => {
  swappedAt = Date.now();
});
document.addEventListener(
  "click",
  (event) => {
    // Undo is left out: a person who means two undos gets two (the server's version
    // check already refuses a real double tap).
    const control =
      event.target.closest &&
      event.target.closest(
        "#table button:not([type=button]):not([data-repeatable]), #kozel button:not([type=button]):not([data-repeatable])",
      );
    const now = Date.now();
    if (!control) {
      lastTap = { x: event.clientX, y: event.clientY, at: now }; // a tap elsewhere in between
      return;
    }
    const sameSpot =
      Math.abs(event.clientX - lastTap.x) < SAME_SPOT_PX &&
      Math.abs(event.clientY - lastTap.y) < SAME_SPOT_PX;
    const doubled = sameSpot && now - lastTap.at < DOUBLE_TAP_MS && swappedAt > lastTap.at;
    if (doubled) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    lastTap = { x: event.clientX, y: event.clientY, at: now };
  },
  true,
);

// Kozel: a new value makes the last refusal out of date.
document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("[data-kozel]");
  const error = form && form.querySelector(".error");
  if (error) {
    error.remove();
  }
});

// A page whose screen is off or on another tab does not poll (it catches up within
// three seconds of coming back).
document.addEventListener("htmx:beforeRequest", (event) => {
  const path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
  if (path.includes("/live/") && document.visibilityState === "hidden") {
    event.preventDefault();
  }
});

// The next control in view (issue 27): after an entry swaps the table, the control a
// scorekeeper taps next ([data-next]) is scrolled into view only if it is not in view
// already; a poll's swap (another phone's entry) never moves the page.
document.addEventListener("htmx:afterSwap", (event) => {
  const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
  if (verb !== "post") {
    return;
  }
  const next = document.querySelector("#table [data-next], #kozel [data-next]");
  if (next) {
    bringIntoView(next);
  }
});

function bringIntoView(element) {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) {
    element.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest" });
  }
}

// The tricks form: once a player's count is picked, the next player's row (or Score)
// comes into view if it is below the screen's edge. Every row filled (the last one
// fills itself when one is left): Score.
document.addEventListener("change", (event) => {
  const row = event.target.closest && event.target.closest(".tricks-form .tricks-row");
  if (!row) {
    return;
  }
  const form = row.closest(".tricks-form");
  const rows = Array.from(form.querySelectorAll(".tricks-row"));
  const filled = rows.every((each) => each.querySelector("input[type=radio]:checked"));
  const next = filled ? form.querySelector("button[type=submit]") : row.nextElementSibling;
  if (next) {
    bringIntoView(next);
  }
});

// The tricks form, opened (in the trick buttons' place, app.css): if it runs past the
// screen's edge, the page scrolls up by what it needs, at most until the summary is at
// the top. A form taller than the screen (13 cards at 360 x 640) shows what fits; the
// handler above brings the next row, then Score, into view as the rows fill.
// "toggle" does not bubble: it is caught on its way down.
document.addEventListener(
  "toggle",
  (event) => {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement) || !details.matches(".counts") || !details.open) {
      return;
    }
    const box = details.getBoundingClientRect();
    const room = 8; // px below Score, off the screen's very edge
    if (box.bottom + room > window.innerHeight) {
      window.scrollBy(0, Math.min(box.bottom + room - window.innerHeight, box.top));
    }
  },
  true,
);

// New session: a name added with Enter leaves the cursor in the name field, for the next.
// The form the answer swapped in says so (data-focus), whatever htmx's own focus keeping
// found focused when the answer came.
document.addEventListener("htmx:afterSwap", () => {
  const form = document.getElementById("new-session");
  if (form && form.dataset.focus) {
    const field = document.getElementById(form.dataset.focus);
    if (field) {
      field.focus();
    }
  }
});
