// The table of a game scored round by round, drawn on this phone while entries wait (the
// drawing's `forms`, static/js/offline-drawing.js): the totals, places and each kept round's
// points and explanations worked out by games.rules itself on this phone
// (static/js/phone-rules.js: MicroPython in a worker), and the next round's form as the
// server drew it ahead with the game's own template (games/screens/rounds.py, `ahead`):
// where it drew that form more than one way (the rules' FORM_VARIANTS), the one the rules
// on this phone name for the bids in (their answer's `form`). Nothing here decides a rule.
import { capture, restore } from "./keep.js";
import { rounds } from "./model.js";
import { askRules, escape, phoneRules } from "./offline-parts.js";
import { pendingNote, undoRow } from "./offline-table.js";
import { newKey } from "./outbox.js";

// A label's own words: without the hints, badges and hidden words beside them, or the
// control it holds ("Contract", not "Contract 100–400, steps of 5").
function wordsOf(label) {
  const copy = label.cloneNode(true);
  for (const extra of copy.querySelectorAll(
    ".muted, .visually-hidden, .dealer-tag, [aria-hidden=true], select, input, br",
  )) {
    extra.replaceWith(" ");
  }
  return copy.textContent;
}

// The words a control of the form drawn ahead is known by: its label, else its own name.
function labelOf(control, holder) {
  const byFor = control.id && holder.querySelector(`label[for="${control.id}"]`);
  if (byFor) {
    return wordsOf(byFor);
  }
  if (control.getAttribute("aria-label")) {
    return control.getAttribute("aria-label");
  }
  const around = control.closest("label");
  return around ? wordsOf(around) : control.name;
}

const clean = (text) => text.replace(/\s+/g, " ").trim();
// A number as the server writes it: "−5", with the true minus sign.
const signed = (value) => String(value).replace(/^-(?=\d)/, "\u2212");
// "Anna: bid" + "1" -> "Anna: bid 1"; "♦ diamonds (80)" + "A" -> "♦ diamonds (80): A".
const joined = (label, value) =>
  label.includes(":") ? `${label} ${value}` : `${label}: ${value}`;

// The fieldsets a control sits in, outermost first, by their visible legends ("Anna",
// "Loot: allied with"): the group its words go under.
function groupOf(control, form) {
  const legends = [];
  for (let box = control.closest("fieldset"); box && form.contains(box);) {
    const legend = box.querySelector(":scope > legend");
    // A row of keys (data-label) says its own words with its value: "Anna: bid 1".
    if (legend && !legend.classList.contains("visually-hidden") && !box.dataset.label) {
      legends.unshift(clean(legend.textContent));
    }
    box = box.parentElement && box.parentElement.closest("fieldset");
  }
  return legends.join(" · ");
}

// A round kept on this phone, said with the words of its own form (drawn ahead by the
// server): "Anna: bid 1, Ben: bid 0", "Card points (…) · A 57, B 38". What a form has by
// default is left out.
function said(holder, fields) {
  const groups = new Map();
  const add = (control, part) => {
    const group = groupOf(control, holder);
    groups.set(group, [...(groups.get(group) || []), part]);
  };
  const byName = new Map(); // name -> its controls, in order: the form read once
  for (const each of holder.querySelectorAll("[name]")) {
    byName.set(each.name, [...(byName.get(each.name) || []), each]);
  }
  for (const [name, value] of Object.entries(fields)) {
    const controls = byName.get(name) || [];
    const control = controls[0];
    if (!control || (control.type === "hidden" && !control.dataset.label)) {
      continue;
    }
    const row = control.closest("[data-label]");
    if (control.type === "hidden") {
      add(control, joined(control.dataset.label, signed(value))); // a bid made before the play
    } else if (control.type === "radio" && row) {
      // A row of keys: "Anna: bid 1"; its key checked by default (0 bonuses) goes unsaid.
      const chosen = controls.find((each) => each.value === value) || control;
      if (!chosen.defaultChecked) {
        add(chosen, joined(row.dataset.label, clean(labelOf(chosen, holder))));
      }
    } else if (control.type === "radio" || control.type === "checkbox") {
      const chosen = controls.find((each) => each.value === value) || control;
      add(chosen, clean(labelOf(chosen, holder)));
    } else if (control.tagName === "SELECT") {
      const option = Array.from(control.options).find((each) => each.value === value);
      const fallback = control.querySelector("option[selected]") || control.options[0];
      if (option && option !== fallback) {
        add(control, joined(clean(labelOf(control, holder)), clean(option.textContent)));
      }
    } else if (value !== "") {
      add(control, `${clean(labelOf(control, holder))} ${signed(value)}`);
    }
  }
  // Each player named once: "Anna: bid 1", "Anna: tricks taken 1" and the bonuses under
  // "Anna" make "Anna: bid 1, tricks taken 1, Black 14".
  const named = new Map();
  for (const [group, parts] of groups) {
    for (const part of parts) {
      const at = group ? -1 : part.indexOf(": ");
      const who = group || (at > 0 ? part.slice(0, at) : "");
      const one = named.get(who) || { joint: group ? " · " : ": ", parts: [] };
      one.parts.push(at > 0 ? part.slice(at + 2) : part);
      named.set(who, one);
    }
  }
  return Array.from(named, ([who, { joint, parts }]) =>
    who ? `${who}${joint}${parts.join(", ")}` : parts.join(", "),
  ).join("; ");
}

