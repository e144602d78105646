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

// A redraw keeps what the player has open, chosen or focused (issue 38). The server's table
// comes again with every answer and poll (htmx swaps #table or #kozel whole), and the phone
// draws its own while entries wait (static/js/offline.js): a form opened, a count chosen but
// not yet sent, the control in focus, all stay, in every game's table. A part is known by
// what it is for, the same in the server's table and the phone's: a form by its action and
// hidden fields (the deal, the seat: data-action, or its URL), a <details> by its class and
// its form, else its summary. What the server changed is the server's: a form that is gone
// is not brought back, nor a value the new table draws otherwise than the old one did; a
// form that was sent keeps nothing.
const keeper = (() => {
  const ROOTS = "#table, #kozel";
  const OWN = new Set(["idem", "csrfmiddlewaretoken"]);
  const sent = new WeakSet();
  const reopened = new WeakSet();
  document.addEventListener("submit", (event) => sent.add(event.target), true);

  const text = (element) => (element ? element.textContent.replace(/\s+/g, " ").trim() : "");
  function formKey(form) {
    const hidden = Array.from(form.querySelectorAll("input[type=hidden]"))
      .filter((input) => !OWN.has(input.name))
      .map((input) => `${input.name}=${input.value}`)
      .sort();
    return [form.dataset.action || form.getAttribute("action") || "", ...hidden].join("&");
  }
  function detailsKey(details) {
    const form = details.querySelector("form");
    return `${details.className}|${form ? formKey(form) : text(details.querySelector("summary"))}`;
  }
  // Each element found by its key; the same key twice is told apart by its place.
  function keyed(elements, keyOf) {
    const found = new Map();
    for (const element of elements) {
      const key = keyOf(element);
      let n = 0;
      while (found.has(`${key}#${n}`)) {
        n += 1;
      }
      found.set(`${key}#${n}`, element);
    }
    return found;
  }
  // A field as the page drew it, and as the player has it now.
  function field(form, name) {
    const all = Array.from(form.elements).filter((each) => each.name === name);
    const first = all[0];
    if (!first || first.type === "hidden" || first.type === "submit" || first.type === "button") {
      return null;
    }
    if (first.type === "radio" || first.type === "checkbox") {
      const values = (pick) => all.filter(pick).map((each) => each.value).join("\n");
      return {
        drawn: values((each) => each.defaultChecked),
        now: values((each) => each.checked),
        set(value) {
          const chosen = value.split("\n");
          all.forEach((each) => {
            each.checked = chosen.includes(each.value);
          });
        },
      };
    }
    if (first.tagName === "SELECT") {
      const options = Array.from(first.options);
      const values = (pick) => options.filter(pick).map((each) => each.value).join("\n");
      return {
        drawn: values((each) => each.defaultSelected),
        now: values((each) => each.selected),
        set(value) {
          const chosen = value.split("\n");
          options.forEach((each) => {
            each.selected = chosen.includes(each.value);
          });
        },
      };
    }
    return {
      drawn: first.defaultValue,
      now: first.value,
      set(value) {
        first.value = value;
      },
    };
  }
  function names(form) {
    return new Set(Array.from(form.elements, (each) => each.name).filter(Boolean));
  }

  function capture(root) {
    if (!root || !root.matches || !root.matches(ROOTS)) {
      return null;
    }
    const open = [];
    for (const [key, details] of keyed(root.querySelectorAll("details"), detailsKey)) {
      const form = details.querySelector("form");
      if (details.open && !(form && sent.has(form))) {
        open.push(key);
      }
    }
    const chosen = new Map();
    for (const [key, form] of keyed(root.querySelectorAll("form"), formKey)) {
      if (sent.has(form)) {
        continue;
      }
      const changed = [];
      for (const name of names(form)) {
        const now = field(form, name);
        if (now && now.now !== now.drawn) {
          changed.push([name, now.drawn, now.now]);
        }
      }
      if (changed.length) {
        chosen.set(key, changed);
      }
    }
    let focus = null;
    const active = document.activeElement;
    if (active && root.contains(active) && active !== root) {
      const form = active.form || null;
      const details = active.tagName === "SUMMARY" && active.parentElement;
      const oneOfMany = ["radio", "checkbox"].includes(active.type) || active.tagName === "BUTTON";
      focus = {
        details: details ? detailsKey(details) : null,
        form: form && !sent.has(form) ? formKey(form) : null,
        name: active.name || "",
        value: oneOfMany ? active.value : null, // which of the fields of that name
        index: form ? Array.from(form.elements).indexOf(active) : -1, // a key of a keypad
        id: active.id,
        start: active.selectionStart,
        end: active.selectionEnd,
      };
    }
    return { id: root.id, open, chosen, focus };
  }

  function restore(kept) {
    const root = kept && document.getElementById(kept.id);
    if (!root) {
      return;
    }
    const details = keyed(root.querySelectorAll("details"), detailsKey);
    for (const key of kept.open) {
      const again = details.get(key);
      if (again && !again.open) {
        reopened.add(again); // no scrolling for it: it was open already
        again.open = true;
      }
    }
    const forms = keyed(root.querySelectorAll("form"), formKey);
    for (const [key, changed] of kept.chosen) {
      const form = forms.get(key);
      for (const [name, drawn, now] of form ? changed : []) {
        const again = field(form, name);
        if (again && again.drawn === drawn) {
          again.set(now); // drawn as before: the player's choice stands
        }
      }
    }
    setUp(root); // what the page's script shows of them (Kozel's keypad, the other team)
    const focus = kept.focus;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focus && lost) {
      let target = null;
      if (focus.details) {
        const again = details.get(`${focus.details}#0`);
        target = again && again.querySelector("summary");
      } else if (focus.form) {
        const form = Array.from(forms.values()).find((each) => formKey(each) === focus.form);
        const fields = Array.from(form ? form.elements : []);
        const same = fields.filter((each) => focus.name && each.name === focus.name);
        target = focus.name
          ? same.find((each) => focus.value === null || each.value === focus.value)
          : fields[focus.index];
      } else if (focus.id) {
        target = document.getElementById(focus.id);
      }
      if (target && root.contains(target)) {
        target.focus({ preventScroll: true });
        if (focus.start !== null && focus.start !== undefined && target.setSelectionRange) {
          try {
            target.setSelectionRange(focus.start, focus.end);
          } catch (error) {
            // a field without a selection (a number): the focus is enough
          }
        }
      }
    }
    root.dispatchEvent(new CustomEvent("scorekeeper:restored", { bubbles: true }));
  }

  // htmx's own swaps (the poll, an answer it swaps itself); offline.js holds one for its own.
  let pending = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    pending = capture(event.detail.target);
  });
  document.addEventListener("htmx:afterSwap", () => {
    const kept = pending;
    pending = null;
    restore(kept);
  });
  document.addEventListener("htmx:afterRequest", () => {
    pending = null;
  });
  return {
    capture,
    restore,
    reopened,
    hold(kept) {
      pending = kept; // what capture() took, for the next swap
    },
  };
})();
window.scorekeeperKeep = keeper;

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

