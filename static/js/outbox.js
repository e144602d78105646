// The scorekeeper's outbox (issue 32; docs/phone.md "Offline"): every entry is kept on this
// phone first (IndexedDB, through the vendored idb-keyval), then sent, in order, until the
// server has it: exactly once, by the form's once-only key (`idem`). This module holds all
// of it: the store and its keys, the way to the server, the back-off, what an
// acknowledgement takes off the list, and forgetting a session. It draws nothing: the
// table's view (static/js/offline.js) is told through the hooks it gives.
//
// An entry goes as its own form would send it, several in one backlog request
// (games/views/backlog.py). What comes back is one of three things:
//   - an answer: made, or refused with the server's reason (a 4xx);
//   - the server's own error (a 500): the entry is refused, `failed`, and not sent again
//     unasked, since sending it again would meet the same error;
//   - no answer (no network, none in time, or a proxy saying the app is away: 502, 503,
//     504): `Unanswered` is thrown, and the outbox tries again later, a bounded number of
//     times.
import { createStore, delMany, get, promisifyRequest, set, update } from "./idb-keyval.js";

// -- the store and its keys --------------------------------------------------------------

const store = createStore("scorekeeper", "kept");

// What this phone keeps of a session: its entries, the state the server last drew, and
// the words and forms sent ahead (one per language).
export const keys = (id) => ({
  entries: `entries:${id}`,
  state: `state:${id}`,
  ahead: (language) => `ahead:${id}:${language}`,
});

export const read = (key) => get(key, store);
export const write = (key, value) => set(key, value, store);

// A session deleted, or its link stopped: everything this phone kept of it goes (wake.js,
// on the server's mark; the table's view, on the same mark in an answer).
export function forget(id) {
  const key = keys(id);
  return Promise.all([
    delMany([key.entries, key.state], store),
    store("readwrite", (kept) => {
      kept.delete(IDBKeyRange.bound(key.ahead(""), key.ahead("\uffff")));
      return promisifyRequest(kept.transaction);
    }),
  ]);
}

// A once-only key like the server's ({% form_key %}): 12 random bytes, URL-safe.
export const newKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
};

// A session's entries in IndexedDB, in order. IndexedDB runs its writes in order, so a
// "forget" written after an "add" cannot overtake it. An entry kept before the phone noted
// when it was tapped is counted from the day it is first read.
function keptList(key) {
  const dated = (list, now) =>
    (list || []).map((entry) => (entry.kept ? entry : { ...entry, kept: now }));
  return {
    async all() {
      const list = (await get(key, store)) || [];
      if (list.every((entry) => entry.kept)) {
        return list;
      }
      const now = Date.now();
      await update(key, (kept) => dated(kept, now), store).catch(() => {});
      return dated(list, now);
    },
    add: (entry) => update(key, (list) => [...(list || []), entry], store),
    remove(idems) {
      const out = new Set(idems);
      return update(
        key,
        (list) => (list || []).filter((entry) => !out.has(entry.fields.idem)),
        store,
      );
    },
  };
}

// -- the way to the server -----------------------------------------------------------------

const TIMEOUT_MS = 10000;
const AWAY = new Set([502, 503, 504]); // a proxy's answer while the app restarts

export class Unanswered extends Error {}

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

// -- the queue -----------------------------------------------------------------------------

const MOST_BACKOFF_MS = 30000;
// Tries without an answer, with the phone online, before the sending stops and says so:
// 1 + 2 + 4 + 8 + 16 + 30 + 30 s, about a minute and a half. Offline, none is counted.
const MOST_TRIES = 8;

