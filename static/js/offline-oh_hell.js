// Oh Hell's table drawn on this phone while entries wait (static/js/offline-table.js).
(function (table) {
  "use strict";

  const { say, plural, escape, form, undoRow, pendingNote } = table;

  table.games.oh_hell = function (server, ahead, view, chosen, serverTable) {
    function ohHellTable(view, words) {
      const names = server.names;
      const state = view.state;
      const parts = [undoRow(words)];
      const deal = view.deal;
      if (deal) {
        const cards = { cards: deal.cards, tricks: deal.cards };
        parts.push(`<div class="deal-line"><h1>${escape(say(words.deal_title, { n: deal.number, total: ahead.total_deals }))}${state.replay ? ` · ${escape(words.played_again)}` : ""}</h1>
          <p class="deal-facts">${escape(plural(words.facts, deal.cards, cards))} · ${escape(words.dealer)} <strong>${escape(names[deal.dealer])}</strong></p></div>`);
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
            `<p class="announcement call-${a.call}">${escape(call)} <span class="announcement-detail">${escape(plural(words.call, deal.cards, { bids: a.bids, tricks: deal.cards }))}</span></p>`,
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
      if (deal && view.complete) {
        parts.push(revokePanel(view, words));
      }
      if (state.last) {
        parts.push(adjustPanel(view, words));
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
          deal.trump === "NT"
            ? words.no_trump
            : `${symbols[deal.trump]} ${words.suits[deal.trump]}`;
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
            // The visible name and bid first in what a screen reader says (WCAG 2.5.3).
            const label = bid === null ? words.pick_out_of_turn : words.pick_change;
            return `<li class="${classes}"><button type="button" class="link-btn" data-pick="${each}">${inner}<span class="visually-hidden"> — ${escape(label)}</span></button></li>`;
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
            : `<p class="hook-reason">${escape(plural(words.hook, deal.cards, { name: names[seat], n: forbidden, cards: deal.cards }))}</p>`;
        const was = state.bids[seat] === null ? "" : state.bids[seat];
        keypad = form(
          "bid",
          { deal: state.deal, seat, was },
          `<p class="keypad-label" id="offline-keypad-label">${escape(say(words.bids_label, { name: names[seat] }))}</p><div class="keypad" role="group" aria-labelledby="offline-keypad-label">${keys.join("")}</div>${reason}`,
          'class="keypad-form" data-next',
        );
      }
      const running = plural(words.bids_of, deal.cards, {
        bids: view.bidsTotal,
        tricks: deal.cards,
      });
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
              `<button type="submit" name="seat" value="${seat}" class="btn trick-btn">${escape(names[seat])} <span class="small">${view.taken[seat]}/${state.bids[seat]}</span><span class="visually-hidden"> — ${escape(say(words.taken, { t: view.taken[seat], b: state.bids[seat] }))}</span></button>`,
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
        // Counts typed on the phone only before any trick is tapped: after that they are the
        // taps' (the server checks typed counts against the taps: games.rules.taps_agree).
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
        if (!played)
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

    function revokePanel(view, words) {
      const names = server.names;
      const penalty = ahead.lookups.revoke_penalty;
      const radios = names
        .map(
          (name, seat) =>
            `<label><input type="radio" name="seat" value="${seat}" required> ${escape(name)}</label>`,
        )
        .join("");
      const body = `<fieldset class="tricks-row"><legend>${escape(words.who_revoked)}</legend><div class="segmented">${radios}</div></fieldset><button type="submit" class="btn">${escape(say(words.record_revoke, { p: penalty }))}</button>`;
      return `<details class="panel"><summary>${escape(words.revoke)}</summary><p>${escape(plural(words.revoke_rule, penalty))}</p>${form("revoke", { deal: view.state.deal }, body, 'class="revoke-form"')}</details>`;
    }

    function adjustPanel(view, words) {
      const last = view.state.last;
      const options = server.names
        .map((name, seat) => `<option value="${seat}">${escape(name)}</option>`)
        .join("");
      const body = `<label for="offline-adjust-seat">${escape(words.player)}</label><select id="offline-adjust-seat" name="seat" required>${options}</select>
        <label for="offline-adjust-points">${escape(words.adjust_points)}</label><input id="offline-adjust-points" name="points" type="number" inputmode="numeric" min="-1000" max="1000" required>
        <label for="offline-adjust-note">${escape(words.note)}</label><input id="offline-adjust-note" name="note" maxlength="120">
        <button type="submit" class="btn">${escape(words.add_adjustment)}</button>`;
      return `<details class="panel"><summary>${escape(say(words.adjust_in, { n: last.plan }))}</summary>${form("adjust", { deal: last.number }, body, 'class="stack"')}</details>`;
    }

    return ohHellTable(view, ahead.words);
  };
})(window.scorekeeperOfflineTable);