// The form drawn ahead for a round's phase: "<round>:<phase>", or where the server drew it
// more than one way (`ahead`), "<round>:<phase>:<variant>" for the way ``variant`` the rules
// named. Its key and HTML; the default where the rules named none (or cannot: no rules).
function formAt(ahead, number, phase, variant) {
  const key = `${number}:${phase || "play"}`;
  const named = variant && `${key}:${variant}`;
  return named && ahead.forms[named]
    ? { key: named, html: ahead.forms[named] }
    : { key, html: ahead.forms[key] };
}

// The form a round kept here was entered on: of the ways its phase was drawn, the one that
// has each of its fields (a round's tricks per team are said with the words of that form).
function enteredOn(ahead, number, phase, fields) {
  const key = `${number}:${phase || "play"}`;
  const drawn = Object.keys(ahead.forms).filter((each) => each.startsWith(`${key}:`));
  const names = Object.keys(fields).filter((name) => name.startsWith("e."));
  const holds = (each) => names.every((name) => ahead.forms[each].includes(`name="${name}"`));
  const found = [key, ...drawn].find((each) => ahead.forms[each] && holds(each));
  return ahead.forms[found || key];
}

// A round kept on this phone, said with the words of its form drawn ahead (its title and
// what was entered), or null where no form was drawn for it.
// Said once for each round kept: a form is parsed only for a round not yet said.
const sayings = new WeakMap(); // ahead -> Map(round, phase and fields -> what is said)
function keptRound(ahead, number, phase, fields) {
  const html = enteredOn(ahead, number, phase, fields);
  if (!html) {
    return null;
  }
  if (!sayings.has(ahead)) {
    sayings.set(ahead, new Map());
  }
  const known = sayings.get(ahead);
  const key = JSON.stringify([number, phase, fields]);
  if (!known.has(key)) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const title = holder.querySelector("#round-title");
    known.set(key, {
      title: title ? title.textContent : String(number),
      said: said(holder, fields),
    });
  }
  return known.get(key);
}

// "Round 2 (not sent yet): Anna: bid 1", as a list's lines.
function keptLines(words, kept) {
  const lines = kept
    .filter(Boolean)
    .map(
      (one) =>
        `<li><strong>${escape(one.title)}</strong> ${pendingNote(words)}: ` +
        `${escape(one.said)}</li>`,
    )
    .join("");
  return lines ? `<ol class="kept kept-rounds">${lines}</ol>` : "";
}

// The bids kept, before their round is played (``all``: the rounds too, where the rules
// do not score them).
function keptBids(ahead, entered, all = false) {
  const kept = entered
    .filter((each) => all || each.phase === "bids")
    .map(({ number, phase, fields }) => keptRound(ahead, number, phase, fields));
  return keptLines(ahead.words, kept);
}

// -- the figures, from the rules on this phone ------------------------------------------

