// A player's own phone (a seat's link; docs/using.md "Each player's own phone"): a bid
// tapped without a connection is kept on the phone, said so in the page's language, and
// sent by itself when the connection is back (at the `online` event, and every few seconds
// meanwhile), with its own form key, so the server makes it once however often it comes.
// Any answer ends the keeping: the table the server sends, or its refusal, which says the
// bid that stands if the scorekeeper entered this seat's meanwhile. The scorekeeper's
// own entries go through the outbox (static/js/outbox.js); this is the seat's one bid.
import { showLine, stick } from "./follow.js";

const KEY = `scorekeeper:seat-bid:${window.location.pathname}`;
const RETRY_MS = 5000;
let sending = false;
let timer = null;

function kept() {
  try {
    return JSON.parse(window.localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

function say(entry) {
  const words = document.querySelector("[data-seat-words]");
  if (!entry) {
    const line = document.getElementById("seat-kept");
    if (line) {
      line.remove();
      stick();
    }
    return;
  }
  const said = words ? words.dataset.seatKept : "";
  // The key as tapped ("Blind nil"), else the bid sent.
  showLine("seat-kept", said.replace("%(bid)s", entry.label || entry.fields.bid));
}

function keep(entry) {
  window.localStorage.setItem(KEY, JSON.stringify(entry));
  say(entry);
  timer = timer || window.setInterval(send, RETRY_MS);
}

function drop() {
  window.localStorage.removeItem(KEY);
  say(null);
  window.clearInterval(timer);
  timer = null;
}

function send() {
  const entry = kept();
  if (!entry || sending || !navigator.onLine || !document.getElementById("table")) {
    return;
  }
  sending = true;
  const done = () => {
    sending = false;
  };
  window.htmx
    .ajax("POST", entry.url, {
      source: "#table",
      target: "#table",
      swap: "outerHTML",
      values: entry.fields,
      headers: { "X-Kept-Bid": "1" },
    })
    .then(done, done);
}

document.addEventListener("htmx:sendError", (event) => {
  const form = event.detail.elt && event.detail.elt.closest("form[data-keep-offline]");
  if (!form) {
    return;
  }
  const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  const key = (trigger && trigger.submitter) || undefined;
  const fields = Object.fromEntries(new FormData(form, key));
  const label = key ? key.textContent.trim() : "";
  keep({ url: form.getAttribute("hx-post"), fields, label });
});

// An answer to the bid kept (the table, or a refusal): kept no more.
document.addEventListener("htmx:afterRequest", (event) => {
  const entry = kept();
  const xhr = event.detail.xhr;
  const path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
  if (entry && xhr && xhr.status > 0 && path === entry.url && event.detail.requestConfig.verb === "post") {
    drop();
  }
});

window.addEventListener("online", send);
if (kept()) {
  say(kept());
  timer = window.setInterval(send, RETRY_MS);
  send();
}
