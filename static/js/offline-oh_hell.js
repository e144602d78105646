// Oh Hell's table drawn on this phone while entries wait (static/js/offline-table.js): every
// figure (whose bid, the hook's number and its reason, the call, the tricks so far, the last
// deal's scores and how they came to be, totals, places, winners) from games.rules itself
// on this phone (static/js/phone-rules.js: MicroPython in a worker, games.phone_rules.figures
// .oh_hell_table), with the server's classes and words. Nothing here decides a rule.
import { escape, plural, say } from "./offline-parts.js";
import { form, pendingNote, undoRow } from "./offline-table.js";

let importing = null; // static/js/phone-rules.js, imported when first needed
let rules = null; // the module, once imported
let warm = false; // the rules have answered once: an entry may wait for their check
const answers = new Map(); // what was asked (its key) -> the rules' answer

const rulesOf = (files) =>
  (importing =
    importing ||
    import(files.module).then(
      (module) => (rules = module),
      (error) => {
        importing = null; // asked again at the next drawing
        throw error;
      },
    ));

// What the rules are asked: the deals as the server has them (or as its Undo would leave
// them), then each entry kept here with its form's fields.
function asked(server, entries) {
  let base = server.rules;
  let kept = [];
  for (const entry of entries) {
    if (entry.action === "undo") {
      base = server.undo || base;
      kept = [];
    } else {
      kept.push({ action: entry.action, fields: entry.fields });
    }
  }
  const game = server.rules;
  return {
    game: "oh_hell",
    options: game.options,
    players: game.players,
    first_dealer: game.first_dealer,
    entries: base.entries,
    playing: base.playing,
    kept,
  };
}

// The rules' answer for these entries: ``answer`` at hand (null while asked), ``coming``
// its promise. An answer the table waits for (``drawing``) says `scorekeeper:answered`,
// and the table is drawn with it.
const coming = new Map(); // key -> the promise of its answer
let wanted = null; // the key the table on screen waits for
function answerFor(server, entries, drawing = true) {
  const request = asked(server, entries);
  const key = JSON.stringify([server.version, request.entries.length, request.kept]);
  if (drawing) {
    wanted = key;
  }
  if (!answers.has(key)) {
    answers.set(key, null);
    const files = server.phone_rules;
    const asking = (module) => module.figures(files, request);
    const promise = (rules ? asking(rules) : rulesOf(files).then(asking))
      .then(
        (answer) => {
          warm = true;
          return answer;
        },
        () => ({ failed: true }),
      )
      .then((answer) => {
        answers.set(key, answer);
        coming.delete(key);
        if (answers.size > 20) {
          answers.delete(answers.keys().next().value); // the oldest
        }
        if (key === wanted) {
          const detail = { ms: answer.ms, startMs: answer.startMs };
          document.dispatchEvent(new CustomEvent("scorekeeper:answered", { detail }));
        }
        return answer;
      });
    coming.set(key, promise);
  }
  const answer = answers.get(key);
  return { key, answer, request, coming: answer ? Promise.resolve(answer) : coming.get(key) };
}

// Whether the rules refuse ``entry`` after the ones kept, in the page's language; null
// when they take it, or when they are not started yet (the server says, then). Their
// answer is the table's next drawing.
export async function check(server, ahead, entries, entry) {
  if (!warm || !server.rules || !ahead.catalogue) {
    return null;
  }
  const { request, coming: answer } = answerFor(server, [...entries, entry], false);
  const refused = (await answer).refused;
  return refused && refused.index === request.kept.length - 1
    ? rules.refusal(refused.error, ahead.catalogue)
    : null;
}

// The last answer drawn, and the last entry kept then. When the server has taken entries
// (its answer swapped in) but no new one was kept, the figures after the entries still
// kept are those drawn already: drawn again at once, so what the player has open stays,
// and with the rules' own answer when it comes.
let drawnLast = null;
const lastKept = (entries) => (entries.length ? entries[entries.length - 1].fields.idem : null);

