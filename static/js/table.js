// The deal screen's taps (and a correction's): the tricks form's last row, Kozel's keypad,
// double taps dropped, and the next control brought into the room the sticky parts leave.
// Only the pages with a table load it (templates/games/*.html), not every page: the
// notebook's first load stays under its budget (docs/performance.md). Once the page is up
// it brings the redraw's keeper (static/js/keep.js, data-keep) where a table is swapped.
(() => {
  "use strict";

  const script = document.currentScript;
  const bring = () => {
    if (script.dataset.keep && document.querySelector("#table, #kozel")) {
      window.scorekeeperLater([script.dataset.keep]).catch(() => {});
    }
  };
  if (document.readyState === "complete") {
    bring();
  } else {
    window.addEventListener("load", bring);
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
          "#table button:not([type=button]):not([data-repeatable]), " +
            "#kozel button:not([type=button]):not([data-repeatable])",
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
      const reopened = window.scorekeeperKeep && window.scorekeeperKeep.reopened;
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
})();
