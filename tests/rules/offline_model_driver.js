// Runs static/js/model.js in Node for tests/rules/test_offline_model.py: an array of cases
// ({game, ahead, state, entries, refusals}) as JSON on stdin, an array of what the model
// makes of each on stdout. model.js is a classic script, so it runs in this context as the
// page runs it, and leaves globalThis.scorekeeperModel behind.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");

const source = path.join(__dirname, "..", "..", "static", "js", "model.js");
vm.runInThisContext(fs.readFileSync(source, "utf8"), { filename: source });
const model = globalThis.scorekeeperModel;

// JSON has no undefined: a missing answer is null, as Python's None.
const known = (value) => (value === undefined ? null : value);

function ohHell(game) {
  const view = model.ohHell(game.ahead, game.state, game.entries);
  const shown = { state: view.state, standings: view.standings };
  if (view.deal) {
    const seats = view.state.bids.map((_, seat) => seat);
    Object.assign(shown, {
      toBid: known(view.toBid),
      complete: view.complete,
      announcement: known(view.announcement),
      playOver: view.playOver,
      taken: view.taken,
      forbidden: seats.map((seat) => known(view.forbidden(seat))),
      canChange: seats.map((seat) => view.canChange(seat)),
    });
  }
  shown.refusals = (game.refusals || []).map((entry) =>
    known(model.refusal(game.ahead, view, entry)),
  );
  return shown;
}

function kozel(game) {
  const view = model.kozel(game.ahead, game.state, game.entries);
  return {
    state: view.state,
    finished: view.finished,
    refusals: (game.refusals || []).map((entry) => known(model.refusal(game.ahead, view, entry))),
  };
}

const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const results = cases.map((game) => {
  try {
    return game.game === "kozel" ? kozel(game) : ohHell(game);
  } catch (error) {
    // One case's failure is reported with that case; the others still run.
    return { error: String(error && error.stack ? error.stack : error) };
  }
});
process.stdout.write(JSON.stringify(results));
