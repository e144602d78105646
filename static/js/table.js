// The deal screen's taps (and a correction's): the tricks form's last row, a points keypad,
// double taps dropped, and the next control brought into the room the sticky parts leave.
// Only the pages with a table load it (templates/games/*.html), not every page: the
// notebook's first load stays under its budget (docs/performance.md). Once the page is up
// it imports the redraw's keeper (static/js/keep.js) where a table is swapped, and on the
// scorekeeper's deal screen (#outbox-words) the table's view with its outbox
// (static/js/offline.js; docs/phone.md "Offline").
let keeper = null; // static/js/keep.js, once imported

// The outbox comes once the page is up, not with its first load. A tap on the table's
// forms before it is up is held here, with its fields as tapped, and kept by the outbox as
// it starts; it is asked for again at that tap and when the connection comes back, if it
// did not come.
const outboxWords = document.getElementById("outbox-words");
const held = [];
let outboxUp = false;
let starting = null;
function startOutbox() {
  starting =
    starting ||
    import("./offline.js")
      .then((view) => view.start(outboxWords.dataset, held))
      .then(
        (started) => {
          outboxUp = true;
          // No session's state to go on from: the taps held go as htmx would have sent them.
          for (const { detail, form } of started ? [] : held.splice(0)) {
            form.querySelectorAll("button").forEach((button) => (button.disabled = false));
            detail.issueRequest(true);
          }
        },
        () => (starting = null),
      );
}
if (outboxWords) {
  document.addEventListener("htmx:confirm", (event) => {
    const elt = event.detail.elt;
    const form = elt && elt.closest && elt.closest("#table form");
    if (outboxUp || event.detail.verb !== "post" || !form) {
      return;
    }
    event.preventDefault();
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    const fields = Object.fromEntries(new FormData(form, submitter || undefined));
    held.push({ detail: event.detail, form, fields });
    for (const button of form.querySelectorAll("button")) {
      button.disabled = true; // like hx-disabled-elt, until the outbox has it
    }
    startOutbox();
  });
  window.addEventListener("online", () => outboxUp || startOutbox());
}

function whenUp() {
  // A player's own phone keeps its bid when the connection drops (static/js/seat.js).
  if (document.querySelector("[data-seat-words]")) {
    import("./seat.js").catch(() => {});
  }
  if (document.querySelector("#table")) {
    import("./keep.js").then((module) => (keeper = module), () => {});
  }
  if (outboxWords) {
    startOutbox();
  }
}
if (document.readyState === "complete") {
  whenUp();
} else {
  window.addEventListener("load", whenUp);
}

document.addEventListener("scorekeeper:restored", (event) => setUp(event.target));

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

// Points split between two teams ([data-split], data-total): the other team's points
// (total - x), the question for a team on 0 only at 0 or the total, and a big keypad.
function updateSplit(form) {
  const input = form.querySelector(".points-input");
  const other = form.querySelector("[data-other-team]");
  const took = form.querySelector("[data-took-trick]");
  const teams = Array.from(form.querySelectorAll('input[name="e.team"]'));
  const total = Number(form.dataset.total);
  const value = input.value === "" ? null : Number(input.value);
  const chosen = teams.findIndex((radio) => radio.checked);
  const otherLabel = teams[1 - chosen] ? teams[1 - chosen].parentElement.textContent.trim() : "";
  if (other) {
    other.textContent =
      value !== null && value >= 0 && value <= total ? `${otherLabel}: ${total - value}` : "";
  }
  if (took) {
    const ask = value === 0 || value === total;
    const appears = ask && took.hidden;
    took.hidden = !ask;
    if (appears) {
      // The question and Save below it in view: at 360 x 640 they fall under the edge.
      // The question and the last trick's keys below it in view, above the Save bar.
      bringIntoView(took, [form.querySelector(".last-trick")].filter(Boolean));
    }
  }
}

document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("[data-split]");
  if (form) {
    updateSplit(form);
  }
});
document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("[data-split]");
  if (form) {
    updateSplit(form);
  }
});
document.addEventListener("click", (event) => {
  const key = event.target.closest && event.target.closest("[data-numpad] [data-key]");
  if (!key) {
    return;
  }
  const form = key.closest("[data-split]");
  const input = form.querySelector(".points-input");
  const pressed = key.dataset.key;
  note(input); // the field a refusal is about, if it names none
  if (pressed === "clear") {
    input.value = "";
  } else if (pressed === "back") {
    input.value = input.value.slice(0, -1);
  } else if (input.value.length < 3) {
    input.value = input.value === "0" ? pressed : input.value + pressed;
  }
  updateSplit(form);
});

