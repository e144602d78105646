// Kozel's table drawn on this phone while entries wait (static/js/offline-table.js).
(function (table) {
  "use strict";

  const { say, plural, escape, newKey, form, undoRow, pendingNote } = table;

  table.games.kozel = function (server, ahead, view, chosen, serverTable) {
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
      const original = serverTable && serverTable.querySelector("form[data-kozel]");
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

    return kozelTable(view, ahead.words);
  };
})(window.scorekeeperOfflineTable);
