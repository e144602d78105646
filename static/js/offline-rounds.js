// The table of a game scored round by round, drawn on this phone while entries wait
// (static/js/offline.js): the totals as the server last sent them, and the next round's
// form as the server drew it ahead with the game's own template (games/views/offline.py,
// rounds_ahead). Scores wait for the server: nothing here decides a rule.
(function (root) {
  "use strict";

  const { escape, newKey, undoRow } = root.scorekeeperOfflineTable;

  // The form drawn ahead, with a fresh once-only key and the bids already in.
  function formFor(html, bids) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    for (const key of holder.querySelectorAll("input[name=idem]")) {
      key.value = newKey();
      key.setAttribute("value", key.value);
    }
    for (const [name, value] of Object.entries(bids || {})) {
      for (const option of holder.querySelectorAll(`select[name="${name}"] option`)) {
        if (option.value === value) {
          option.setAttribute("selected", "");
        } else {
          option.removeAttribute("selected");
        }
      }
    }
    return holder.innerHTML;
  }

  root.scorekeeperOfflineTable.games.rounds = (server, ahead, view, chosen, serverTable) => {
    const words = ahead.words;
    const state = view.state;
    const chips = serverTable && serverTable.querySelector(".score-chips");
    const html =
      !state.ended && state.number && ahead.forms[`${state.number}:${state.phase || "play"}`];
    // The call for the bids kept, looked up by their sum (the server worked each one out).
    const calls = (ahead.lookups.calls || {})[state.number];
    const sum = Object.values(state.bids || {}).reduce((all, bid) => all + Number(bid), 0);
    const call = state.phase === "play" && calls && calls[sum];
    return [
      undoRow(words),
      chips ? chips.outerHTML : "",
      `<p class="small muted">${escape(words.later)}</p>`,
      call ? `<p class="announcement call-even">${escape(call)}</p>` : "",
      html ? formFor(html, state.bids) : `<p class="panel">${escape(words.no_form)}</p>`,
    ].join("");
  };
})(window);
