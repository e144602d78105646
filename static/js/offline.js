// Never lose a tap (issue 32; docs/phone.md "Offline"). On the scorekeeper's deal screen
// every entry is kept on this phone first (IndexedDB, through the vendored idb-keyval),
// then sent, in order, until the server has it: exactly once, by the form's once-only key
// (`idem`). While entries wait, the table goes on from static/js/model.js, which only
// looks up what the server worked out ahead from games.rules (games/views/offline.py).
// A refusal stops the sending and is shown with what was kept; nothing is dropped unasked.
(function () {
  "use strict";

  const stateScript = () => document.getElementById("offline-state");
  const first = stateScript();
  const session = /^\/s\/([^/]+)\//.exec(window.location.pathname);
  if (!first || !session || !window.idbKeyval) {
    return; // not a scorekeeper's deal screen
  }
  const say = (template, params) =>
    template.replace(/%\((\w+)\)s/g, (whole, name) =>
      name in params ? String(params[name]) : whole,
    );
  // A sentence whose plural follows n: the server sends one per sample number; the one in
  // n's plural category (the page's language) is taken.
  const plural = (forms, n, params = {}) => {
    const rules = new Intl.PluralRules(document.documentElement.lang || "en");
    const sample = Object.keys(forms).find(
      (each) => rules.select(Number(each)) === rules.select(n),
    );
    return say(forms[sample || Object.keys(forms).pop()], { n, ...params });
  };
  const escape = (text) =>
    String(text).replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
    );
  // A once-only key like the server's ({% form_key %}): 12 random bytes, URL-safe.
  const newKey = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  };
  window.scorekeeperOfflineTable = { say, plural, escape, newKey };

  // The phone's own table (static/js/model.js, offline-table.js and the game's drawing) is
  // loaded once the page is up, not before it shows (docs/performance.md); the service
  // worker keeps it with the page, so it is there without a network.
  const drawingScripts = (document.currentScript.dataset.drawing || "").split(" ").filter(Boolean);
  let drawingLoaded = null;
  function loadDrawing() {
    drawingLoaded =
      drawingLoaded ||
      Promise.all(
        drawingScripts.map(
          (src) =>
            new Promise((resolve, reject) => {
              const script = document.createElement("script");
              script.src = src;
              script.async = false; // in order: the model, the table, the game's table
              script.onload = resolve;
              script.onerror = reject;
              document.head.append(script);
            }),
        ),
      ).catch(() => {
        drawingLoaded = null; // offline before it came: tried again at the next draw
      });
    return drawingLoaded;
  }
  const drawable = () => window.scorekeeperModel && window.scorekeeperOfflineTable.draw;
  window.addEventListener("load", loadDrawing);
  const db = window.idbKeyval;
  const store = db.createStore("scorekeeper", "kept");
  const id = session[1];
  const KEY = { entries: `entries:${id}`, state: `state:${id}` };
  const TIMEOUT_MS = 10000;
  const SLOW_MS = 1500; // an answer slower than this: the table goes on from the phone
  const MOST_BACKOFF_MS = 30000;

  let server = JSON.parse(first.textContent); // the session as the server last said
  let ahead = null; // lookups and words (games/views/offline.py, `ahead`)
  let entries = []; // kept on this phone, in order, not yet acknowledged
  let refused = null; // {entry, reason}: sending stops here until the scorekeeper decides
  let sending = false;
  let showing = false; // the table is drawn from the phone
  let offline = false; // the last send failed
  let backoff = 1000;
  let retry = null;
  let chosen = null; // the seat picked on the phone's table (out of turn, a change)
  let problem = ""; // a refusal the lookups knew, shown beside the table
  let stale = false; // this copy of the page is older than the state this phone kept

  const element = () => document.getElementById(server.game === "kozel" ? "kozel" : "table");
  const token = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  };
  const actionOf = (url) =>
    Object.keys(server.urls.entry).find((name) => server.urls.entry[name] === url);
  // -- what this phone keeps ---------------------------------------------------------

  async function load() {
    const kept = await db.get(KEY.state, store);
    if (kept && kept.version > server.version) {
      server = kept; // a copy of the page older than what this phone already had
      stale = true;
    } else {
      await db.set(KEY.state, server, store);
    }
    entries = (await db.get(KEY.entries, store)) || [];
    const language = document.documentElement.lang;
    ahead = (await db.get(`ahead:${id}:${language}`, store)) || null;
    // Once the page is up, like the drawing scripts: the table is shown first.
    const ask = () => (ahead ? freshAhead() : fetchAhead(language));
    if (document.readyState === "complete") {
      ask();
    } else {
      window.addEventListener("load", ask);
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
    const inCharge = showing || offline || refused || entries.length;
    const view = inCharge && ahead && drawable() && current();
    problem = (view && window.scorekeeperModel.refusal(ahead, view, entry)) || "";
    if (problem) {
      draw();
      return;
    }
    entries = [...entries, entry];
    // Written before anything is sent; IndexedDB runs its writes in order, so the answer's
    // "forget" cannot overtake it. The send does not wait for the disk (a tap stays fast).
    const written = db.update(KEY.entries, (list) => [...(list || []), entry], store);
    chosen = null;
    const slow = window.setTimeout(draw, SLOW_MS);
    if (showing || offline || refused) {
      draw();
    } else {
      setBusy(true);
    }
    await flush();
    window.clearTimeout(slow);
    setBusy(false);
    await written.catch(() => {}); // a phone that cannot store still sends
  }

  // Answered for: out of the list at once, out of IndexedDB in the background (if the page
  // dies before that, the entry is sent again and its key makes that a no-op).
  function forget(count) {
    const sent = new Set(entries.slice(0, count).map((entry) => entry.fields.idem));
    entries = entries.filter((entry) => !sent.has(entry.fields.idem));
    return db.update(
      KEY.entries,
      (list) => (list || []).filter((entry) => !sent.has(entry.fields.idem)),
      store,
    );
  }

  // -- sending -------------------------------------------------------------------------

  async function post(url, body, headers) {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      return await fetch(url, {
        method: "POST",
        body,
        credentials: "same-origin",
        signal: controller.signal,
        headers: { "X-CSRFToken": token(), ...headers },
      });
    } finally {
      window.clearTimeout(timer);
    }
  }

  // One entry as its own form would send it; several in one request (games/views/backlog.py).
  async function send(batch) {
    if (batch.length === 1) {
      const entry = batch[0];
      const response = await post(entry.url, new URLSearchParams(entry.fields), {
        "HX-Request": "true",
        "HX-Current-URL": window.location.href,
      });
      if (response.status >= 500) {
        throw new Error(`${response.status}`);
      }
      const html = await response.text();
      if (response.ok) {
        return { done: 1, refused: null, table: html, trigger: response.headers.get("HX-Trigger") };
      }
      return {
        done: 0,
        refused: { index: 0, reason: reasonIn(html, response.status) },
        table: response.status === 409 || response.status === 422 ? html : null, // drawn with why
      };
    }
    const response = await post(
      server.urls.entries,
      JSON.stringify({ entries: batch.map(({ action, fields }) => ({ action, fields })) }),
      {
        "Content-Type": "application/json",
      },
    );
    if (response.status >= 500) {
      throw new Error(`${response.status}`);
    }
    if (!response.ok) {
      const text = await response.text();
      return {
        done: 0,
        refused: { index: 0, reason: reasonIn(text, response.status) },
        table: null,
      };
    }
    return response.json();
  }

  function reasonIn(html, status) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const error = page.querySelector(".error") || page.querySelector("[role=alert], h1");
    return (error && error.textContent.trim()) || `${status}`;
  }

  async function flush() {
    if (sending || refused || !entries.length) {
      return;
    }
    sending = true;
    window.clearTimeout(retry);
    const waited = showing || offline; // the scorekeeper saw entries waiting
    try {
      while (entries.length && !refused) {
        const batch = entries.slice();
        const answer = await send(batch);
        const forgotten = [forget(answer.done)];
        if (answer.refused && !waited && entries.length === 1 && answer.table) {
          // Refused as it was made, online: the server's table says why, in place, as
          // before any entry was kept; there is nothing else waiting behind it.
          forgotten.push(forget(1));
        } else if (answer.refused) {
          refused = { entry: batch[answer.refused.index], reason: answer.refused.reason };
        }
        if (answer.table) {
          swapIn(answer.table, answer.trigger);
        }
        await Promise.all(forgotten);
        offline = false;
        backoff = 1000;
      }
      if (!entries.length && waited && !refused) {
        status(ahead ? ahead.words.sent : "");
        window.setTimeout(() => {
          if (!entries.length) {
            status("");
          }
        }, 6000);
      }
    } catch (error) {
      // No network, a timeout, the server restarting: kept, and tried again later.
      offline = true;
      retry = window.setTimeout(flush, backoff);
      backoff = Math.min(backoff * 2, MOST_BACKOFF_MS);
    } finally {
      sending = false;
      draw();
    }
  }

  function swapIn(html, trigger) {
    const target = element();
    if (!target) {
      return;
    }
    window.htmx.swap(target, html, { swapStyle: "outerHTML" });
    if (trigger) {
      try {
        const events = JSON.parse(trigger);
        for (const name of Object.keys(events)) {
          document.dispatchEvent(new CustomEvent(name, { detail: { value: events[name] } }));
        }
      } catch (error) {
        // A trigger without details carries nothing to say.
      }
    }
  }

  // The newest table from the server: kept for a reopening without a network.
  document.addEventListener("htmx:afterSwap", () => {
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
      aside = null; // the server's new table replaced the phone's
      showing = false;
    }
    if (entries.length || refused || stale) {
      draw();
    }
  });

  // Every entry form of the table goes through the outbox rather than straight to the server.
  document.addEventListener("htmx:confirm", (event) => {
    const form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (event.detail.verb !== "post" || !form) {
      return;
    }
    const action = actionOf(form.getAttribute("action"));
    if (!action) {
      return; // "New session, same table" and the like
    }
    event.preventDefault();
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    if (action === "undo") {
      undo();
      return;
    }
    const fields = Object.fromEntries(new FormData(form, submitter || undefined));
    delete fields.csrfmiddlewaretoken;
    // Like hx-disabled-elt: this form is done until the table is drawn again.
    for (const button of form.querySelectorAll("button")) {
      button.disabled = true;
    }
    keep({ action, url: form.getAttribute("action"), fields });
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
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      flush();
    }
  });

  function setBusy(busy) {
    const target = element();
    if (target) {
      for (const button of target.querySelectorAll("button[type=submit]")) {
        button.disabled = busy || button.classList.contains("forbidden");
      }
    }
  }

  // -- what the screen shows -------------------------------------------------------------

  function status(text) {
    let line = document.getElementById("connection");
    if (!line) {
      line = document.createElement("p");
      line.id = "connection";
      line.className = "connection";
      line.setAttribute("role", "status");
      const main = document.getElementById("main");
      main.insertBefore(line, main.firstChild);
    }
    line.textContent = text;
    line.hidden = !text;
  }

  function current() {
    const model = window.scorekeeperModel;
    const fold = { kozel: model.kozel, rounds: model.rounds }[server.game] || model.ohHell;
    return fold(ahead, server, entries);
  }

  // The phone's table takes the place of the server's inside #table (or #kozel), which goes
  // on polling; the server's own content waits aside until it is shown again.
  let aside = null;

  function phoneTable(target) {
    let box = document.getElementById("offline-table");
    if (!box) {
      aside = document.createElement("div");
      aside.append(...target.childNodes);
      box = document.createElement("div");
      box.id = "offline-table";
      box.className = "offline-table";
      target.append(box);
    }
    showing = true;
    return box;
  }

  function serverTable(target) {
    if (aside && document.getElementById("offline-table")) {
      target.replaceChildren(...aside.childNodes); // nothing was sent: it is still right
    }
    aside = null;
    showing = false;
  }

  function draw() {
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
    const words = ahead.words;
    if (refused) {
      // The session as the server has it, with what was kept and why it was refused.
      serverTable(target);
      status("");
      drawRefusal(target);
      return;
    }
    const refusalBox = document.getElementById("refused");
    if (refusalBox) {
      refusalBox.remove();
    }
    if (!entries.length && !problem && !stale) {
      serverTable(target);
      return;
    }
    if (!entries.length && problem && !showing && !stale) {
      status(problem);
      problem = "";
      return;
    }
    const box = phoneTable(target);
    // Drawn again only when something changed: a retry must not clear what is being typed.
    const drawn = JSON.stringify([
      server.version,
      entries.map((e) => e.fields.idem),
      chosen,
      problem,
    ]);
    if (box.dataset.drawn === drawn) {
      updateStatus();
      return;
    }
    box.dataset.drawn = drawn;
    const view = current();
    box.innerHTML =
      window.scorekeeperOfflineTable.draw(server, ahead, view, chosen, aside) +
      (problem ? `<p class="error" role="alert">${escape(problem)}</p>` : "");
    problem = "";
    updateStatus();
  }

  function updateStatus() {
    if (entries.length) {
      const words = ahead.words;
      const waiting = offline || !navigator.onLine;
      status(plural(waiting ? words.kept : words.sending, entries.length));
    }
  }

  function drawRefusal(target) {
    let box = document.getElementById("refused");
    if (!box) {
      box = document.createElement("section");
      box.id = "refused";
      box.className = "panel refused";
      target.parentNode.insertBefore(box, target);
    }
    const waiting = entries.filter((entry) => entry.fields.idem !== refused.entry.fields.idem);
    box.innerHTML = window.scorekeeperOfflineTable.refusal(server, ahead, refused, waiting);
  }

  // An entry taken off the phone unsent: Undo of a kept entry, or a refused one dropped.
  function drop(idem) {
    entries = entries.filter((entry) => entry.fields.idem !== idem);
    return db.update(
      KEY.entries,
      (list) => (list || []).filter((entry) => entry.fields.idem !== idem),
      store,
    );
  }

  document.addEventListener("click", async (event) => {
    if (event.target.closest && event.target.closest("#refused [data-drop]")) {
      const dropped = refused.entry;
      refused = null;
      await drop(dropped.fields.idem);
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

  load().catch(() => {});
})();
