// The table as it stands after the entries kept on this phone (issue 32, docs/phone.md
// "Offline"). Pure: no page, no storage, so tests/rules/test_offline_model.py runs it in
// Node against games.rules on random evenings.
//
// It decides no rule. What the rules say comes from the server, worked out ahead from
// games.rules (games/views/offline.py: lookups per deal and per number of cards); this
// file only looks up, adds and orders, and reads each entry's form fields as the server
// reads them.
(function (root) {
  "use strict";

  const copy = (value) => JSON.parse(JSON.stringify(value));
  const wanting = (value) => value === null || value === undefined;

  // -- Oh Hell ------------------------------------------------------------------------

  function ohHellDeal(ahead, state) {
    return state.plan === null ? null : ahead.lookups.deals[state.plan - 1];
  }

  function toBid(deal, state) {
    return deal.order.find((seat) => wanting(state.bids[seat]));
  }

  // The next deal: a revoke plays the same one again (the schedule's slot stays). After
  // the last one, the finished session as the server sends it (games/views/offline.py).
  function nextDeal(ahead, state, replay) {
    if (!replay) {
      state.plan = state.plan < ahead.lookups.deals.length ? state.plan + 1 : null;
    }
    const deal = ohHellDeal(ahead, state);
    state.deal = deal ? state.deal + 1 : null;
    state.replay = Boolean(deal) && replay;
    state.trump = deal ? deal.trump : null;
    state.bids = deal ? state.bids.map(() => null) : [];
    state.out_of_turn = [];
    state.winners = [];
  }

  // Each entry as its form sends it (the same fields the server reads).
  const OH_HELL = {
    trump(ahead, state, fields) {
      state.trump = fields.trump;
    },
    bid(ahead, state, fields) {
      const seat = Number(fields.seat);
      const deal = ohHellDeal(ahead, state);
      if (wanting(state.bids[seat]) && seat !== toBid(deal, state)) {
        state.out_of_turn.push(seat);
        state.out_of_turn.sort((a, b) => a - b); // as the server sends them
      }
      state.bids[seat] = Number(fields.bid);
    },
    trick(ahead, state, fields) {
      state.winners.push(Number(fields.seat));
    },
    undo_trick(ahead, state) {
      state.winners.pop();
    },
    tricks(ahead, state, fields) {
      const deal = ohHellDeal(ahead, state);
      const points = ahead.lookups.points[String(deal.cards)];
      const rows = state.bids.map((bid, seat) => {
        const tricks = Number(fields[`tricks-${seat}`]);
        const score = points[bid][tricks];
        state.totals[seat] += score;
        const made = bid === tricks; // a made bid is an exact one (every seed)
        state.made[seat] += made ? 1 : 0;
        return { bid, tricks, made, score, total: state.totals[seat] };
      });
      state.last = { number: state.deal, plan: state.plan, revoked: false, rows };
      nextDeal(ahead, state, false);
    },
    revoke(ahead, state, fields) {
      const revoker = Number(fields.seat);
      const rows = state.bids.map((bid, seat) => {
        const score = seat === revoker ? -ahead.lookups.revoke_penalty : 0;
        state.totals[seat] += score;
        return { bid, tricks: null, made: false, score, total: state.totals[seat] };
      });
      state.last = { number: state.deal, plan: state.plan, revoked: true, rows };
      nextDeal(ahead, state, true);
    },
    adjust(ahead, state, fields) {
      const seat = Number(fields.seat);
      const points = Number(fields.points);
      state.totals[seat] += points;
      // The last deal's running total moves with any deal up to it; its score, with its own.
      if (state.last && Number(fields.deal) <= state.last.number) {
        state.last.rows[seat].total += points;
      }
      if (state.last && Number(fields.deal) === state.last.number) {
        state.last.rows[seat].score += points;
      }
    },
  };

  function standings(totals, made, madeSplitsTies) {
    const key = (seat) => (madeSplitsTies ? [totals[seat], made[seat]] : [totals[seat]]);
    const same = (a, b) => a.every((value, index) => value === b[index]);
    const seats = totals.map((_, seat) => seat);
    seats.sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i += 1) {
        if (ka[i] !== kb[i]) {
          return kb[i] - ka[i];
        }
      }
      return a - b;
    });
    const result = [];
    seats.forEach((seat, position) => {
      const tied = position > 0 && same(key(seats[position - 1]), key(seat));
      const place = tied ? result[position - 1].place : position + 1;
      result.push({ seat, total: totals[seat], place, winner: place === 1 });
    });
    return result;
  }

  // Undo of what the server has: the figures it sent as they would be after its undo.
  function undone(state) {
    Object.assign(state, copy(state.undo), { undo: null });
  }

  // The Oh Hell table after ``entries`` ({action, fields}), from the server's ``state``.
  function ohHell(ahead, serverState, entries) {
    const state = copy(serverState);
    for (const entry of entries) {
      if (entry.action === "undo") {
        undone(state);
      } else {
        OH_HELL[entry.action](ahead, state, entry.fields);
      }
    }
    const view = {
      state,
      standings: standings(state.totals, state.made, ahead.lookups.made_splits_ties),
    };
    const deal = ohHellDeal(ahead, state);
    if (!deal) {
      return view;
    }
    const taken = state.bids.map(() => 0);
    state.winners.forEach((seat) => {
      taken[seat] += 1;
    });
    const placed = state.bids.filter((bid) => !wanting(bid));
    const total = placed.reduce((sum, bid) => sum + bid, 0);
    const complete = placed.length === state.bids.length;
    const call = complete ? ahead.lookups.calls[String(deal.cards)][total] : null;
    return {
      ...view,
      deal,
      toBid: toBid(deal, state),
      taken,
      bidsTotal: total,
      complete,
      announcement: call && { call: call[0], by: call[1], bids: total, tricks: deal.cards },
      playOver: state.winners.length === deal.cards,
      // The number the hook forbids ``seat`` now: only for the bid that completes the bidding.
      forbidden(seat) {
        const others = state.bids.filter((bid, each) => each !== seat && !wanting(bid));
        if (others.length !== state.bids.length - 1) {
          return null;
        }
        const sum = others.reduce((all, bid) => all + bid, 0);
        const number = deal.forbidden[String(sum)];
        return number === undefined ? null : number;
      },
      canChange(seat) {
        if (wanting(state.bids[seat]) || state.out_of_turn.includes(seat)) {
          return false;
        }
        const closer = deal.closes[seat];
        return closer === -1 ? state.winners.length === 0 : wanting(state.bids[closer]);
      },
    };
  }

  // Whether the page may keep this entry, or the refusal the lookups already know.
  function refusal(ahead, view, entry) {
    if (entry.action === "tricks" && view.state.winners.length) {
      // Tricks were tapped: the phone keeps only the counts they come to, all of them tapped.
      const same = view.taken.every(
        (taken, seat) => String(taken) === String(entry.fields[`tricks-${seat}`]),
      );
      if (!view.playOver || !same) {
        return ahead.words.taps;
      }
    }
    if (entry.action === "tricks") {
      const counts = view.state.bids.map((_, seat) => Number(entry.fields[`tricks-${seat}`]));
      const sum = counts.reduce((all, count) => all + count, 0);
      if (counts.some((count) => Number.isNaN(count)) || sum !== view.deal.cards) {
        return ahead.words.tricks_sum
          .replace("%(total)s", String(Number.isNaN(sum) ? "?" : sum))
          .replace("%(cards)s", String(view.deal.cards));
      }
    }
    return null;
  }

  // A game scored round by round: only where the table stands (the round, bids or play, the
  // bids in), and the rounds kept here as entered (the last entry of each: a round's bids,
  // then the round); its scores come from the server, which alone knows its rules.
  function rounds(ahead, serverState, entries) {
    let state = {
      number: serverState.number,
      phase: serverState.phase,
      bids: serverState.bids,
      ended: serverState.number === null,
    };
    let kept = 0;
    let entered = [];
    const enter = (number, phase, fields) => {
      entered = [...entered.filter((each) => each.number !== number), { number, phase, fields }];
    };
    for (const entry of entries) {
      if (entry.action === "undo") {
        const back = serverState.undo;
        if (back) {
          state = { ...back, ended: back.number === null };
        }
      } else if (entry.action === "bids") {
        const bids = {};
        for (const [name, value] of Object.entries(entry.fields)) {
          if (name.startsWith("e.bids.")) {
            bids[name] = value;
          }
        }
        state = { ...state, phase: "play", bids };
        enter(Number(entry.fields.deal), "bids", entry.fields);
      } else if (entry.action === "round") {
        kept += 1;
        enter(Number(entry.fields.deal), state.phase ? "play" : null, entry.fields);
        const next = Number(entry.fields.deal) + 1;
        state = { ...state, number: next, phase: state.phase ? "bids" : null, bids: null };
      } else if (entry.action === "end_game") {
        state = { ...state, ended: true };
      }
    }
    return { state, kept, entered };
  }

  root.scorekeeperModel = { ohHell, rounds, refusal, standings };
})(typeof globalThis !== "undefined" ? globalThis : this);
