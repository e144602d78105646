// The table drawn on this phone while entries wait to be sent (static/js/offline.js): the
// same panels, classes and words as the server's deal screens (templates/games/oh_hell.html,
// kozel.html), drawn from static/js/model.js's view. Every sentence comes from the server
// in the page's language (games/views/offline.py); nothing here decides a rule.
(function (root) {
  "use strict";

  // The small helpers come from static/js/offline.js, which loads this file.
  const { say, plural, escape, newKey } = root.scorekeeperOfflineTable;

  // ``serverTable``: the server's own table, hidden meanwhile (Kozel's form is copied from it).
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

  // Each game's table registers here (static/js/offline-oh_hell.js, offline-kozel.js):
  // draw(server, ahead, view, chosen, serverTable) -> HTML.
  const games = {};

  function draw(server, ahead, view, chosen, serverTable) {
    return games[server.game](server, ahead, view, chosen, serverTable);
  }

  Object.assign(root.scorekeeperOfflineTable, { draw, games, form, undoRow, pendingNote });
})(window);
