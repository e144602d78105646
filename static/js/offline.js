// The table's view on the scorekeeper's deal screen (issue 32; docs/phone.md "Offline"):
// every entry form of the table goes through the outbox (static/js/outbox.js), and while
// entries wait the table goes on from the phone, drawn by the one drawing
// (static/js/offline-drawing.js) with figures from games.rules itself on the phone. A
// refusal stops the sending and is shown with what was kept; nothing is dropped unasked.
// Imported once the page is up (static/js/table.js), which hands over the taps made
// before; `start` runs once.
//
// Everything the view knows is in `view` below, one object; the outbox holds the entries.
import * as keeper from "./keep.js";
import * as drawing from "./offline-drawing.js";
import { escape, plural, screen, setBusy } from "./offline-parts.js";
import { refusal } from "./offline-table.js";
import { keys, newKey, outbox, read, write } from "./outbox.js";

const SLOW_MS = 1500; // an answer slower than this: the table goes on from the phone

const stateScript = () => document.getElementById("offline-state");
const element = () => document.getElementById("table");
const language = () => document.documentElement.lang;

// The view's one state.
const view = {
  id: "", // the session's public id
  server: null, // the session as the server last said (its #offline-state)
  ahead: null, // words, catalogue and parts or forms sent ahead (games/views/offline.py)
  chosen: null, // the seat picked on the phone's table (out of turn, a change)
  problem: "", // a refusal the rules on this phone knew, shown beside the table
  stale: false, // this copy of the page is older than the state this phone kept
  showing: false, // the table on screen is drawn from the phone
  answered: 0, // the rules' answers on this phone: each one draws the table again
  fetching: false, // the words ahead are being fetched
  loaded: false, // what this phone kept is read: taps go to the outbox (table.js holds them)
  entering: null, // the form key of the entry a tap is making: its answer drawn, "entered"
};
let box = null; // the outbox (static/js/outbox.js)
let shown = null; // the screen (offline-parts.js)

const actionOf = (url) =>
  Object.keys(view.server.urls.entry).find((name) => view.server.urls.entry[name] === url);
const waitingOrCut = () =>
  view.showing || box.offline || box.refused || box.entries.length || navigator.onLine === false;

// -- what comes once: the words ahead ----------------------------------------

async function fetchAhead(fresh = false) {
  if (view.fetching || (view.ahead && !fresh)) {
    return;
  }
  view.fetching = true;
  const lang = language();
  try {
    const response = await fetch(view.server.urls.ahead, { credentials: "same-origin" });
    if (response.ok) {
      view.ahead = await response.json();
      await write(keys(view.id).ahead(lang), view.ahead);
      if (box.entries.length || view.stale) {
        draw();
      }
    }
  } catch (error) {
    // Offline before the first answer: the entries are still kept and sent; asked again
    // at the next draw.
  } finally {
    view.fetching = false;
  }
}

// Forms drawn a few rounds ahead (games/screens/rounds.py, `ahead`: `from`, `through`,
// `last`): as the table goes past them, or back before them by Undo, the phone asks for the
// next few while it has a connection, so a connection lost in any round leaves the table
// going on.
function freshAhead() {
  const ahead = view.ahead;
  const number = view.server.number;
  if (!ahead || !ahead.forms || number === null || number === undefined) {
    return;
  }
  const behind = ahead.from == null || number < ahead.from;
  const short = !ahead.last && (ahead.through == null || ahead.through < number + 2);
  if (behind || short) {
    fetchAhead(true);
  }
}

// -- entries ----------------------------------------------------------------------------

