// Never lose a tap (issue 32; docs/phone.md "Offline"). On the scorekeeper's deal screen
// every entry is kept on this phone first (IndexedDB, through the vendored idb-keyval),
// then sent, in order, until the server has it: exactly once, by the form's once-only key
// (`idem`). While entries wait, the table goes on from static/js/model.js, which only
// looks up what the server worked out ahead from games.rules (games/views/offline.py).
// A refusal stops the sending and is shown with what was kept; nothing is dropped unasked.
// So does the server's own error (a 500), a server that does not answer after MOST_TRIES
// tries, and an entry kept longer than the phone keeps them (data-keep-days). It comes once
// the page is up (static/js/offline-start.js, which holds a tap made before) and starts once.
(function () {
  "use strict";

  const stateScript = () => document.getElementById("offline-state");
  const first = stateScript();
  const session = /^\/s\/([^/]+)\//.exec(window.location.pathname);
  const start = document.querySelector("script[data-drawing]"); // offline-start.js
  const parts = window.idbKeyval && window.scorekeeperSend; // loaded before it, in order
  if (!first || !session || !start || !parts || window.scorekeeperOutbox) {
    return; // not a scorekeeper's deal screen, or started already
  }
  window.scorekeeperOutbox = true;
  const { plural, escape, newKey } = window.scorekeeperOfflineTable; // offline-parts.js
  const { send, limits, keptList, setBusy, screen } = window.scorekeeperSend;
  // What keeps the player's open forms, choices and focus across a redraw (keep.js).
  const keeper = window.scorekeeperKeep || { capture: () => null, restore() {}, hold() {} };
  const shown = screen(keeper);
  const status = shown.status;

  // The page's words and how long an entry is kept (templates/games/_offline_scripts.html).
  const page = start.dataset;
  const batchSize = Number(page.backlogSize) || 1; // entries one backlog request takes
  const { tooOld, stop } = limits(page);

  // The phone's own table (static/js/model.js, offline-table.js and the game's drawing),
  // loaded after this file (offline-start.js); asked again if it did not all come.
  const drawing = (page.drawing || "").split(" ").filter(Boolean);
  const loadDrawing = () => window.scorekeeperLater(drawing).catch(() => {});
  const drawable = () => window.scorekeeperModel && window.scorekeeperOfflineTable.draw;
  const db = window.idbKeyval;
  const store = db.createStore("scorekeeper", "kept");
  const id = session[1];
  const KEY = { entries: `entries:${id}`, state: `state:${id}` };
  const kept = keptList(db, store, KEY.entries);
  const SLOW_MS = 1500; // an answer slower than this: the table goes on from the phone
  const MOST_BACKOFF_MS = 30000;
  // Tries without an answer, with the phone online, before the sending stops and says so:
  // 1 + 2 + 4 + 8 + 16 + 30 + 30 s, about a minute and a half. Offline, none is counted.
  const MOST_TRIES = 8;

  let server = JSON.parse(first.textContent); // the session as the server last said
  let ahead = null; // lookups and words (games/views/offline.py, `ahead`)
  let entries = []; // kept on this phone, in order, not yet acknowledged
  // {entry, reason, kind, title, again}: sending stops here until the scorekeeper decides.
  // kind: "refused" (the server said why), "failed" (its own error), "unreachable" (no
  // answer after MOST_TRIES: the table goes on from the phone), "old" (kept too long).
  let refused = null;
  let sending = false;
  let showing = false; // the table is drawn from the phone
  let offline = false; // the last send failed
  let backoff = 1000;
  let tries = 0; // sends in a row without an answer, online
  let retry = null;
  let gone = false; // the session was deleted or its link stopped: everything here forgotten
  let chosen = null; // the seat picked on the phone's table (out of turn, a change)
  let problem = ""; // a refusal the lookups knew, shown beside the table
  let stale = false; // this copy of the page is older than the state this phone kept
  let answered = 0; // the rules' answers on this phone: each one draws the table again

  const element = () => document.getElementById("table");
  const actionOf = (url) =>
    Object.keys(server.urls.entry).find((name) => server.urls.entry[name] === url);
  // -- what this phone keeps ---------------------------------------------------------

  async function load() {
    const state = await db.get(KEY.state, store);
    if (state && state.version > server.version) {
      server = state; // a copy of the page older than what this phone already had
      stale = true;
    } else {
      await db.set(KEY.state, server, store);
    }
    entries = await kept.all();
    const language = document.documentElement.lang;
    ahead = (await db.get(`ahead:${id}:${language}`, store)) || null;
    if (ahead) {
      freshAhead();
    } else {
      fetchAhead(language);
    }
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persist().catch(() => {});
    }
    if (entries.length || stale) {
      draw();
      flush();
    }
  }

  let fetching = false;
  async function fetchAhead(language = document.documentElement.lang, fresh = false) {
    if (fetching || (ahead && !fresh)) {
      return;
    }
    fetching = true;
    try {
      const response = await fetch(server.urls.ahead, { credentials: "same-origin" });
      if (response.ok) {
        ahead = await response.json();
        await db.set(`ahead:${id}:${language}`, ahead, store);
        if (entries.length || stale) {
          draw();
        }
      }
    } catch (error) {
      // Offline before the first answer: the entries are still kept and sent; asked again
      // at the next draw.
    } finally {
      fetching = false;
    }
  }

  // A game scored round by round gets the forms of a few rounds ahead (games/views/offline.py,
  // rounds_ahead). As the game goes past them, or back before them by Undo, the phone asks
  // for the next few while it has a connection, so a connection lost in any round leaves
  // the table going on.
  function freshAhead() {
    if (!ahead || ahead.game !== "rounds" || server.number === null) {
      return;
    }
    const behind = ahead.from == null || server.number < ahead.from;
    const short = !ahead.last && (ahead.through == null || ahead.through < server.number + 2);
    if (behind || short) {
      fetchAhead(document.documentElement.lang, true);
    }
  }

  async function keep(entry) {
    if (gone) {
      return;
    }
    entry = { ...entry, kept: Date.now() };
    const same = entries.find((each) => each.fields.idem === entry.fields.idem);
    if (same && JSON.stringify(same.fields) === JSON.stringify(entry.fields)) {
      return; // the same form sent twice: a double tap
    }
    if (same) {
      // The same form sent again with other values is another entry: its own key.
      entry = { ...entry, fields: { ...entry.fields, idem: newKey() } };
    }
    // While the phone's table is in charge it refuses what the lookups know; otherwise the
    // server answers, as it always did.
    // The phone's table is in charge while entries wait, and at once when the phone knows it
    // has no connection (no send need fail first).
    const cut = navigator.onLine === false;
    const inCharge = showing || offline || refused || entries.length || cut;
    const check = drawable() && window.scorekeeperOfflineTable.checks[server.game];
    if (inCharge && ahead && check) {
      problem = (await check(server, ahead, entries, entry)) || ""; // the rules on this phone
    }
    if (problem) {
      draw();
      entered();
      return;
    }
    entries = [...entries, entry];
    // Written before anything is sent; IndexedDB runs its writes in order, so the answer's
    // "forget" cannot overtake it. The send does not wait for the disk (a tap stays fast).
    const written = kept.add(entry);
    chosen = null;
    const slow = window.setTimeout(draw, SLOW_MS);
    if (showing || offline || refused || cut) {
      draw();
    } else {
      setBusy(element(), true);
    }
    await flush();
    window.clearTimeout(slow);
    setBusy(element(), false);
    entered();
    await written.catch(() => {}); // a phone that cannot store still sends
  }

  // The table is drawn again after an entry (the server's answer, its refusal, or this
  // phone's own table): app.js brings the reason or the next control into view.
  function entered() {
    document.dispatchEvent(new CustomEvent("scorekeeper:entered"));
  }

  // Answered for: out of the list at once, out of IndexedDB in the background (if the page
  // dies before that, the entry is sent again and its key makes that a no-op).
  function forget(count) {
    const sent = new Set(entries.slice(0, count).map((entry) => entry.fields.idem));
    entries = entries.filter((entry) => !sent.has(entry.fields.idem));
    return kept.remove(sent);
  }

  // -- sending (offline-parts.js) -------------------------------------------------------

  async function flush() {
    if (gone || sending || refused || !entries.length) {
      return;
    }
    sending = true;
    window.clearTimeout(retry);
    const waited = showing || offline; // the scorekeeper saw entries waiting
    let one = false; // after the server's own error: entry by entry, to find the one
    try {
      while (entries.length && !refused && !gone) {
        const old = entries.findIndex(tooOld);
        if (old === 0) {
          refused = stop("old", entries[0]);
          break;
        }
        // At most what one request takes (data-backlog-size, games.limits.MOST_BACKLOG):
        // a longer backlog goes in several, in order.
        const most = old === -1 ? Math.min(entries.length, batchSize) : Math.min(old, batchSize);
        const batch = entries.slice(0, one ? 1 : most);
        const answer = await send(batch, server.urls.entries);
        tries = 0; // the server answered
        offline = false;
        backoff = 1000;
        if (answer.refused && answer.refused.failed) {
          if (batch.length > 1) {
            one = true; // the ones before it are made once, by their keys
            continue;
          }
          refused = stop("failed", batch[0]);
          break;
        }
        const forgotten = [forget(answer.done)];
        if (answer.refused && !waited && entries.length === 1 && answer.table) {
          // Refused as it was made, online: the server's table says why, in place, as
          // before any entry was kept; there is nothing else waiting behind it.
          forgotten.push(forget(1));
        } else if (answer.refused) {
          const entry = batch[answer.refused.index];
          refused = { entry, kind: "refused", reason: answer.refused.reason };
        }
        if (answer.table) {
          swapIn(answer.table, answer.trigger);
        }
        await Promise.all(forgotten);
      }
      if (!gone && !entries.length && waited && !refused) {
        status(ahead ? ahead.words.sent : "");
        window.setTimeout(() => {
          if (!entries.length && !gone) {
            status("");
          }
        }, 6000);
      } else if (!gone && !entries.length && !refused) {
        status(""); // "Sending…", said while the answer was slow, is over
      }
    } catch (error) {
      // No network, no answer in time, the server restarting: kept, and tried again later;
      // with the phone online, MOST_TRIES times at most, then shown and stopped.
      offline = true;
      if (navigator.onLine !== false) {
        tries += 1;
      }
      if (!entries.length) {
        // nothing left to send
      } else if (tries >= MOST_TRIES) {
        refused = stop("unreachable", entries[0]);
      } else {
        retry = window.setTimeout(flush, backoff);
        backoff = Math.min(backoff * 2, MOST_BACKOFF_MS);
      }
    } finally {
      sending = false;
      draw();
    }
  }

  function swapIn(html, trigger) {
    const target = element();
    if (target) {
      shown.swapIn(target, html, trigger); // what the player has open stays open
    }
  }


  // The newest table from the server: kept for a reopening without a network.
  document.addEventListener("htmx:afterSwap", () => {
    if (document.querySelector(`[data-forget-session="${CSS.escape(id)}"]`)) {
      forgetSession();
      return;
    }
    const script = stateScript();
    if (script) {
      const fresh = JSON.parse(script.textContent);
      if (fresh.version >= server.version) {
        server = fresh;
        stale = false;
        db.set(KEY.state, server, store).catch(() => {});
        freshAhead();
      }
    }
    if (!document.getElementById("offline-table")) {
      shown.swapped(); // the server's new table replaced the phone's
      showing = false;
    }
    if (entries.length || refused || stale) {
      draw();
    }
  });

  // Every entry form of the table goes through the outbox rather than straight to the server;
  // so do the taps offline-start.js held before the outbox was up, with their fields as tapped.
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
  document.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (event.detail.verb !== "post" || !form) {
      return;
    }
    if (confirmed(form, Object.fromEntries(new FormData(form, submitter || undefined)))) {
      event.preventDefault();
    }
  });

  // Undo takes back the last entry kept on this phone, which the server never saw; with
  // none waiting, it is the server's own undo.
  async function undo() {
    if (entries.length) {
      await drop(entries[entries.length - 1].fields.idem);
      draw();
      return;
    }
    if (!server.undo) {
      problem = ahead ? ahead.words.nothing_to_undo : "";
      draw();
      return;
    }
    // The server's undo, kept and sent like any entry; meanwhile the phone shows the
    // figures the server sent for "after Undo". Its version guards another phone's change.
    const fields = { idem: newKey(), version: String(server.version) };
    keep({ action: "undo", url: server.urls.entry.undo, fields });
  }

  // The rules on this phone answered (offline-oh_hell.js): the table drawn with their figures.
  document.addEventListener("scorekeeper:answered", () => {
    answered += 1;
    draw();
  });

  // A poll that gets through means the connection is back: send first, then show the server.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
    if (path.includes("/live/") && entries.length && !refused) {
      event.detail.shouldSwap = false;
      flush();
    }
  });
  // A poll's failure says nothing of the entries: a poll is also cut short when the table it
  // belongs to is swapped. Only this file's own sends decide that the phone is offline.
  window.addEventListener("online", () => {
    if (refused && refused.kind === "unreachable") {
      refused = null; // a new connection: tried again
      tries = 0;
      backoff = 1000;
    }
    flush();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      flush();
    }
  });

  // -- what the screen shows (offline-parts.js) -------------------------------------------

  // The game's own view of the entries kept, where its drawing needs one; Oh Hell's figures
  // come from the rules on this phone (offline-oh_hell.js).
  function current() {
    const model = window.scorekeeperModel;
    const fold = { rounds: model.rounds }[server.game];
    return fold ? fold(ahead, server, entries) : {};
  }

  function draw() {
    if (gone) {
      return;
    }
    const target = element();
    if (!drawable()) {
      loadDrawing().then(() => drawable() && draw());
    }
    if (!ahead) {
      fetchAhead();
    }
    if (!ahead || !target || !drawable()) {
      if (entries.length) {
        status(plural(ahead ? ahead.words.kept : server.kept, entries.length));
      }
      return;
    }
    if (refused && refused.kind !== "unreachable") {
      // The session as the server has it, with what was kept and why it was refused.
      shown.server(target);
      showing = false;
      status("");
      drawRefusal(target);
      return;
    }
    if (!refused) {
      shown.refusal(target, "");
    }
    if (!entries.length && !problem && !stale) {
      shown.server(target);
      showing = false;
      return;
    }
    if (!entries.length && problem && !showing && !stale) {
      status(problem);
      problem = "";
      return;
    }
    // A game whose figures come from the rules on this phone is drawn when they answer: till
    // then the table on screen stays, and what the player has open in it.
    const ready = window.scorekeeperOfflineTable.ready[server.game];
    if (ready && !ready(server, ahead, entries)) {
      updateStatus();
      return;
    }
    // Drawn again only when something changed: a retry must not clear what is being typed;
    // when it is, what the player has open, chosen or focused stays (app.js).
    const drawn = JSON.stringify([
      server.version,
      entries.map((e) => e.fields.idem),
      chosen,
      problem,
      answered,
    ]);
    shown.phone(target, drawn, (serverTable) => {
      const view = current();
      const table = window.scorekeeperOfflineTable.draw(
        server,
        ahead,
        view,
        chosen,
        serverTable,
        entries,
      );
      return table + (problem ? `<p class="error" role="alert">${escape(problem)}</p>` : "");
    });
    problem = "";
    showing = true;
    updateStatus();
    if (refused) {
      drawRefusal(target); // the server does not answer: said above the table that goes on
    }
  }

  function updateStatus() {
    if (entries.length) {
      const words = ahead.words;
      const waiting = offline || !navigator.onLine;
      status(plural(waiting ? words.kept : words.sending, entries.length));
    }
  }

  function drawRefusal(target) {
    // No answer: the entries behind it are on the phone's table, which goes on below.
    const behind = refused.kind === "unreachable" ? [] : entries;
    const waiting = behind.filter((entry) => entry.fields.idem !== refused.entry.fields.idem);
    const html = window.scorekeeperOfflineTable.refusal(server, ahead, refused, waiting);
    shown.refusal(target, html, `${refused.kind} ${refused.entry.fields.idem}`);
  }

  // The session was deleted, or this link stopped (a mark from the server: wake.js forgets
  // what the worker and IndexedDB kept of it): its entries have nowhere to go.
  function forgetSession() {
    gone = true;
    window.clearTimeout(retry);
    entries = [];
    refused = null;
    problem = "";
    showing = false;
    shown.swapped();
    shown.refusal(null, "");
    status("");
    db.delMany([KEY.entries, KEY.state], store).catch(() => {});
  }

  // An entry taken off the phone unsent: Undo of a kept entry, or a refused one dropped.
  function drop(idem) {
    entries = entries.filter((entry) => entry.fields.idem !== idem);
    return kept.remove([idem]);
  }

  document.addEventListener("click", async (event) => {
    const dropIt = event.target.closest && event.target.closest("#refused [data-drop]");
    const again = event.target.closest && event.target.closest("#refused [data-again]");
    if ((dropIt || again) && refused) {
      const dropped = refused.entry;
      refused = null;
      tries = 0;
      backoff = 1000;
      if (dropIt) {
        await drop(dropped.fields.idem);
      }
      draw();
      flush();
      return;
    }
    const pick = event.target.closest && event.target.closest("#offline-table [data-pick]");
    if (pick) {
      chosen = Number(pick.dataset.pick);
      draw();
    }
    const back = event.target.closest && event.target.closest("#offline-table [data-undo]");
    if (back) {
      undo();
    }
  });

  // The phone's own forms (drawn below) keep their entries like the server's forms do.
  document.addEventListener("submit", (event) => {
    const form = event.target.closest && event.target.closest("#offline-table form");
    if (!form) {
      return;
    }
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(form, event.submitter || undefined));
    const action = form.dataset.action;
    keep({ action, url: server.urls.entry[action], fields });
  });

  load()
    .catch(() => {})
    .then(() => {
      for (const { detail, form, fields } of (window.scorekeeperHeld || []).splice(0)) {
        if (!confirmed(form, fields)) {
          form.querySelectorAll("button").forEach((button) => (button.disabled = false));
          detail.issueRequest(true); // not an entry: htmx sends it as it would have
        }
      }
    });
})();
