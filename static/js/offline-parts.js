// The parts of the outbox (static/js/offline.js; docs/phone.md, "Offline") that hold nothing
// of the session: small helpers, the way to the server, and the screen it draws on.
//
// An entry goes as its own form would send it, several in one backlog request
// (games/views/backlog.py). What comes back is one of three things:
//   - an answer: made, or refused with the server's reason (a 4xx);
//   - the server's own error (a 500): the entry is refused, `failed`, and not sent again
//     unasked, since sending it again would meet the same error;
//   - no answer (no network, none in time, or a proxy saying the app is away: 502, 503,
//     504): `Unanswered` is thrown, and the outbox tries again later, a bounded number of
//     times.
(function () {
  "use strict";

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

  const TIMEOUT_MS = 10000;
  const AWAY = new Set([502, 503, 504]); // a proxy's answer while the app restarts

  class Unanswered extends Error {}

  const token = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  };

  async function post(url, body, headers) {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: "POST",
        body,
        credentials: "same-origin",
        signal: controller.signal,
        headers: { "X-CSRFToken": token(), ...headers },
      });
      if (AWAY.has(response.status)) {
        throw new Unanswered(`${response.status}`);
      }
      return response;
    } catch (error) {
      throw error instanceof Unanswered ? error : new Unanswered(String(error));
    } finally {
      window.clearTimeout(timer);
    }
  }

  function reasonIn(html, status) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const error = page.querySelector(".error") || page.querySelector("[role=alert], h1");
    return (error && error.textContent.trim()) || `${status}`;
  }

  const failed = { done: 0, refused: { index: 0, failed: true }, table: null };

  // One entry as its own form would send it; several in one request (games/views/backlog.py).
  async function send(batch, backlogUrl) {
    if (batch.length === 1) {
      const entry = batch[0];
      const response = await post(entry.url, new URLSearchParams(entry.fields), {
        "HX-Request": "true",
        "HX-Current-URL": window.location.href,
      });
      if (response.status >= 500) {
        return failed;
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
      backlogUrl,
      JSON.stringify({ entries: batch.map(({ action, fields }) => ({ action, fields })) }),
      { "Content-Type": "application/json" },
    );
    if (response.status >= 500) {
      return failed;
    }
    if (!response.ok) {
      // A 4xx of the backlog says why in JSON ({"error": ...}); another page, in its HTML.
      const text = await response.text();
      let reason = "";
      try {
        reason = JSON.parse(text).error || "";
      } catch (error) {
        reason = "";
      }
      return {
        done: 0,
        refused: { index: 0, reason: reason || reasonIn(text, response.status) },
        table: null,
      };
    }
    try {
      return await response.json();
    } catch (error) {
      throw new Unanswered("not the server's answer"); // cut short, or a page in its place
    }
  }

  // Why the sending stops on the phone's side, in the page's words (data-msg-*, from
  // templates/games/_offline_scripts.html): the server's own error, no answer, kept too long.
  // How long an entry is kept comes from the server too (data-keep-days, from
  // games.services.notebook.ENTRY_KEEP_DAYS), counted from the tap by the phone's clock;
  // older, it is never sent: the server may have forgotten its key by then.
  function limits(page) {
    const says = {
      failed: [page.msgFailedTitle, page.msgFailed, page.msgTryAgain],
      unreachable: [page.msgStoppedTitle, page.msgStopped, page.msgTryAgain],
      old: [page.msgOldTitle, page.msgOld, ""],
    };
    const keepMs = Number(page.keepDays) * 24 * 60 * 60 * 1000 || Infinity;
    return {
      tooOld: (entry) => Date.now() - entry.kept > keepMs,
      stop(kind, entry) {
        const [title, reason, again] = says[kind];
        return { entry, kind, title: title || "", reason: reason || "", again: again || "" };
      },
    };
  }

  // -- what this phone keeps ---------------------------------------------------------------
  // A session's entries in IndexedDB (idb-keyval), in order. IndexedDB runs its writes in
  // order, so a "forget" written after an "add" cannot overtake it. An entry kept before
  // the phone noted when it was tapped is counted from the day it is first read.
  function keptList(db, store, key) {
    const dated = (list, now) =>
      (list || []).map((entry) => (entry.kept ? entry : { ...entry, kept: now }));
    return {
      async all() {
        const list = (await db.get(key, store)) || [];
        if (list.every((entry) => entry.kept)) {
          return list;
        }
        const now = Date.now();
        await db.update(key, (kept) => dated(kept, now), store).catch(() => {});
        return dated(list, now);
      },
      add: (entry) => db.update(key, (list) => [...(list || []), entry], store),
      remove(idems) {
        const out = new Set(idems);
        return db.update(
          key,
          (list) => (list || []).filter((entry) => !out.has(entry.fields.idem)),
          store,
        );
      },
    };
  }

  // Like hx-disabled-elt while an entry is on its way: the table's buttons wait.
  function setBusy(target, busy) {
    for (const button of target ? target.querySelectorAll("button[type=submit]") : []) {
      button.disabled = busy || button.classList.contains("forbidden");
    }
  }

  // -- the screen ------------------------------------------------------------------------
  // The phone's table takes the place of the server's inside #table, which goes
  // on polling; the server's own content waits aside until it is shown again. What the
  // player has open, chosen or focused stays across each change (keep.js).
  function screen(keeper) {
    let aside = null;
    let carried = null; // what the player had open when the server's answer came (swapIn)

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
      // Stuck at the top (app.css): a round game's totals stick below it.
      document.documentElement.style.setProperty("--connection", `${line.offsetHeight}px`);
    }

    // The phone's table, drawn by html(serverTable) unless it shows `drawn` already: a retry
    // must not clear what is being typed. `carried`: what the player had open in the phone's
    // table an answer just replaced, with entries still waiting behind it.
    function phone(target, drawn, html) {
      let box = document.getElementById("offline-table");
      if (box && box.dataset.drawn === drawn) {
        return;
      }
      const kept = carried || keeper.capture(target);
      if (!box) {
        aside = document.createElement("div");
        aside.append(...target.childNodes);
        box = document.createElement("div");
        box.id = "offline-table";
        box.className = "offline-table";
        target.append(box);
      }
      box.dataset.drawn = drawn;
      box.innerHTML = html(aside);
      keeper.restore(kept);
    }

    function server(target) {
      if (aside && document.getElementById("offline-table")) {
        const kept = keeper.capture(target);
        target.replaceChildren(...aside.childNodes); // nothing was sent: it is still right
        // Its buttons were waiting for an answer when it was set aside (setBusy, a form
        // sent): it is the table to tap on now.
        for (const button of target.querySelectorAll("button:disabled:not(.forbidden)")) {
          button.disabled = false;
        }
        keeper.restore(kept);
      }
      aside = null;
    }

    // The server's answer in the table's place. What the player has open in it stays open, in
    // the server's table and, when entries still wait behind this answer, in the phone's table
    // drawn again over it (during the swap: offline.js draws on htmx:afterSwap).
    function swapIn(target, html, trigger) {
      carried = keeper.capture(target);
      keeper.hold(carried);
      window.htmx.swap(target, html, { swapStyle: "outerHTML" });
      keeper.hold(null);
      carried = null;
      try {
        const events = trigger ? JSON.parse(trigger) : {};
        for (const name of Object.keys(events)) {
          document.dispatchEvent(new CustomEvent(name, { detail: { value: events[name] } }));
        }
      } catch (error) {
        // A trigger without details carries nothing to say.
      }
    }

    // The server's new table replaced the phone's (an htmx swap).
    function swapped() {
      if (!document.getElementById("offline-table")) {
        aside = null;
      }
    }

    // Why the sending stopped, above the table; brought into view when `news` (what stopped
    // it) changes, not with each tap kept behind it (the scorekeeper may be down at the
    // counts or the totals).
    function refusal(target, html, news = "") {
      let box = document.getElementById("refused");
      if (!html) {
        if (box) {
          box.remove();
        }
        return;
      }
      if (!box) {
        box = document.createElement("section");
        box.id = "refused";
        box.className = "panel refused";
        target.parentNode.insertBefore(box, target);
      }
      if (box.dataset.drawn !== html) {
        box.dataset.drawn = html;
        box.innerHTML = html;
      }
      if (box.dataset.news !== news) {
        box.dataset.news = news;
        const place = box.getBoundingClientRect();
        if (place.top < 0 || place.top > window.innerHeight - 120) {
          box.scrollIntoView({ block: "start" });
        }
      }
    }

    return { status, phone, server, swapIn, swapped, refusal };
  }

  window.scorekeeperSend = { send, Unanswered, limits, keptList, setBusy, screen };
})();