async function keep(tapped) {
  if (box.gone) {
    return;
  }
  const entry = box.fresh(tapped);
  if (!entry) {
    return; // the same form sent twice: a double tap
  }
  // The phone's table is in charge while entries wait, and at once when the phone knows it
  // has no connection (no send need fail first): its rules refuse what they know;
  // otherwise the server answers, as it always did.
  const cut = navigator.onLine === false;
  if (waitingOrCut() && view.ahead) {
    view.problem = (await drawing.check(view.server, view.ahead, box.entries, entry)) || "";
  }
  if (view.problem) {
    draw();
    entered();
    return;
  }
  const written = box.add(entry);
  view.chosen = null;
  const idem = entry.fields.idem;
  view.entering = idem;
  // The phone's table goes on, now or when the answer is slow: the server's answer, when it
  // comes, is a late one (settled, "caught-up"). An answer drawn already (the outbox may
  // still be forgetting the entry) leaves the page as it is.
  const onThePhone = () => {
    if (view.entering === idem) {
      draw();
      entered();
    }
  };
  const slow = window.setTimeout(onThePhone, SLOW_MS);
  if (view.showing || box.offline || box.refused || cut) {
    onThePhone();
  } else {
    setBusy(element(), true);
  }
  await box.flush();
  window.clearTimeout(slow);
  setBusy(element(), false);
  if (view.entering) {
    entered(); // no answer came to draw (kept on the phone, refused): its table is drawn
  }
  await written.catch(() => {}); // a phone that cannot store still sends
}

// The table is drawn again after an entry (the server's answer, its refusal, or this
// phone's own table): table.js brings the reason or the next control into view. Said as
// the answer is drawn (hooks.swapIn), not once the outbox has forgotten the entry: a
// phone's storage may take its time, and the player taps on meanwhile.
function entered() {
  view.entering = null;
  document.dispatchEvent(new CustomEvent("scorekeeper:entered"));
}

// Undo takes back the last entry kept on this phone, which the server never saw; with none
// waiting, it is the server's own undo.
async function undo() {
  if (box.entries.length) {
    await box.drop(box.entries[box.entries.length - 1].fields.idem);
    draw();
    return;
  }
  if (!view.server.undo) {
    view.problem = view.ahead ? view.ahead.words.nothing_to_undo : "";
    draw();
    return;
  }
  // The server's undo, kept and sent like any entry; meanwhile the phone shows the figures
  // the server sent for "after Undo". Its version guards another phone's change.
  const fields = { idem: newKey(), version: String(view.server.version) };
  keep({ action: "undo", url: view.server.urls.entry.undo, fields });
}

// A form of the table, tapped: kept by the outbox rather than sent straight to the server.
function confirmed(form, fields) {
  const action = actionOf(form.getAttribute("action"));
  if (!action) {
    return false; // "New session, same table" and the like
  }
  if (action === "undo") {
    undo();
    return true;
  }
  delete fields.csrfmiddlewaretoken;
  // Like hx-disabled-elt: this form is done until the table is drawn again.
  for (const button of form.querySelectorAll("button")) {
    button.disabled = true;
  }
  keep({ action, url: form.getAttribute("action"), fields });
  return true;
}

// The session was deleted, or this link stopped (a mark from the server: wake.js forgets
// what the worker kept of it): its entries have nowhere to go.
function forgetSession() {
  box.forgetAll().catch(() => {});
  view.problem = "";
  view.showing = false;
  shown.swapped();
  shown.refusal(null, "");
  shown.status("");
}

// -- what the screen shows ---------------------------------------------------------------

