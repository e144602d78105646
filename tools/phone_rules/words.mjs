// The words a phone offline shows for the rules' figures (docs/phone.md "Rules on the
// phone"): static/js/phone-rules.js's `line` and `refusal`, run in Node for the tests.
//
//   node tools/phone_rules/words.mjs PHONE_RULES_MODULE.mjs < {catalogue, answers} > texts
//
// Each answer of games.phone_rules.figures.table becomes, per round from ``since``, its
// notes and each side's explanation as lines, and its refusal as a sentence; an answer of
// games.rules.oh_hell.phone.table, its last deal's explanations.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { line, refusal } = await import(pathToFileURL(process.argv[2]).href);
const { catalogue, answers } = JSON.parse(readFileSync(0, "utf8"));
const said = (why) => line(why, catalogue);
const texts = answers.map((answer) => ({
  rounds: (answer.rounds || []).map((scored) => ({
    notes: scored.notes.map(said),
    whys: scored.whys.map((whys) => whys.map(said)),
  })),
  marks: (answer.marks || []).map((mark) => (mark ? said(mark) : null)),
  refused: answer.refused ? refusal(answer.refused.error, catalogue) : null,
  // Oh Hell's last deal: each seat's explanation as lines.
  last: answer.last ? answer.last.rows.map((row) => row.whys.map(said)) : null,
}));
process.stdout.write(JSON.stringify(texts));