// A session's outbox. ``page``: the words and limits (data-* of #outbox-words); ``urls``:
// the session's (its state's `urls`); ``view``: the table's hooks: waited() (the
// scorekeeper saw entries waiting), swapIn(html, trigger) (the server's answer),
// settled(waited) (the list is empty), changed() (draw again).
export function outbox(id, page, urls, view) {
  const list = keptList(keys(id).entries);
  const batchSize = Number(page.backlogSize) || 1; // entries one backlog request takes
  const { tooOld, stop } = limits(page);
  const box = {
    entries: [], // kept on this phone, in order, not yet acknowledged
    // {entry, reason, kind, title, again}: sending stops here until the scorekeeper
    // decides. kind: "refused" (the server said why), "failed" (its own error),
    // "unreachable" (no answer after MOST_TRIES: the table goes on from the phone), "old".
    refused: null,
    offline: false, // the last send failed
    gone: false, // the session was deleted or its link stopped: everything here forgotten
  };
  let sending = false;
  let backoff = 1000;
  let tries = 0; // sends in a row without an answer, online
  let retry = null;

  box.load = async () => {
    box.entries = await list.all();
  };

  // The same form sent twice with the same values is a double tap (null); with other
  // values, another entry: its own key.
  box.fresh = (entry) => {
    const same = box.entries.find((each) => each.fields.idem === entry.fields.idem);
    if (same && JSON.stringify(same.fields) === JSON.stringify(entry.fields)) {
      return null;
    }
    const kept = { ...entry, kept: Date.now() };
    return same ? { ...kept, fields: { ...kept.fields, idem: newKey() } } : kept;
  };

  // Written before anything is sent; the send does not wait for the disk (a tap stays fast).
  box.add = (entry) => {
    box.entries = [...box.entries, entry];
    return list.add(entry);
  };

  // Answered for: out of the list at once, out of IndexedDB in the background (if the page
  // dies before that, the entry is sent again and its key makes that a no-op).
  function acknowledged(count) {
    const sent = new Set(box.entries.slice(0, count).map((entry) => entry.fields.idem));
    box.entries = box.entries.filter((entry) => !sent.has(entry.fields.idem));
    return list.remove(sent);
  }

  // An entry taken off the phone unsent: Undo of a kept entry, or a refused one dropped.
  box.drop = (idem) => {
    box.entries = box.entries.filter((entry) => entry.fields.idem !== idem);
    return list.remove([idem]);
  };

  // Sending again from the start: a new connection, or "Try again" / "Drop it".
  box.again = () => {
    box.refused = null;
    tries = 0;
    backoff = 1000;
  };

  box.forgetAll = () => {
    box.gone = true;
    window.clearTimeout(retry);
    box.entries = [];
    box.refused = null;
    return forget(id);
  };

  // Sends what waits, in order. Done when nothing more can go now: every entry answered,
  // or the connection down, or the sending stopped. Asked while it runs, it is the same
  // sending (the entry just added goes with it): done when that one is.
  let running = null;
  box.flush = () => {
    if (!sending) {
      running = drain();
    }
    return running;
  };

  async function drain() {
    if (box.gone || box.refused || !box.entries.length) {
      return;
    }
    sending = true;
    window.clearTimeout(retry);
    const waited = view.waited() || box.offline; // the scorekeeper saw entries waiting
    let one = false; // after the server's own error: entry by entry, to find the one
    // Entries answered for, out of IndexedDB in the background: the next batch, and the
    // "sending" line's end, need not wait for a phone's storage (it may be slow).
    const forgetting = [];
    try {
      while (box.entries.length && !box.refused && !box.gone) {
        const old = box.entries.findIndex(tooOld);
        if (old === 0) {
          box.refused = stop("old", box.entries[0]);
          break;
        }
        // At most what one request takes (data-backlog-size, games.limits.MOST_BACKLOG):
        // a longer backlog goes in several, in order.
        const most = old === -1 ? box.entries.length : old;
        const batch = box.entries.slice(0, one ? 1 : Math.min(most, batchSize));
        const answer = await send(batch, urls.entries);
        tries = 0; // the server answered
        box.offline = false;
        backoff = 1000;
        if (answer.refused && answer.refused.failed) {
          if (batch.length > 1) {
            one = true; // the ones before it are made once, by their keys
            continue;
          }
          box.refused = stop("failed", batch[0]);
          break;
        }
        const forgotten = [acknowledged(answer.done)];
        if (answer.refused && !waited && box.entries.length === 1 && answer.table) {
          // Refused as it was made, online: the server's table says why, in place, as
          // before any entry was kept; there is nothing else waiting behind it.
          forgotten.push(acknowledged(1));
        } else if (answer.refused) {
          const entry = batch[answer.refused.index];
          box.refused = { entry, kind: "refused", reason: answer.refused.reason };
        }
        if (answer.table) {
          view.swapIn(answer.table, answer.trigger);
        }
        forgetting.push(...forgotten);
      }
      if (!box.gone && !box.entries.length && !box.refused) {
        view.settled(waited);
      }
    } catch (error) {
      // No network, no answer in time, the server restarting: kept, and tried again later;
      // with the phone online, MOST_TRIES times at most, then shown and stopped.
      box.offline = true;
      if (navigator.onLine !== false) {
        tries += 1;
      }
      if (!box.entries.length) {
        // nothing left to send
      } else if (tries >= MOST_TRIES) {
        box.refused = stop("unreachable", box.entries[0]);
      } else {
        retry = window.setTimeout(box.flush, backoff);
        backoff = Math.min(backoff * 2, MOST_BACKOFF_MS);
      }
    } finally {
      sending = false;
      view.changed();
    }
    // A tap made meanwhile is sent by its own flush; a reload before these are done sends
    // their entries again, a no-op by their keys.
    await Promise.all(forgetting).catch(() => {});
  }

  return box;
}
