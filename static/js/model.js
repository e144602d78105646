// Where a game scored round by round stands after the entries kept on this phone (issue
// 32, docs/phone.md "Offline"): pure, no page, no storage. It decides no rule: every figure
// comes from games.rules itself on the phone (static/js/phone-rules.js; docs/phone.md
// "Rules on the phone").

// A game scored round by round: only where the table stands (the round, bids or play, the
// bids in), and the rounds kept here as entered (the last entry of each: a round's bids,
// then the round); its scores come from the server, which alone knows its rules.
export function rounds(ahead, serverState, entries) {
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
      // The bids, and whatever the bids' form entered with them (blind marks, say).
      const bids = {};
      for (const [name, value] of Object.entries(entry.fields)) {
        if (name.startsWith("e.")) {
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