function answerNow(server, entries) {
  const { answer } = answerFor(server, entries);
  if (answer || !drawnLast || drawnLast.kept !== lastKept(entries)) {
    return answer;
  }
  return drawnLast.answer;
}

export const ready = (server, ahead, entries) =>
  !server.rules ||
  !server.phone_rules ||
  !ahead.catalogue ||
  answerNow(server, entries || []) !== null;

export function draw(server, ahead, chosen, serverTable, entries) {
  const words = ahead.words;
  if (!server.rules || !server.phone_rules || !ahead.catalogue) {
    // A page or words kept before the rules came to the phone: the server scores them.
    return undoRow(words) + `<p class="panel">${escape(words.later)}</p>`;
  }
  const answer = answerNow(server, entries || []);
  if (answer && !answer.failed && !answer.error) {
    drawnLast = { kept: lastKept(entries || []), answer };
  }
  if (!answer || answer.failed || answer.error) {
    const said = answer ? words.later : words.scoring;
    return undoRow(words) + `<p class="panel small muted">${escape(said)}</p>`;
  }
  const refused = answer.refused
    ? `<p class="error" role="alert">${escape(rules.refusal(answer.refused.error, ahead.catalogue))}</p>`
    : "";
  return ohHellTable(answer, words) + refused;

  function ohHellTable(answer, words) {
    const names = server.names;
    const parts = [undoRow(words)];
    const deal = answer.deal;
    const last = answer.last;
    if (deal) {
      const cards = { cards: deal.cards, tricks: deal.cards };
      parts.push(`<div class="deal-line"><h1>${escape(say(words.deal_title, { n: deal.plan, total: answer.total_deals }))}${deal.replay ? ` · ${escape(words.played_again)}` : ""}</h1>
        <p class="deal-facts">${escape(plural(words.facts, deal.cards, cards))} · ${escape(words.dealer)} <strong>${escape(names[deal.dealer])}</strong></p></div>`);
    }
    if (last) {
      parts.push(lastPanel(last, words));
    }
    if (deal) {
      const changing =
        deal.complete &&
        deal.winners.length === 0 &&
        chosen !== null &&
        deal.can_change[chosen];
      if (!deal.complete || changing) {
        parts.push(trumpPanel(deal, words), bidsPanel(deal, words));
      }
      if (deal.announcement) {
        const a = deal.announcement;
        const call = a.call === "even" ? words.even : say(words[a.call], { by: a.by });
        parts.push(
          `<p class="announcement call-${a.call}">${escape(call)} <span class="announcement-detail">${escape(plural(words.call, deal.cards, { bids: a.bids, tricks: deal.cards }))}</span></p>`,
        );
      }
      if (deal.complete && !changing) {
        parts.push(playPanel(deal, words));
      }
    } else {
      const winners = answer.winners.map((seat) => names[seat]);
      const said =
        winners.length > 1
          ? say(words.shared_win, { names: winners.join(", ") })
          : say(words.wins, { name: winners[0] });
      parts.push(
        `<section class="panel end"><h1>${escape(words.game_over)}</h1><p class="announcement">${escape(said)}</p></section>`,
      );
    }
    if (deal && deal.complete) {
      parts.push(revokePanel(deal, words));
    }
    if (last) {
      parts.push(adjustPanel(last, words));
    }
    const standings = answer.standings
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

  // The deal just scored, folded into one line; open, how each player's points came to be.
  function lastPanel(last, words) {
    const names = server.names;
    const line = last.revoked ? say(words.revoked, { n: last.plan }) : say(words.scored, { n: last.plan });
    const cells = last.rows
      .map((row, seat) => ` · ${row.made ? "✓" : ""}${escape(names[seat])} ${row.score}`)
      .join("");
    const whys = last.rows
      .map(
        (row, seat) =>
          `<p class="why-title">${escape(names[seat])}</p><ul>${row.whys
            .map((why) => `<li>${escape(rules.line(why, ahead.catalogue))}</li>`)
            .join("")}</ul>`,
      )
      .join("");
    return `<details class="panel last-deal last-line"><summary><span class="done-line"><strong>${escape(line)}</strong>${cells} ${pendingNote(words)}</span></summary>${whys}</details>`;
  }

  function trumpPanel(deal, words) {
    const symbols = { S: "♠", H: "♥", D: "♦", C: "♣" };
    if (deal.fixed_trump) {
      const shown =
        deal.fixed_trump === "NT"
          ? words.no_trump
          : `${symbols[deal.fixed_trump]} ${words.suits[deal.fixed_trump]}`;
      return `<section class="panel compact-panel"><p class="trump-fixed"><span class="line-label">${escape(words.trump)}</span> <strong>${escape(shown)}</strong></p></section>`;
    }
    const buttons = Object.keys(symbols)
      .map(
        (suit) =>
          `<button type="submit" name="trump" value="${suit}" class="suit-btn suit-${suit}" aria-pressed="${deal.trump === suit}" aria-label="${escape(words.suits[suit])}">${symbols[suit]}</button>`,
      )
      .join("");
    return `<section class="panel compact-panel">${form("trump", { deal: deal.number }, `<span class="line-label">${escape(words.trump)}</span>${buttons}`, 'class="suit-row"')}</section>`;
  }

  function bidsPanel(deal, words) {
    const names = server.names;
    const pickable = (seat) => wantsBid(deal, seat) || deal.can_change[seat];
    const seat = chosen !== null && pickable(chosen) ? chosen : deal.to_bid;
    const chips = deal.order
      .map((each) => {
        const bid = deal.bids[each];
        const shown =
          bid !== null
            ? `${bid}${deal.out_of_turn.includes(each) ? "*" : ""}`
            : each === deal.to_bid
              ? "…"
              : "–";
        const badge =
          each === deal.dealer
            ? ` <span class="dealer-tag" title="${escape(words.dealer)}">${escape(words.dealer_badge)}</span>`
            : "";
        const inner = `<span class="bidder-name">${escape(names[each])}${badge}</span> <span class="bidder-bid">${shown}</span>`;
        const classes = `bid-chip${each === deal.to_bid ? " turn" : ""}${each === seat ? " chosen" : ""}`;
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
      const forbidden = deal.forbidden[seat];
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
      const was = deal.bids[seat] === null ? "" : deal.bids[seat];
      keypad = form(
        "bid",
        { deal: deal.number, seat, was },
        `<p class="keypad-label" id="offline-keypad-label">${escape(say(words.bids_label, { name: names[seat] }))}</p><div class="keypad" role="group" aria-labelledby="offline-keypad-label">${keys.join("")}</div>${reason}`,
        'class="keypad-form" data-next',
      );
    }
    const running = plural(words.bids_of, deal.cards, {
      bids: deal.bids_total,
      tricks: deal.cards,
    });
    return `<section class="panel"><h2 class="small-title">${escape(words.bids)} <span class="running">${escape(running)}</span></h2><ol class="bid-chips">${chips}</ol>${keypad}</section>`;
  }

  function wantsBid(deal, seat) {
    return deal.bids[seat] === null || deal.bids[seat] === undefined;
  }

  function playPanel(deal, words) {
    const names = server.names;
    const played = deal.winners.length;
    const parts = [];
    if (deal.play_over) {
      parts.push(`<h2 class="small-title">${escape(words.all_played)}</h2>`);
      const hidden = { deal: deal.number };
      deal.taken.forEach((count, seat) => {
        hidden[`tricks-${seat}`] = count;
      });
      const chips = deal.order
        .map(
          (seat) =>
            `<li class="bid-chip${deal.bids[seat] === deal.taken[seat] ? " made" : ""}"><span class="bidder-name">${escape(names[seat])}</span> <span class="bidder-bid">${deal.taken[seat]}/${deal.bids[seat]}</span></li>`,
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
            `<button type="submit" name="seat" value="${seat}" class="btn trick-btn">${escape(names[seat])} <span class="small">${deal.taken[seat]}/${deal.bids[seat]}</span><span class="visually-hidden"> — ${escape(say(words.taken, { t: deal.taken[seat], b: deal.bids[seat] }))}</span></button>`,
        )
        .join("");
      parts.push(
        form(
          "trick",
          { deal: deal.number, trick: played + 1 },
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
          return `<fieldset class="tricks-row"><legend>${escape(names[seat])} <span class="muted small">${escape(say(words.bid_n, { bid: deal.bids[seat] }))}</span></legend><div class="radio-keys">${keys.join("")}</div></fieldset>`;
        })
        .join("");
      if (!played)
        parts.push(
          `<details class="counts"><summary>${escape(words.counts)}</summary>${form("tricks", { deal: deal.number }, `${rows}<button type="submit" class="btn btn-primary">${escape(words.score)}</button>`, `class="tricks-form" data-cards="${deal.cards}"`)}</details>`,
        );
    }
    if (played) {
      parts.push(
        form(
          "undo_trick",
          { deal: deal.number, trick: played },
          `<button type="submit" class="link-btn">${escape(say(words.take_back, { n: played }))}</button>`,
        ),
      );
    }
    return `<section class="panel">${parts.join("")}</section>`;
  }

  function revokePanel(deal, words) {
    const names = server.names;
    const penalty = server.rules.options.revoke_penalty;
    const radios = names
      .map(
        (name, seat) =>
          `<label><input type="radio" name="seat" value="${seat}" required> ${escape(name)}</label>`,
      )
      .join("");
    const body = `<fieldset class="tricks-row"><legend>${escape(words.who_revoked)}</legend><div class="segmented">${radios}</div></fieldset><button type="submit" class="btn">${escape(say(words.record_revoke, { p: penalty }))}</button>`;
    return `<details class="panel"><summary>${escape(words.revoke)}</summary><p>${escape(plural(words.revoke_rule, penalty))}</p>${form("revoke", { deal: deal.number }, body, 'class="revoke-form"')}</details>`;
  }

  function adjustPanel(last, words) {
    const options = server.names
      .map((name, seat) => `<option value="${seat}">${escape(name)}</option>`)
      .join("");
    const body = `<label for="offline-adjust-seat">${escape(words.player)}</label><select id="offline-adjust-seat" name="seat" required>${options}</select>
      <label for="offline-adjust-points">${escape(words.adjust_points)}</label><input id="offline-adjust-points" name="points" type="number" inputmode="numeric" min="-1000" max="1000" required>
      <label for="offline-adjust-note">${escape(words.note)}</label><input id="offline-adjust-note" name="note" maxlength="120">
      <button type="submit" class="btn">${escape(words.add_adjustment)}</button>`;
    return `<details class="panel"><summary>${escape(say(words.adjust_in, { n: last.plan }))}</summary>${form("adjust", { deal: last.number }, body, 'class="stack"')}</details>`;
  }
}

// The rules' files come once the page is up (this module is imported then), so the service
// worker keeps them before the connection goes; the rules start when it goes, or at the
// first entry drawn here.
export function start(server) {
  const files = server.phone_rules;
  if (!files) {
    return;
  }
  for (const url of [files.module, files.worker, files.runtime, files.wasm, files.bundle]) {
    fetch(url, { credentials: "same-origin" }).catch(() => {});
  }
  // Warm: started, and the deals scored so far added up once, so the first entry kept
  // costs one deal at most.
  const warming = () =>
    rulesOf(files)
      .then((module) => module.warm(files).then(() => module))
      .then((module) => {
        const now = JSON.parse(document.getElementById("offline-state").textContent);
        return now.rules ? module.figures(files, asked(now, [])) : null;
      })
      .then(() => (warm = true))
      .catch(() => {});
  window.addEventListener("offline", warming);
  if (!navigator.onLine) {
    warming(); // opened without a connection
  }
}