function setUp(root) {
  for (const form of root.querySelectorAll("[data-split]")) {
    for (const pad of form.querySelectorAll("[data-numpad]")) {
      pad.hidden = false;
    }
    updateSplit(form);
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
        "#table button:not([type=button]):not([data-repeatable])",
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

// Points split between two teams: a new value makes the last refusal out of date.
document.addEventListener("input", (event) => {
  const split = event.target.closest && event.target.closest("[data-split]");
  const error = split && split.closest("form").querySelector(".error");
  if (error) {
    error.remove();
  }
});

// The next control in view (issue 27): after an entry swaps the table, the reason it was
// refused with the field it names (below), or else the control a scorekeeper taps next
// ([data-next]; in a form of key rows, the first row without a key chosen), is scrolled
// into view only if it is not in view already; a poll's swap (another phone's entry) never
// moves the page. A line saying what was just scored ("Round 3 scored", "Deal 2: 45–75",
// or kept on the phone) comes into view with it, below the sticky totals, when it is
// news and they fit together. Entries go through
// the outbox (offline.js), which says "scorekeeper:entered" once the table is drawn again.
// The phone's own line while entries wait (offline.js): the last round kept, or the line
// of the deal worked out on the phone; else the server's.
const lastLine = () =>
  document.querySelector("#offline-table :is(.kept-rounds li:last-child, .last-line)") ||
  document.querySelector("#table .last-deal");
// The call, once the bids are in ("OVER by 1", "contracts: 5 against 8"), is news the same
// way: it comes into view above the first control of the play, before the line.
const theCall = () => document.querySelector("#table .announcement");
// What each says now, and whether it is news: it says something other than when the table
// was last drawn.
const said = new Map();
const differs = (name, element) => Boolean(element) && element.textContent !== said.get(name);
function isNews(name, element) {
  const news = differs(name, element);
  said.set(name, element ? element.textContent : "");
  return news;
}
isNews("line", lastLine());
isNews("call", theCall());
// `late`: the server's answer to entries kept on the phone, come late: the page may have
// moved (a table of another length), the player may be tapping on; the next control only,
// and only if it is out of view, no news brought in with it.
function nextInView({ late = false } = {}) {
  if (!late) {
    // The thumb looks anew: a line gone while it waited takes its room along (follow.js).
    document.dispatchEvent(new CustomEvent("scorekeeper:look-anew"));
  }
  stuck();
  const line = lastLine();
  const news = isNews("line", line);
  const call = theCall();
  const told = isNews("call", call);
  const refusal = document.querySelector(
    "#refused, #table .error[role=alert]",
  );
  if (refusal) {
    refusalInView(refusal);
    return;
  }
  const next = document.querySelector("#table [data-next]");
  const rows = next ? Array.from(next.querySelectorAll(".key-row")) : [];
  let target = rows.find((row) => !counted(row)) || next;
  const also = late ? [] : [told && call, news && line].filter(Boolean);
  if (target && target === next && also.length) {
    // A form taller than the room with the news: its first control, with the news (a row
    // is kept whole: the news gives way to it, below).
    const first = next.querySelector("input:not([type=hidden]), select, button");
    if (!fits(target, also) && first && fits(first, also)) {
      target = first;
    }
  }
  if (target) {
    // As much of the news as fits with it: the call first.
    let company = also;
    while (company.length > 1 && !fits(target, company)) {
      company = company.slice(0, -1);
    }
    bringIntoView(target, company);
  }
}
document.addEventListener("htmx:afterSwap", (event) => {
  const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
  if (verb === "post") {
    nextInView();
  }
});
document.addEventListener("scorekeeper:entered", () => nextInView());
document.addEventListener("scorekeeper:caught-up", () => nextInView({ late: true }));
// Offline, the phone's rules may answer after the table was drawn, with the call
// (offline-rounds.js `fill`): it comes into view then, as it would have with the entry.
document.addEventListener("scorekeeper:scored", () => {
  if (differs("call", theCall())) {
    nextInView();
  }
});

// A refused entry: the field to correct and the reason, both in view and neither under a
// sticky part (the reason of a round sticks with Save at the foot). The field is the one
// the refusal names (data-field: a field's name, or the start of a group's, "e.points"),
// marked invalid and described by the reason; else the one the player last changed in
// that form. A group that does not fit in the room (a round's tricks, one row a player,
// rows that wrap at 360 px) comes from the row last changed in it, the thumb's, up:
// not from its first row, which left the last ones under Save.
const touched = new Map(); // a form's action: the name of the field last changed in it
const note = (field) => {
  const form = field && field.form;
  if (form && field.name && form.closest("#table")) {
    touched.set(form.getAttribute("action"), field.name);
  }
};
document.addEventListener("change", (event) => note(event.target));
document.addEventListener("input", (event) => note(event.target));
function refusalInView(refusal) {
  const form = refusal.closest("form");
  const named = refusal.dataset.field;
  const fields = Array.from(form ? form.elements : []).filter((each) =>
    named ? each.name === named || each.name.startsWith(`${named}.`) : false,
  );
  const last = form && touched.get(form.getAttribute("action"));
  const changed = last && Array.from(form.elements).find((f) => f.name === last);
  const field = fields[0] || changed;
  if (!field) {
    bringIntoView(refusal);
    return;
  }
  for (const each of fields) {
    each.setAttribute("aria-invalid", "true");
    if (refusal.id) {
      each.setAttribute("aria-describedby", refusal.id);
    }
  }
  const place = (each) => each.closest(".key-row, .points-line, .points-row, fieldset") || each;
  const submit = form.querySelector("button[type=submit]");
  const also = [...fields.map(place), refusal, submit].filter(Boolean);
  const thumb = fields.includes(changed) && !fits(place(field), also) ? changed : field;
  bringIntoView(place(thumb), also);
}

// The sticky parts: a round game's totals (.score-chips, and the connection line above
// them), stuck at the top once the page scrolls, and its Save (.save-bar) at the foot.
// Their heights go to CSS too (--stuck-top, --stuck-bottom: rounds.css's scroll-margin),
// for the browser's own scrolling to a field.
function stuck(element) {
  const inTable = !element || element.closest("#table");
  const chips = inTable && document.querySelector("#table .score-chips");
  const bar = document.querySelector("#table .save-bar");
  const line = document.querySelector("#main > .connection:not([hidden])");
  const top = (chips ? chips.offsetHeight : 0) + (line ? line.offsetHeight : 0);
  const bottom = bar ? bar.offsetHeight : 0;
  document.documentElement.style.setProperty("--stuck-top", `${top}px`);
  document.documentElement.style.setProperty("--stuck-bottom", `${bottom}px`);
  return { top, bar: inTable && element && !element.closest(".save-bar") ? bar : null };
}

// The room the sticky parts leave for `element`, 8 px off each (Save covers what is above
// it only where it sticks, at the foot); and the box of `element` with `also` (what is
// inside the sticky Save is in view with it).
function room(element) {
  const sticky = stuck(element);
  const bar = sticky.bar;
  const bottom = window.innerHeight - (bar ? bar.offsetHeight : 0) - 8;
  return { top: sticky.top + 8, bottom };
}
function span(element, also) {
  const boxes = [element, ...also.filter((each) => !each.closest(".save-bar"))].map((each) =>
    each.getBoundingClientRect(),
  );
  return {
    top: Math.min(...boxes.map((box) => box.top)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}
function fits(element, also) {
  const { top, bottom } = room(element);
  const box = span(element, also);
  return box.bottom - box.top <= bottom - top;
}

// Into that room: `element`, with `also` when they fit together.
function bringIntoView(element, also = []) {
  const { top, bottom } = room(element);
  const box = fits(element, also) ? span(element, also) : span(element, []);
  if (box.top >= top && box.bottom <= bottom) {
    return;
  }
  const tall = box.bottom - box.top > bottom - top;
  window.scrollBy(0, tall || box.top < top ? box.top - top : box.bottom - bottom);
}
document.addEventListener("DOMContentLoaded", () => stuck());
window.addEventListener("resize", () => stuck());

// The tricks form: once a player's count is picked, the next player's row (or Score)
// comes into view if it is below the screen's edge. Every row filled (the last one
// fills itself when one is left): Score.
// A row's own key chosen (not a key of the bonuses it holds).
function counted(row) {
  return !!row.querySelector(":scope > .radio-keys input[type=radio]:checked");
}

// A round's key rows (the bids, then the tricks) the same way: the next row without
// a key chosen, else Save.
document.addEventListener("change", (event) => {
  const row =
    event.target.closest &&
    event.target.closest(".tricks-form .tricks-row, .round-form .key-row");
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
    const counts = details instanceof HTMLDetailsElement && details.matches(".counts");
    if (!counts || !details.open) {
      return;
    }
    const reopened = keeper && keeper.reopened;
    if (reopened && reopened.has(details)) {
      reopened.delete(details); // open again after a redraw: where it was
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
