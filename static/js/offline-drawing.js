// The phone's table while entries wait (static/js/offline.js; docs/phone.md "Offline"): the
// one drawing of every game's table. Every figure comes from games.rules itself on this
// phone (static/js/phone-rules.js: MicroPython in a worker), every word and part from the
// server: what the server drew ahead (games/views/offline.py, `ahead`) says how.
//   - `parts`: the deal screen in parts, drawn ahead from the game's own template with
//     slots; the rules on the phone answer which parts show and what fills them (its
//     `view`), and this module fills them in. An entry is checked by the rules before it is
//     kept (`check`), and the table is drawn when they answer (`ready`).
//   - `forms`: the next rounds' forms, drawn ahead; the table is the rules' chips and the
//     rounds kept, with the form the table is at (static/js/offline-rounds.js).
// Nothing here decides a rule, or asks which game it draws.
import * as rounds from "./offline-rounds.js";
import { askRules, escape, phoneRules, plural, rulesOf, say } from "./offline-parts.js";
import { undoRow } from "./offline-table.js";
import { newKey } from "./outbox.js";

let warm = false; // the rules have answered once: an entry may wait for their check
const WARM_MS = 2000; // the rules started this long after the table, when it is idle
const answers = new Map(); // what was asked (its key) -> the rules' answer

// What the rules are asked: the entries as the server has them (or as its Undo would leave
// them: its state's `undo`), then each entry kept here with its form's fields, and the seat
// picked on the phone's table.
function asked(server, entries, chosen) {
  let base = server.rules;
  let kept = [];
  for (const entry of entries) {
    if (entry.action === "undo") {
      base = { ...server.rules, ...(server.undo || {}) };
      kept = [];
    } else {
      kept.push({ action: entry.action, fields: entry.fields });
    }
  }
  return { ...base, kept, chosen };
}

// The rules' answer for these entries: ``answer`` at hand (null while asked), ``coming``
// its promise. An answer the table waits for (``drawing``) says `scorekeeper:answered`,
// and the table is drawn with it.
const coming = new Map(); // key -> the promise of its answer
let wanted = null; // the key the table on screen waits for
function answerFor(server, entries, chosen, drawing = true) {
  const request = asked(server, entries, chosen);
  const key = JSON.stringify([server.version, request.entries.length, request.kept, chosen]);
  if (drawing) {
    wanted = key;
  }
  if (!answers.has(key)) {
    answers.set(key, null);
    const files = server.phone_rules;
    const asking = (module) => module.figures(files, request);
    const promise = askRules(files, asking)
      .then(
        (answer) => {
          warm = true;
          return answer;
        },
        () => ({ failed: true }),
      )
      .then((answer) => {
        answers.set(key, answer);
        coming.delete(key);
        if (answers.size > 20) {
          answers.delete(answers.keys().next().value); // the oldest
        }
        if (key === wanted) {
          const detail = { ms: answer.ms, startMs: answer.startMs };
          document.dispatchEvent(new CustomEvent("scorekeeper:answered", { detail }));
        }
        return answer;
      });
    coming.set(key, promise);
  }
  const answer = answers.get(key);
  return { key, answer, request, coming: answer ? Promise.resolve(answer) : coming.get(key) };
}

const byRules = (server, ahead) => Boolean(server.rules && server.phone_rules && ahead.catalogue);

// Whether the rules refuse ``entry`` after the ones kept, in the page's language; null
// when they take it, when they are not started yet (the server says, then), or where the
// table keeps what the rules refuse and shows why (`forms`). Their answer is the table's
// next drawing.
export async function check(server, ahead, entries, entry) {
  if (!ahead.parts || !warm || !byRules(server, ahead)) {
    return null;
  }
  const { request, coming: answer } = answerFor(server, [...entries, entry], null, false);
  const refused = (await answer).refused;
  return refused && refused.index === request.kept.length - 1
    ? phoneRules().refusal(refused.error, ahead.catalogue)
    : null;
}

// The last answer drawn, and the last entry kept then. When the server has taken entries
// (its answer swapped in) but no new one was kept, the figures after the entries still
// kept are those drawn already: drawn again at once, so what the player has open stays,
// and with the rules' own answer when it comes.
let drawnLast = null;
const lastKept = (entries) => (entries.length ? entries[entries.length - 1].fields.idem : null);

function answerNow(server, entries, chosen) {
  const { answer } = answerFor(server, entries, chosen);
  if (answer || !drawnLast || drawnLast.kept !== lastKept(entries)) {
    return answer;
  }
  return drawnLast.answer;
}

// False while the table waits for the rules' answer: the table on screen stays till then.
export function ready(server, ahead, entries, chosen = null) {
  return !ahead.parts || !byRules(server, ahead) || answerNow(server, entries, chosen) !== null;
}

// -- the parts, filled in ------------------------------------------------------------------

const drawnAhead = new WeakMap(); // ahead -> Map(a part's name -> its <template>)
function templates(ahead) {
  if (!drawnAhead.has(ahead)) {
    const holder = document.createElement("div");
    holder.innerHTML = ahead.parts;
    const found = new Map();
    for (const template of holder.querySelectorAll("template[data-part]")) {
      found.set(template.dataset.part, template);
    }
    drawnAhead.set(ahead, found);
  }
  return drawnAhead.get(ahead);
}