function draw() {
  if (box.gone) {
    return;
  }
  const target = element();
  const { ahead, server } = view;
  if (!ahead) {
    fetchAhead();
  }
  if (!ahead || !target) {
    if (box.entries.length) {
      shown.status(plural(ahead ? ahead.words.kept : server.kept, box.entries.length));
    }
    return;
  }
  const refused = box.refused;
  if (refused && refused.kind !== "unreachable") {
    // The session as the server has it, with what was kept and why it was refused.
    shown.server(target);
    view.showing = false;
    shown.status("");
    drawRefusal(target);
    return;
  }
  if (!refused) {
    shown.refusal(target, "");
  }
  if (!box.entries.length && !view.problem && !view.stale) {
    shown.server(target);
    view.showing = false;
    return;
  }
  if (!box.entries.length && view.problem && !view.showing && !view.stale) {
    shown.status(view.problem);
    view.problem = "";
    return;
  }
  // A drawing whose figures come from the rules on this phone is drawn when they answer:
  // till then the table on screen stays, and what the player has open in it.
  if (!drawing.ready(server, ahead, box.entries, view.chosen)) {
    updateStatus();
    return;
  }
  // Drawn again only when something changed: a retry must not clear what is being typed;
  // when it is, what the player has open, chosen or focused stays (keep.js).
  const drawn = JSON.stringify([
    server.version,
    box.entries.map((e) => e.fields.idem),
    view.chosen,
    view.problem,
    view.answered,
  ]);
  const problem = view.problem;
  shown.phone(target, drawn, (serverTable) => {
    const table = drawing.draw(server, ahead, view.chosen, serverTable, box.entries);
    return table + (problem ? `<p class="error" role="alert">${escape(problem)}</p>` : "");
  });
  view.problem = "";
  view.showing = true;
  updateStatus();
  if (refused) {
    drawRefusal(target); // the server does not answer: said above the table that goes on
  }
}

function updateStatus() {
  if (box.entries.length) {
    const words = view.ahead.words;
    const waiting = box.offline || !navigator.onLine;
    shown.status(plural(waiting ? words.kept : words.sending, box.entries.length));
  }
}

function drawRefusal(target) {
  // No answer: the entries behind it are on the phone's table, which goes on below.
  const refused = box.refused;
  const behind = refused.kind === "unreachable" ? [] : box.entries;
  const waiting = behind.filter((entry) => entry.fields.idem !== refused.entry.fields.idem);
  const html = refusal(view.server, view.ahead, refused, waiting);
  shown.refusal(target, html, `${refused.kind} ${refused.entry.fields.idem}`);
}

// The outbox's hooks.
const hooks = {
  waited: () => view.showing,
  swapIn(html, trigger) {
    const target = element();
    if (target) {
      shown.swapIn(target, html, trigger); // what the player has open stays open
    }
    const entering = view.entering;
    if (entering && !box.entries.some((entry) => entry.fields.idem === entering)) {
      entered(); // the answer to the tap being made, drawn (htmx settles it at once)
    }
  },
  settled(waited) {
    if (waited) {
      shown.status(view.ahead ? view.ahead.words.sent : "");
      // The server's table took the phone's place, a length of its own: the next control
      // back in view if it went out of it (table.js).
      document.dispatchEvent(new CustomEvent("scorekeeper:caught-up"));
      window.setTimeout(() => {
        if (!box.entries.length && !box.gone) {
          shown.status("");
        }
      }, 6000);
    } else {
      shown.status(""); // "Sending…", said while the answer was slow, is over
    }
  },
  changed: () => draw(),
};

// -- the page's events ---------------------------------------------------------------------