// The next control in view (issue 27): after an entry swaps the table, the reason it was
// refused (the outbox's #refused, offline-parts.js, or the form's own), or else the control
// a scorekeeper taps next ([data-next]; in a form of key rows, the first row without a key
// chosen), is scrolled into view only if it is not in view already; a poll's swap (another
// phone's entry) never moves the page. Entries go through the outbox (offline.js), which
// says "scorekeeper:entered" once the table is drawn again.
function nextInView() {
  const refusal = document.querySelector(
    "#refused, #table .error[role=alert], #kozel .error[role=alert]",
  );
  const next = document.querySelector("#table [data-next], #kozel [data-next]");
  const rows = next ? Array.from(next.querySelectorAll(".key-row")) : [];
  const open = rows.find((row) => !counted(row));
  const target = refusal || open || next;
  if (target) {
    bringIntoView(target);
  }
}
document.addEventListener("htmx:afterSwap", (event) => {
  const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
  if (verb === "post") {
    nextInView();
  }
});
document.addEventListener("scorekeeper:entered", nextInView);

// Into the room the sticky parts leave: below a round game's totals (.score-chips, stuck
// at the top once the page scrolls) and above its Save (.save-bar, stuck at the foot).
function bringIntoView(element) {
  const box = element.getBoundingClientRect();
  const chips = element.closest("#table") && document.querySelector("#table .score-chips");
  const bar = !element.closest(".save-bar") && document.querySelector("#table .save-bar");
  const room = 8; // px off a sticky edge
  const top = chips ? chips.offsetHeight + room : 0;
  const foot = bar ? Math.min(window.innerHeight, bar.getBoundingClientRect().top - room) : 0;
  const bottom = bar ? foot : window.innerHeight;
  if (box.top >= top && box.bottom <= bottom) {
    return;
  }
  const tall = box.height > bottom - top;
  window.scrollBy(0, tall || box.top < top ? box.top - top : box.bottom - bottom);
}

// The tricks form: once a player's count is picked, the next player's row (or Score)
// comes into view if it is below the screen's edge. Every row filled (the last one
// fills itself when one is left): Score.
// A row's own key chosen (not a key of the bonuses it holds).
function counted(row) {
  return !!row.querySelector(":scope > .radio-keys input[type=radio]:checked");
}

// A round's key rows (Skull King's bids, then tricks) the same way: the next row without
// a key chosen, else Save.
document.addEventListener("change", (event) => {
  const row =
    event.target.closest && event.target.closest(".tricks-form .tricks-row, .round-form .key-row");
  if (!row || event.target.closest(".bonus-open")) {
    return; // a bonus is not the row's count
  }
  const form = row.closest("form");
  const rows = Array.from(form.querySelectorAll(".tricks-row"));
  const filled = rows.every(counted);
  const after = rows.slice(rows.indexOf(row) + 1).concat(rows.slice(0, rows.indexOf(row)));
  const open = after.find((each) => !counted(each));
  const next = filled ? form.querySelector("button[type=submit]") : open;
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
    if (keeper.reopened.has(details)) {
      keeper.reopened.delete(details); // open again after a redraw: where it was
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
      // Focusing a field that kept the focus through the swap does not scroll to it: the
      // list of players above it grew, so bring it into view (360 x 640, the third name).
      field.scrollIntoView({ block: "nearest" });
    }
  }
});