// A number as the round games write it (the `points` filter): "−10", "+25" with ``sign``.
function points(value, sign = "") {
  if (typeof value !== "number") {
    return "\u2013";
  }
  if (value < 0) {
    return `\u2212${-value}`;
  }
  return sign === "+" && value > 0 ? `+${value}` : String(value);
}

// What the rules are asked: the rounds as the server has them (or as its Undo would leave
// them), each round kept here as its form's fields, and whether the table ended the game.
function asked(server, entries) {
  const game = server.rules;
  let rounds = game.rounds;
  let ended = game.ended;
  let kept = [];
  for (const entry of entries) {
    if (entry.action === "undo" && server.undo && server.undo.rounds) {
      rounds = server.undo.rounds;
      ended = server.undo.ended;
      kept = [];
    } else if (entry.action === "round") {
      const fields = {};
      for (const [name, value] of Object.entries(entry.fields)) {
        if (name.startsWith("e.")) {
          fields[name] = value;
        }
      }
      kept.push({ number: Number(entry.fields.deal), fields });
    } else if (entry.action === "end_game") {
      ended = true;
    }
  }
  return { rounds, ended, kept };
}

const answers = new Map(); // what was asked (its key) -> the rules' answer
let shown = null; // the last drawing's inputs, to fill its figures in when they come

function ask(server, question, key) {
  const files = server.phone_rules;
  const game = server.rules;
  answers.set(key, null); // asked
  const scoring = (module) =>
    module.score(
      files,
      game.game,
      game.options,
      game.players,
      game.first_dealer,
      question.rounds,
      question.ended,
      {
        kept: question.kept.map((each) => each.fields),
        since: question.rounds.length,
        bids: question.bids,
      },
    );
  // With the module here, the question goes to the worker at once: the rules work while
  // this thread draws the rest of the table.
  askRules(files, scoring)
    .then(
      (answer) => answers.set(key, answer),
      () => answers.set(key, { failed: true }),
    )
    .then(() => {
      if (answers.size > 20) {
        answers.delete(answers.keys().next().value); // the oldest
      }
      fill(key);
    });
}

// The figures drawn into the table already on screen, when the rules answer after it; and
// the form, where they name another way to draw it for the bids in than the one drawn (the
// default, drawn while they worked): only the form is drawn again, and what the player chose
// in it meanwhile stays where the new one has the same fields (keep.js).
function fill(key) {
  const holder = document.querySelector("#offline-table [data-phone-scores]");
  if (!shown || !holder || holder.dataset.phoneScores !== key) {
    return;
  }
  holder.innerHTML = figures(shown, answers.get(key));
  const form = document.querySelector("#offline-table [data-phone-form]");
  const answer = answers.get(key);
  if (form && answer && answer.finished) {
    form.hidden = true;
  }
  const at = shown.at;
  const named = at && answer && !answer.failed ? answer.form : null;
  const wanted = named && formAt(shown.ahead, at.number, at.phase, named);
  if (form && wanted && wanted.html && form.dataset.formKey !== wanted.key) {
    const kept = capture(document.getElementById("table"));
    form.innerHTML = formFor(wanted.html, at.bids);
    form.dataset.formKey = wanted.key;
    restore(kept);
  }
  // Said for the tests and docs/phone.md's figures: the rules' time and their start.
  const detail = { ms: answer && answer.ms, startMs: answer && answer.startMs };
  document.dispatchEvent(new CustomEvent("scorekeeper:scored", { detail }));
}

// Every total and place: the chips the server draws (templates/games/_rounds_table.html).
function chips(words, names, answer, line) {
  const sides = answer.sides.map((seats, side) => ({
    side,
    name: names[side],
    total: answer.totals[side],
    place: answer.places[side],
    mark: answer.marks[side],
    out: answer.out.includes(side),
    winner: answer.winners.includes(side),
  }));
  sides.sort((one, other) => one.place - other.place || one.side - other.side);
  const items = sides.map(
    (side) =>
      `<li class="score-chip${side.winner ? " winner" : ""}${side.out ? " out" : ""}">` +
      `<span class="place">${side.place}.</span> ` +
      `<span class="standing-name">${escape(side.name)}</span> ` +
      `<strong class="standing-total">${points(side.total)}</strong>` +
      (side.mark ? ` <span class="chip-mark">${escape(line(side.mark))}</span>` : "") +
      (side.winner ? `<span class="visually-hidden"> (${escape(words.winner)})</span>` : "") +
      "</li>",
  );
  return `<ol class="score-chips" aria-label="${escape(words.totals)}">${items.join("")}</ol>`;
}