function listen() {
  // The newest table from the server: kept for a reopening without a network.
  document.addEventListener("htmx:afterSwap", () => {
    if (document.querySelector(`[data-forget-session="${CSS.escape(view.id)}"]`)) {
      forgetSession();
      return;
    }
    const script = stateScript();
    if (script) {
      const fresh = JSON.parse(script.textContent);
      if (fresh.version >= view.server.version) {
        view.server = fresh;
        view.stale = false;
        write(keys(view.id).state, fresh).catch(() => {});
        freshAhead();
      }
    }
    if (!document.getElementById("offline-table")) {
      shown.swapped(); // the server's new table replaced the phone's
      view.showing = false;
    }
    if (box.entries.length || box.refused || view.stale) {
      draw();
    }
  });

  document.addEventListener("htmx:confirm", (event) => {
    const elt = event.detail.elt;
    const form = elt && elt.closest && elt.closest("form");
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (!view.loaded || event.detail.verb !== "post" || !form) {
      return;
    }
    if (confirmed(form, Object.fromEntries(new FormData(form, submitter || undefined)))) {
      event.preventDefault();
    }
  });

  // The rules on this phone answered: the table drawn with their figures.
  document.addEventListener("scorekeeper:answered", () => {
    view.answered += 1;
    draw();
  });

  // A poll that gets through means the connection is back: send first, then show the server.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
    if (path.includes("/live/") && box.entries.length && !box.refused) {
      event.detail.shouldSwap = false;
      box.flush();
    }
  });
  // A poll's failure says nothing of the entries: a poll is also cut short when the table it
  // belongs to is swapped. Only the outbox's own sends decide that the phone is offline.
  window.addEventListener("online", () => {
    if (box.refused && box.refused.kind === "unreachable") {
      box.again(); // a new connection: tried again
    }
    box.flush();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      box.flush();
    }
  });

  document.addEventListener("click", async (event) => {
    const at = (selector) => event.target.closest && event.target.closest(selector);
    const dropIt = at("#refused [data-drop]");
    const again = at("#refused [data-again]");
    if ((dropIt || again) && box.refused) {
      const dropped = box.refused.entry;
      box.again();
      if (dropIt) {
        await box.drop(dropped.fields.idem);
      }
      draw();
      box.flush();
      return;
    }
    const pick = at("#offline-table [data-pick]");
    if (pick) {
      view.chosen = Number(pick.dataset.pick);
      draw();
    }
    if (at("#offline-table [data-undo]")) {
      undo();
    }
  });

  // The phone's own forms (drawn by the drawing) keep their entries like the server's do.
  document.addEventListener("submit", (event) => {
    const form = event.target.closest && event.target.closest("#offline-table form");
    if (!form) {
      return;
    }
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(form, event.submitter || undefined));
    const action = form.dataset.action;
    keep({ action, url: view.server.urls.entry[action], fields });
  });
}

// -- the start -------------------------------------------------------------------------------

// What this phone kept: the newest state (the page's, or one kept with a later swap), the
// entries waiting, the words ahead in the page's language. Read all at once: the taps made
// meanwhile wait for them (table.js holds them), and a phone's storage may be slow.
async function load() {
  const key = keys(view.id);
  const [state, , kept] = await Promise.all([
    read(key.state),
    box.load(),
    read(key.ahead(language())),
  ]);
  if (state && state.version > view.server.version) {
    view.server = state; // a copy of the page older than what this phone already had
    view.stale = true;
  } else {
    write(key.state, view.server).catch(() => {}); // later writes of it come after this one
  }
  // Kept by an older page, with neither parts nor forms for the one drawing: asked again.
  view.ahead = kept && (kept.parts || kept.forms) ? kept : null;
  if (view.ahead) {
    freshAhead();
  } else {
    fetchAhead();
  }
  drawing.start(view.server, () => view.ahead);
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().catch(() => {});
  }
  if (box.entries.length || view.stale) {
    draw();
    box.flush();
  }
}

// Starts the view on a scorekeeper's deal screen: ``page``, the words and limits
// (#outbox-words's data-*); ``held``, the taps made before (static/js/table.js), each
// {form, fields, detail}, kept now, or given back to htmx where they are no entry.
// Started once: true when it did.
export async function start(page, held) {
  const first = stateScript();
  const session = /^\/s\/([^/]+)\//.exec(window.location.pathname);
  if (box || !first || !session) {
    return false;
  }
  view.id = session[1];
  view.server = JSON.parse(first.textContent);
  shown = screen(keeper);
  box = outbox(view.id, page, view.server.urls, hooks);
  listen();
  await load().catch(() => {});
  view.loaded = true;
  for (const { detail, form, fields } of held.splice(0)) {
    if (!confirmed(form, fields)) {
      form.querySelectorAll("button").forEach((button) => (button.disabled = false));
      detail.issueRequest(true); // not an entry: htmx sends it as it would have
    }
  }
  return true;
}