// A value in the page's words: a text or number, a list of values, or {name: seat}, {say:
// key, ...params}, {plural: key, count, ...params}, {why}, {refusal} (docs/phone.md).
function word(value, table) {
  if (value === null || value === undefined) {
    return "";
  }
  if (Array.isArray(value)) {
    return value.map((each) => word(each, table)).join("");
  }
  if (typeof value !== "object") {
    return String(value);
  }
  if ("why" in value) {
    return phoneRules().line(value.why, table.catalogue);
  }
  if ("refusal" in value) {
    return phoneRules().refusal(value.refusal, table.catalogue);
  }
  const { say: key, plural: forms, count, ...named } = value;
  if (key === undefined && forms === undefined) {
    return table.names[value.name];
  }
  const params = {};
  for (const [name, each] of Object.entries(named)) {
    params[name] = word(each, table);
  }
  const sentence = (path) => path.split(".").reduce((words, part) => words[part], table.words);
  return forms === undefined
    ? say(sentence(key), params)
    : plural(sentence(forms), count, params);
}

// A part as drawn ahead, its slots filled; a value that is no part, its words.
function build(node, table) {
  if (!node || typeof node !== "object" || !node.part) {
    return document.createTextNode(word(node, table));
  }
  const made = table.templates.get(node.part).content.cloneNode(true);
  const slots = made.querySelectorAll("[data-text], [data-attrs], [data-fields], [data-parts]");
  for (const slot of slots) {
    const { text, attrs, fields, parts } = slot.dataset;
    if (text !== undefined) {
      slot.textContent = word(node[text], table);
      delete slot.dataset.text;
    }
    if (attrs !== undefined) {
      for (const [name, value] of Object.entries(node[attrs] || {})) {
        if (value === null || value === false) {
          slot.removeAttribute(name);
        } else {
          slot.setAttribute(name, word(value, table));
        }
      }
      delete slot.dataset.attrs;
    }
    if (fields !== undefined) {
      const hidden = Object.entries({ idem: newKey(), ...node[fields] }).map(([name, value]) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = String(value);
        input.setAttribute("value", String(value));
        return input;
      });
      slot.prepend(...hidden);
      delete slot.dataset.fields;
    }
    if (parts !== undefined) {
      const list = [].concat(node[parts] === undefined ? [] : node[parts]);
      slot.replaceWith(...list.map((each) => build(each, table)));
    }
  }
  return made;
}

function drawParts(server, ahead, chosen, entries) {
  const words = ahead.words;
  if (!byRules(server, ahead)) {
    // A page or words kept before the rules came to the phone: the server scores them.
    return undoRow(words) + `<p class="panel">${escape(words.later)}</p>`;
  }
  const answer = answerNow(server, entries, chosen);
  const good = answer && !answer.failed && !answer.error && answer.view;
  if (!good) {
    const said = answer ? words.later : words.scoring;
    return undoRow(words) + `<p class="panel small muted">${escape(said)}</p>`;
  }
  drawnLast = { kept: lastKept(entries), answer };
  const table = {
    templates: templates(ahead),
    words,
    names: server.names,
    catalogue: ahead.catalogue,
  };
  const holder = document.createElement("div");
  for (const node of answer.view) {
    holder.append(build(node, table));
  }
  return holder.innerHTML;
}

// The table: ``serverTable``, the server's own, set aside meanwhile; ``entries``, the ones
// kept on this phone, in order; ``chosen``, the seat picked on the phone's table.
export function draw(server, ahead, chosen, serverTable, entries) {
  return ahead.parts
    ? drawParts(server, ahead, chosen, entries)
    : rounds.draw(server, ahead, serverTable, entries);
}

// The rules' files come once the page is up (this module is imported then), so the service
// worker keeps them before the connection goes; the rules start when it goes (warm: the
// entries scored so far added up once, so the first entry kept costs one at most), or at
// the first entry drawn here. ``aheadNow``: what the server drew ahead, once it came.
export function start(server, aheadNow) {
  const files = server.phone_rules;
  if (!files) {
    return;
  }
  for (const url of [files.module, files.worker, files.runtime, files.wasm, files.bundle]) {
    fetch(url, { credentials: "same-origin" }).catch(() => {});
  }
  const warming = () =>
    rulesOf(files)
      .then((module) => module.warm(files).then(() => module))
      .then((module) => {
        const ahead = aheadNow();
        const now = JSON.parse(document.getElementById("offline-state").textContent);
        const parts = ahead && ahead.parts && now.rules;
        return parts ? module.figures(files, asked(now, [], null)) : null;
      })
      .then(() => (warm = true))
      .catch(() => {});
  window.addEventListener("offline", warming);
  const ahead = aheadNow();
  if (!navigator.onLine && ahead && ahead.parts) {
    warming(); // opened without a connection, its entries checked by the rules
    return;
  }
  // Started too once the table has been idle a moment (in the worker, off the page's
  // thread), so the first entry kept after the connection goes, which no `offline` event
  // may announce (a network that stops answering), is drawn without waiting for them
  // (docs/phone.md, "Drawing time").
  const idle = window.requestIdleCallback || ((run) => window.setTimeout(run, 0));
  window.setTimeout(() => idle(() => warm || warming(), { timeout: WARM_MS }), WARM_MS);
}
