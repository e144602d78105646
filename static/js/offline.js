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
  if (!first || !session || !window.idbKeyval || !window.scorekeeperModel) {
    return; // not a scorekeeper's deal screen
  }
  const Model = window.scorekeeperModel;
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
  const say = (template, params) =>
    template.replace(/%\((\w+)\)s/g, (whole, name) =>
      name in params ? String(params[name]) : whole,
    );
  const plural = (forms, n) => {
    const rules = new Intl.PluralRules(document.documentElement.lang || "en");
    const sample = Object.keys(forms).find(
      (each) => rules.select(Number(each)) === rules.select(n),
    );
    return say(forms[sample || Object.keys(forms).pop()], { n });
  };
  const escape = (text) =>
    String(text).replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
    );
  const newKey = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  };

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
    if (!ahead) {
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

  async function fetchAhead(language) {
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
      // Offline before the first answer: the entries are still kept and sent later.
    }
  }

  async function keep(entry) {
    if (entries.some((each) => each.fields.idem === entry.fields.idem)) {
      return; // the same form twice: a double tap
    }
    const view = ahead && current();
    problem = (view && Model.refusal(ahead, view, entry)) || "";
    if (problem) {
      draw();
      return;
    }
    entries = [...entries, entry];
    await db.update(KEY.entries, (list) => [...(list || []), entry], store);
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
  }

  async function forget(count) {
    const sent = new Set(entries.slice(0, count).map((entry) => entry.fields.idem));
    entries = entries.filter((entry) => !sent.has(entry.fields.idem));
    await db.update(
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
        table: response.status < 404 ? html : null,
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
    const error = page.querySelector(".error, [role=alert], h1");
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
        await forget(answer.done);
        if (answer.refused) {
          refused = { entry: batch[answer.refused.index], reason: answer.refused.reason };
        }
        if (answer.table) {
          swapIn(answer.table, answer.trigger);
        }
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
      }
    }
    if (showing || refused) {
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
      undo(form);
      return;
    }
    const fields = Object.fromEntries(new FormData(form, submitter || undefined));
    delete fields.csrfmiddlewaretoken;
    keep({ action, url: form.getAttribute("action"), fields });
  });

  // Undo takes back the last entry kept on this phone, which the server never saw; with
  // none waiting, it is the server's own undo.
  async function undo(form) {
    if (entries.length) {
      const last = entries[entries.length - 1];
      entries = entries.slice(0, -1);
      await db.update(
        KEY.entries,
        (list) => (list || []).filter((entry) => entry.fields.idem !== last.fields.idem),
        store,
      );
      draw();
      return;
    }
    if (!form) {
      problem = ahead ? ahead.words.nothing_to_undo : "";
      draw();
      return;
    }
    const fields = Object.fromEntries(new FormData(form));
    try {
      const response = await post(form.getAttribute("action"), new URLSearchParams(fields), {
        "HX-Request": "true",
      });
      if (response.status >= 500) {
        throw new Error(`${response.status}`);
      }
      swapIn(await response.text(), response.headers.get("HX-Trigger"));
    } catch (error) {
      problem = ahead ? ahead.words.nothing_to_undo : "";
      offline = true;
      draw();
    }
  }

  // A poll that gets through means the connection is back: send first, then show the server.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
    if (path.includes("/live/") && entries.length && !refused) {
      event.detail.shouldSwap = false;
      flush();
    }
  });
  document.addEventListener("htmx:sendError", () => {
    if (entries.length) {
      offline = true;
      draw();
    }
  });
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
    return server.game === "kozel"
      ? Model.kozel(ahead, server, entries)
      : Model.ohHell(ahead, server, entries);
  }

  function draw() {
    const target = element();
    let box = document.getElementById("offline-table");
    if (!ahead || !target) {
      if (entries.length) {
        status(plural(ahead ? ahead.words.kept : { 1: "%(n)s" }, entries.length));
      }
      return;
    }
    const words = ahead.words;
    if (refused) {
      // The session as the server has it, with what was kept and why it was refused.
      if (box) {
        box.remove();
      }
      target.hidden = false;
      showing = false;
      status("");
      drawRefusal(target);
      return;
    }
    const refusalBox = document.getElementById("refused");
    if (refusalBox) {
      refusalBox.remove();
    }
    if (!entries.length && !problem && !stale) {
      if (box) {
        box.remove();
      }
      target.hidden = false;
      showing = false;
      return;
    }
    if (!entries.length && problem && !showing && !stale) {
      status(problem);
      problem = "";
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "offline-table";
      box.className = "offline-table";
      target.parentNode.insertBefore(box, target);
    }
    target.hidden = true;
    showing = true;
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
      (server.game === "kozel" ? kozelTable(view, words) : ohHellTable(view, words)) +
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

  function describe(entry) {
    const f = entry.fields;
    const names = server.names;
    const label = ahead.words.actions[entry.action] || entry.action;
    const parts = {
      trump: () => (ahead.words.suits && ahead.words.suits[f.trump]) || ahead.words.no_trump,
      bid: () => `${names[f.seat]}: ${f.bid}`,
      trick: () => `${f.trick}: ${names[f.seat]}`,
      undo_trick: () => f.trick,
      tricks: () => names.map((name, seat) => `${name} ${f[`tricks-${seat}`]}`).join(", "),
      revoke: () => names[f.seat],
      adjust: () => `${names[f.seat]} ${Number(f.points) > 0 ? "+" : ""}${f.points}`,
      kozel_deal: () => `${server.teams[f.team]}: ${f.points}`,
    };
    return `${label} · ${(parts[entry.action] || (() => ""))()}`;
  }

  function drawRefusal(target) {
    const words = ahead.words;
    let box = document.getElementById("refused");
    if (!box) {
      box = document.createElement("section");
      box.id = "refused";
      box.className = "panel refused";
      target.parentNode.insertBefore(box, target);
    }
    const waiting = entries.filter(
      (entry) => entry !== refused.entry && entry.fields.idem !== refused.entry.fields.idem,
    );
    box.innerHTML = `<p class="error" role="alert">${escape(words.refused)}</p>
      <p><strong>${escape(describe(refused.entry))}</strong>: ${escape(refused.reason)}</p>
      <button type="button" class="btn" data-drop>${escape(words.drop)}</button>
      ${waiting.length ? `<p>${escape(words.waiting)}</p><ol class="kept">${waiting.map((entry) => `<li>${escape(describe(entry))}</li>`).join("")}</ol>` : ""}`;
  }

  document.addEventListener("click", async (event) => {
    if (event.target.closest && event.target.closest("#refused [data-drop]")) {
      const dropped = refused.entry;
      refused = null;
      entries = entries.filter((entry) => entry.fields.idem !== dropped.fields.idem);
      await db.update(
        KEY.entries,
        (list) => (list || []).filter((entry) => entry.fields.idem !== dropped.fields.idem),
        store,
      );
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
      undo(null);
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

  function form(action, hidden, body, extra = "") {
    const inputs = Object.entries({ idem: newKey(), ...hidden })
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
      .join("");
    return `<form method="post" data-action="${action}" ${extra}>${inputs}${body}</form>`;
  }

  function undoRow(words) {
    return `<div class="subnav"><button type="button" class="link-btn" data-undo>${escape(words.undo)}</button></div>`;
  }

  function pendingNote(words) {
    return `<span class="pending-mark">(${escape(words.pending)})</span>`;
  }

  function ohHellTable(view, words) {
    const names = server.names;
    const state = view.state;
    const parts = [undoRow(words)];
    const deal = view.deal;
    if (deal) {
      const cards = words.by_cards[String(deal.cards)];
      parts.push(`<div class="deal-line"><h1>${escape(say(words.deal_title, { n: deal.number, total: ahead.total_deals }))}${state.replay ? ` · ${escape(words.played_again)}` : ""}</h1>
        <p class="deal-facts">${escape(cards.facts)} · ${escape(words.dealer)} <strong>${escape(names[deal.dealer])}</strong></p></div>`);
    }
    if (state.last) {
      const line = state.last.revoked
        ? say(words.revoked, { n: state.last.plan })
        : say(words.scored, { n: state.last.plan });
      const rows = state.last.rows
        .map((row, seat) => ` · ${row.made ? "✓" : ""}${escape(names[seat])} ${row.score}`)
        .join("");
      parts.push(
        `<p class="panel last-line"><strong>${escape(line)}</strong>${rows} ${pendingNote(words)}</p>`,
      );
    }
    if (deal) {
      const changing =
        view.complete && state.winners.length === 0 && chosen !== null && view.canChange(chosen);
      if (!view.complete || changing) {
        parts.push(trumpPanel(view, words), bidsPanel(view, words));
      }
      if (view.announcement) {
        const a = view.announcement;
        const call = a.call === "even" ? words.even : say(words[a.call], { by: a.by });
        parts.push(
          `<p class="announcement call-${a.call}">${escape(call)} <span class="announcement-detail">${escape(say(words.by_cards[String(deal.cards)].call, { bids: a.bids }))}</span></p>`,
        );
      }
      if (view.complete && !changing) {
        parts.push(playPanel(view, words));
      }
    } else {
      const winners = view.standings.filter((s) => s.winner).map((s) => names[s.seat]);
      const said =
        winners.length > 1
          ? say(words.shared_win, { names: winners.join(", ") })
          : say(words.wins, { name: winners[0] });
      parts.push(
        `<section class="panel end"><h1>${escape(words.game_over)}</h1><p class="announcement">${escape(said)}</p></section>`,
      );
    }
    const standings = view.standings
      .map(
        (s) =>
          `<li${s.winner && !deal ? ' class="winner"' : ""}><span class="place">${s.place}.</span> <span class="standing-name">${escape(names[s.seat])}</span> <strong class="standing-total">${s.total}</strong></li>`,
      )
      .join("");
    parts.push(
      `<section class="panel"><h2 class="small-title">${escape(words.totals)} ${pendingNote(words)}</h2><ol class="standings">${standings}</ol></section>`,
    );
    return parts.join("");
  }

  function trumpPanel(view, words) {
    const deal = view.deal;
    const state = view.state;
    const symbols = { S: "♠", H: "♥", D: "♦", C: "♣" };
    if (deal.trump) {
      const shown =
        deal.trump === "NT" ? words.no_trump : `${symbols[deal.trump]} ${words.suits[deal.trump]}`;
      return `<section class="panel compact-panel"><p class="trump-fixed"><span class="line-label">${escape(words.trump)}</span> <strong>${escape(shown)}</strong></p></section>`;
    }
    const buttons = Object.keys(symbols)
      .map(
        (suit) =>
          `<button type="submit" name="trump" value="${suit}" class="suit-btn suit-${suit}" aria-pressed="${state.trump === suit}" aria-label="${escape(words.suits[suit])}">${symbols[suit]}</button>`,
      )
      .join("");
    return `<section class="panel compact-panel">${form("trump", { deal: state.deal }, `<span class="line-label">${escape(words.trump)}</span>${buttons}`, 'class="suit-row"')}</section>`;
  }

  function bidsPanel(view, words) {
    const deal = view.deal;
    const state = view.state;
    const names = server.names;
    const pickable = (seat) => wantsBid(state, seat) || view.canChange(seat);
    const seat = chosen !== null && pickable(chosen) ? chosen : view.toBid;
    const chips = deal.order
      .map((each) => {
        const bid = state.bids[each];
        const shown =
          bid !== null
            ? `${bid}${state.out_of_turn.includes(each) ? "*" : ""}`
            : each === view.toBid
              ? "…"
              : "–";
        const badge =
          each === deal.dealer
            ? ` <span class="dealer-tag" title="${escape(words.dealer)}">${escape(words.dealer_badge)}</span>`
            : "";
        const inner = `<span class="bidder-name">${escape(names[each])}${badge}</span> <span class="bidder-bid">${shown}</span>`;
        const classes = `bid-chip${each === view.toBid ? " turn" : ""}${each === seat ? " chosen" : ""}`;
        if (each !== seat && pickable(each)) {
          const label = bid === null ? words.pick_out_of_turn : words.pick_change;
          return `<li class="${classes}"><button type="button" class="link-btn" data-pick="${each}" aria-label="${escape(say(label, { name: names[each] }))}">${inner}</button></li>`;
        }
        return `<li class="${classes}">${inner}</li>`;
      })
      .join("");
    let keypad = "";
    if (seat !== undefined && seat !== null) {
      const forbidden = view.forbidden(seat);
      const keys = [];
      for (let n = 0; n <= deal.cards; n += 1) {
        keys.push(
          n === forbidden
            ? `<button type="submit" name="bid" value="${n}" class="key forbidden" disabled aria-label="${escape(say(words.forbidden, { n }))}"><s>${n}</s></button>`
            : `<button type="submit" name="bid" value="${n}" class="key">${n}</button>`,
        );
      }
      const reason =
        forbidden === null
          ? ""
          : `<p class="hook-reason">${escape(say(words.by_cards[String(deal.cards)].hook, { name: names[seat], n: forbidden }))}</p>`;
      const was = state.bids[seat] === null ? "" : state.bids[seat];
      keypad = form(
        "bid",
        { deal: state.deal, seat, was },
        `<p class="keypad-label" id="offline-keypad-label">${escape(say(words.bids_label, { name: names[seat] }))}</p><div class="keypad" role="group" aria-labelledby="offline-keypad-label">${keys.join("")}</div>${reason}`,
        'class="keypad-form" data-next',
      );
    }
    const running = say(words.by_cards[String(deal.cards)].bids_of, { bids: view.bidsTotal });
    return `<section class="panel"><h2 class="small-title">${escape(words.bids)} <span class="running">${escape(running)}</span></h2><ol class="bid-chips">${chips}</ol>${keypad}</section>`;
  }

  function wantsBid(state, seat) {
    return state.bids[seat] === null || state.bids[seat] === undefined;
  }

  function playPanel(view, words) {
    const deal = view.deal;
    const state = view.state;
    const names = server.names;
    const played = state.winners.length;
    const parts = [];
    if (view.playOver) {
      parts.push(`<h2 class="small-title">${escape(words.all_played)}</h2>`);
      const hidden = { deal: state.deal };
      view.taken.forEach((count, seat) => {
        hidden[`tricks-${seat}`] = count;
      });
      const chips = deal.order
        .map(
          (seat) =>
            `<li class="bid-chip${state.bids[seat] === view.taken[seat] ? " made" : ""}"><span class="bidder-name">${escape(names[seat])}</span> <span class="bidder-bid">${view.taken[seat]}/${state.bids[seat]}</span></li>`,
        )
        .join("");
      parts.push(
        form(
          "tricks",
          hidden,
          `<ol class="bid-chips">${chips}</ol><button type="submit" class="btn btn-primary">${escape(words.score)}</button>`,
          "data-next",
        ),
      );
    } else {
      parts.push(
        `<h2 class="small-title">${escape(say(words.trick_question, { n: played + 1, cards: deal.cards }))}</h2>`,
      );
      const buttons = deal.order
        .map(
          (seat) =>
            `<button type="submit" name="seat" value="${seat}" class="btn trick-btn">${escape(names[seat])} <span class="small" aria-label="${escape(say(words.taken, { t: view.taken[seat], b: state.bids[seat] }))}">${view.taken[seat]}/${state.bids[seat]}</span></button>`,
        )
        .join("");
      parts.push(
        form(
          "trick",
          { deal: state.deal, trick: played + 1 },
          buttons,
          'class="trick-row" data-next',
        ),
      );
      const rows = deal.order
        .map((seat) => {
          const keys = [];
          for (let n = 0; n <= deal.cards; n += 1) {
            keys.push(
              `<label class="radio-key"><input type="radio" name="tricks-${seat}" value="${n}"><span>${n}</span></label>`,
            );
          }
          return `<fieldset class="tricks-row"><legend>${escape(names[seat])} <span class="muted small">${escape(say(words.bid_n, { bid: state.bids[seat] }))}</span></legend><div class="radio-keys">${keys.join("")}</div></fieldset>`;
        })
        .join("");
      parts.push(
        `<details class="counts"><summary>${escape(words.counts)}</summary>${form("tricks", { deal: state.deal }, `${rows}<button type="submit" class="btn btn-primary">${escape(words.score)}</button>`, `class="tricks-form" data-cards="${deal.cards}"`)}</details>`,
      );
    }
    if (played) {
      parts.push(
        form(
          "undo_trick",
          { deal: state.deal, trick: played },
          `<button type="submit" class="link-btn">${escape(say(words.take_back, { n: played }))}</button>`,
        ),
      );
    }
    return `<section class="panel">${parts.join("")}</section>`;
  }

  function kozelTable(view, words) {
    const state = view.state;
    const names = server.names;
    const parts = [undoRow(words)];
    const bars = state.defeat_points
      .map(
        (points, team) =>
          `<div class="team-bar${state.goat === team ? " goat" : ""}"><div class="team-bar-label"><span>${escape(server.teams[team])}</span> <strong>${points} / ${ahead.lookups.limit}</strong></div><progress class="bar" max="${ahead.lookups.limit}" value="${points}" aria-label="${escape(server.teams[team])}">${points}</progress></div>`,
      )
      .join("");
    parts.push(
      `<section class="panel compact-panel"><div class="team-bars">${bars}</div> ${pendingNote(words)}</section>`,
    );
    const last = state.last;
    if (last) {
      let line = last.eggs
        ? say(words.eggs_line, { n: last.number })
        : say(words.points_line, {
            n: last.number,
            a: last.card_points[0],
            b: last.card_points[1],
          });
      if (!last.eggs) {
        line += ` ${say(plural(words.take, last.defeat_points[last.loser]), { name: server.teams[last.loser] })}`;
      }
      parts.push(`<p class="panel last-line">${escape(line)} ${pendingNote(words)}</p>`);
    }
    if (view.finished) {
      parts.push(
        `<p class="announcement call-over">${escape(say(words.goat, { name: server.teams[state.goat] }))}</p>`,
      );
      return parts.join("");
    }
    let facts = `${escape(words.dealer)} <strong>${escape(names[state.dealer])}</strong> · ${escape(words.leads)} <strong>${escape(names[state.leader])}</strong>`;
    if (state.times > 1) {
      facts += ` · <strong>×${state.times}</strong>`;
    }
    if (state.plus) {
      facts += ` · <strong>+${state.plus}</strong>`;
    }
    // The server's own form, with this deal's number and a fresh once-only key.
    const original = element() && element().querySelector("form[data-kozel]");
    let formHtml = "";
    if (original) {
      const copy = original.cloneNode(true);
      for (const button of copy.querySelectorAll("button[disabled]")) {
        button.removeAttribute("disabled"); // the original may be waiting for its answer
      }
      for (const said of copy.querySelectorAll("[data-other-team]")) {
        said.textContent = "";
      }
      for (const styled of copy.querySelectorAll("[style]")) {
        styled.removeAttribute("style"); // set by scripts at run time; the CSP refuses it in HTML
      }
      copy.removeAttribute("hx-post");
      copy.dataset.action = "kozel_deal";
      // Attributes, not properties: the copy is drawn from its HTML.
      copy.querySelector("input[name=deal]").setAttribute("value", String(state.deals + 1));
      copy.querySelector("input[name=idem]").setAttribute("value", newKey());
      const points = copy.querySelector("input[name=points]");
      points.setAttribute("value", "");
      points.id = "offline-points";
      for (const checked of copy.querySelectorAll("input[name=took_trick][checked]")) {
        checked.removeAttribute("checked");
      }
      for (const error of copy.querySelectorAll(".error")) {
        error.remove();
      }
      formHtml = copy.outerHTML.replace('for="points"', 'for="offline-points"');
    }
    parts.push(
      `<section class="panel"><div class="deal-line"><h1>${escape(say(words.deal, { n: state.deals + 1 }))}</h1><p class="deal-facts">${facts}</p></div>${formHtml}</section>`,
    );
    return parts.join("");
  }

  load().catch(() => {});
})();
