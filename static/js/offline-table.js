// The table drawn on this phone while entries wait to be sent (static/js/offline.js): the
// same panels, classes and words as the server's deal screens (templates/games/oh_hell.html,
// games/_rounds_table.html), drawn from static/js/model.js's view. Every sentence comes from the server
// in the page's language (games/views/offline.py); nothing here decides a rule.
(function (root) {
  "use strict";

  // The small helpers come from static/js/offline.js, which loads this file.
  const { say, plural, escape, newKey } = root.scorekeeperOfflineTable;

  // ``serverTable``: the server's own table, hidden meanwhile.
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

  // Each game's table registers here (static/js/offline-oh_hell.js,
  // offline-rounds.js): draw(server, ahead, view, chosen, serverTable, entries) -> HTML;
  // ``entries``: the ones kept on this phone, in order (the round games' rules score them).
  const games = {};
  // A game whose rules run on this phone may say, before an entry is kept, that they refuse
  // it: checks[game](server, ahead, entries, entry) -> a promise of the reason, or null.
  const checks = {};
  // ... and may not have their figures yet: ready[game](server, ahead, entries) -> false
  // keeps the table on screen until they come (`scorekeeper:answered`).
  const ready = {};

  function draw(server, ahead, view, chosen, serverTable, entries) {
    return games[server.game](server, ahead, view, chosen, serverTable, entries);
  }

  // An entry as the scorekeeper would say it: "Bid · Anna: 2".
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
    return `${label} · ${(parts[entry.action] || (() => ""))()}`;
  }

  // A refused entry, why, and what is still kept behind it. ``refused.title``: why the
  // sending stopped, when it is not the server's refusal; ``refused.again``: "Try again",
  // where sending it again may go through (the server's own error, no answer).
  function refusal(server, ahead, refused, waiting) {
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

  Object.assign(root.scorekeeperOfflineTable, {
    draw,
    games,
    checks,
    ready,
    form,
    undoRow,
    pendingNote,
    refusal,
  });
})(window);