// A round kept here, scored: its points beside each name; open, how they came to be.
function scoredRound(words, names, line, kept, scored) {
  const title = words.scored.replace("%(n)s", String(scored.plan.number));
  const cells = names.map(
    (name, side) => ` \u00b7 ${escape(name)} ${points(scored.points[side], "+")}`,
  );
  const notes = scored.notes.map((note) => `<p class="small muted">${escape(line(note))}</p>`);
  const whys = names.map(
    (name, side) =>
      `<p class="why-title">${escape(name)}</p><ul>${scored.whys[side]
        .map((why) => `<li>${escape(line(why))}</li>`)
        .join("")}</ul>`,
  );
  const summary =
    `<summary><span class="done-line"><strong>${escape(title)}</strong> ` +
    `${pendingNote(words)}${cells.join("")}</span></summary>`;
  const entered = kept ? `<p class="small kept-said">${escape(kept.said)}</p>` : "";
  const inside = entered + notes.join("") + whys.join("");
  return `<details class="panel last-deal kept-round">${summary}${inside}</details>`;
}

// The scores part of the table: the rules' figures, or the server's last totals while
// they are worked out (or where the rules could not start: no connection before the
// files were kept), with the kept rounds as entered.
function figures({ server, ahead, question, serverChips, call: looked }, answer) {
  const announced = (call) =>
    call ? `<p class="announcement call-even">${escape(call)}</p>` : "";
  const words = ahead.words;
  const names = server.rules.sides;
  const said = question.kept.map(({ number, fields }) => keptRound(ahead, number, null, fields));
  if (!answer || answer.failed || !answer.sides) {
    return [
      serverChips,
      keptLines(words, said),
      announced(looked),
      // No answer yet: being worked out. No rules (their files never came) or a refusal of
      // the rounds the server has (another version's rules): the server scores them. Below
      // the call, so that the answer's table, drawn without it, moves nothing above.
      `<p class="small muted">${escape(answer ? words.later : words.scoring)}</p>`,
    ].join("");
  }
  const line = (why) => phoneRules().line(why, ahead.catalogue);
  const refusedAt = answer.refused ? answer.refused.index : question.kept.length;
  const rounds = question.kept.map((kept, index) => {
    if (index < refusedAt) {
      return scoredRound(words, names, line, said[index], answer.rounds[index]);
    }
    const one = said[index] || { title: String(kept.number), said: "" };
    const why =
      index === refusedAt
        ? `<p class="error">${escape(phoneRules().refusal(answer.refused.error, ahead.catalogue))}</p>`
        : `<p class="small muted">${escape(words.not_scored)}</p>`;
    const title = `<strong>${escape(one.title)}</strong> ${pendingNote(words)}`;
    return `<div class="panel kept-round"><p>${title}: ${escape(one.said)}</p>${why}</div>`;
  });
  // "Winner: Anna", "Winners, sharing the win: Anna, Ben", in the page's plural forms.
  const winners = answer.winners.map((side) => names[side]);
  const wonBy = (words.winners[winners.length] || words.winners[1] || "").replace(
    "%(names)s",
    winners.join(", "),
  );
  const won =
    answer.finished && winners.length
      ? `<p class="announcement call-even">${escape(wonBy)}</p>`
      : "";
  // The call for the bids in, as the rules on this phone say it (the game's own call).
  const called = answer.finished ? "" : announced(answer.call ? line(answer.call) : looked);
  return chips(words, names, answer, line) + rounds.join("") + won + called;
}

// With the rules' answer at hand (a redraw), the table is drawn whole; otherwise the
// server's last totals stand in until it comes (`fill`). ``at``: the round and phase whose
// form the table shows, and the bids in, or null.
function scores(server, ahead, entries, serverChips, bids, call, at) {
  const question = { ...asked(server, entries), bids };
  const key = JSON.stringify([
    server.version,
    question.rounds.length,
    question.ended,
    question.kept,
    bids,
  ]);
  shown = { server, ahead, question, serverChips, call, at };
  if (!answers.has(key)) {
    ask(server, question, key);
  }
  const answer = answers.get(key);
  return {
    html: `<div data-phone-scores="${escape(key)}">${figures(shown, answer)}</div>`,
    finished: Boolean(answer && answer.finished),
    form: answer && !answer.failed ? answer.form : null, // the way the rules name, if any
  };
}

