// What the phone's table and its view share (static/js/offline.js): the undo row, the "not
// sent yet" mark, and the refusal's panel, with the server's classes and words. Every
// sentence comes from the server in the page's language (games/views/offline.py); nothing
// here decides a rule.
import { escape } from "./offline-parts.js";

export function undoRow(words) {
  return `<div class="subnav"><button type="button" class="link-btn" data-undo>${escape(words.undo)}</button></div>`;
}

export function pendingNote(words) {
  return `<span class="pending-mark">(${escape(words.pending)})</span>`;
}

// An entry as the scorekeeper would say it: "Bid · Anna: 2", "Round 3".
function describe(server, words, entry) {
  const f = entry.fields;
  const names = server.names;
  const parts = {
    trump: () => (words.suits && words.suits[f.trump]) || words.no_trump,
    bid: () => `${names[f.seat]}: ${f.bid}`,
    trick: () => `${f.trick}: ${names[f.seat]}`,
    undo_trick: () => f.trick,
    tricks: () => names.map((name, seat) => `${name} ${f[`tricks-${seat}`]}`).join(", "),
    revoke: () => names[f.seat],
    adjust: () => `${names[f.seat]} ${Number(f.points) > 0 ? "+" : ""}${f.points}`,
  };
  const label = words.actions[entry.action] || entry.action;
  // An entry of a whole round ("round", "bids", "end_game") is said by its number: "Round 3".
  return entry.action in parts ? `${label} · ${parts[entry.action]()}` : `${label} ${f.deal}`;
}

// A refused entry, why, and what is still kept behind it. ``refused.title``: why the
// sending stopped, when it is not the server's refusal; ``refused.again``: "Try again",
// where sending it again may go through (the server's own error, no answer).
export function refusal(server, ahead, refused, waiting) {
  const words = ahead.words;
  const said = (entry) => escape(describe(server, words, entry));
  const kept = waiting.map((entry) => `<li>${said(entry)}</li>`).join("");
  const button = (text, extra) => `<button type="button" ${extra}>${escape(text)}</button>`;
  const again = refused.again ? button(refused.again, 'class="btn" data-again') : "";
  return `<p class="error" role="alert">${escape(refused.title || words.refused)}</p>
    <p><strong>${said(refused.entry)}</strong>: ${escape(refused.reason)}</p>
    <div class="button-row">${again}${button(words.drop, 'class="btn" data-drop')}</div>
    ${kept ? `<p>${escape(words.waiting)}</p><ol class="kept">${kept}</ol>` : ""}`;
}