// The form drawn ahead, with a fresh once-only key and the bids already in.
function formFor(html, bids) {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  for (const key of holder.querySelectorAll("input[name=idem]")) {
    key.value = newKey();
    key.setAttribute("value", key.value);
  }
  // A bid beside the player's tricks: the value kept ("Bid 1"), or the words the server
  // drew for it (`data-said`, keyed by the values of the fields named, "0 true": "Blind nil").
  for (const shown of holder.querySelectorAll("[data-bid-of]")) {
    const names = shown.dataset.bidOf.split(" ");
    if (names.every((name) => name in (bids || {}))) {
      const value = names.map((name) => bids[name]).join(" ");
      const said = shown.dataset.said ? JSON.parse(shown.dataset.said) : {};
      shown.textContent = value in said ? said[value] : value;
    }
  }
  for (const [name, value] of Object.entries(bids || {})) {
    for (const field of holder.querySelectorAll(`input[name="${name}"]`)) {
      if (field.type === "hidden") {
        field.setAttribute("value", value);
      } else if (field.type === "radio") {
        field.toggleAttribute("checked", field.value === value);
      }
    }
    for (const option of holder.querySelectorAll(`select[name="${name}"] option`)) {
      if (option.value === value) {
        option.setAttribute("selected", "");
      } else {
        option.removeAttribute("selected");
      }
    }
  }
  return holder.innerHTML;
}

// The table drawn while entries wait (static/js/offline-drawing.js, where the server drew
// forms ahead): ``serverTable``, the server's own, set aside meanwhile; ``entries``, the
// ones kept on this phone, in order.
export function draw(server, ahead, serverTable, entries) {
  return drawn(server, ahead, rounds(ahead, server, entries), serverTable, entries);
}

function drawn(server, ahead, view, serverTable, entries) {
  const words = ahead.words;
  const state = view.state;
  const chips = serverTable && serverTable.querySelector(".score-chips");
  const serverChips = chips ? chips.outerHTML : "";
  const at = !state.ended && state.number ? { ...state } : null;
  // The call for the bids kept, looked up by their sum (the server worked each one out),
  // while the rules on the phone have not said it (or cannot: their files never came).
  const calls = (ahead.lookups.calls || {})[state.number];
  const sum = Object.values(state.bids || {}).reduce((all, bid) => all + Number(bid), 0);
  const call = state.phase === "play" && calls && calls[sum];
  // A page or lookups kept before the rules came to the phone (none in its state): the
  // server's last totals and the rounds as entered, scored when the connection is back.
  const byRules = Boolean(server.rules && server.phone_rules && ahead.catalogue);
  const bids = state.phase === "play" && !state.ended ? state.bids || null : null;
  const scored = byRules
    ? scores(server, ahead, entries, serverChips, bids, call, at)
    : {
        html:
          serverChips +
          keptBids(ahead, view.entered || [], true) +
          `<p class="small muted">${escape(words.later)}</p>`,
        finished: false,
      };
  // The form the rules named for the bids in, where their answer is at hand; else the
  // default, and `fill` draws the one they name when they answer.
  const drawnForm = at ? formAt(ahead, at.number, at.phase, scored.form) : { key: "" };
  const form = drawnForm.html
    ? formFor(drawnForm.html, state.bids)
    : `<p class="panel">${escape(words.no_form)}</p>`;
  return [
    undoRow(words),
    scored.html,
    byRules ? keptBids(ahead, view.entered || []) : "",
    // With the rules on the phone the call comes with their figures (`figures`).
    !byRules && call ? `<p class="announcement call-even">${escape(call)}</p>` : "",
    `<div data-phone-form data-form-key="${escape(drawnForm.html ? drawnForm.key : "")}"` +
      `${scored.finished ? " hidden" : ""}>${form}</div>`,
  ].join("");
}
