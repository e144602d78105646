// games.rules under MicroPython in Node (docs/phone.md "Rules on the phone (MicroPython)").
//
//   node tools/phone_rules/run.mjs BUNDLE.json < requests.json > answers.json
//
// BUNDLE.json: games/phone_rules/bundle.py's path -> source. requests.json: a list of
// games.phone_rules.figures requests. The answer: each request's figures and the
// milliseconds it took, with the runtime's start and the rules' import times.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadMicroPython } from "../../static/vendor/micropython/micropython.mjs";

const bundle = JSON.parse(readFileSync(process.argv[2], "utf8"));
const requests = JSON.parse(readFileSync(0, "utf8"));

const printed = [];
const started = performance.now();
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  stdout: (line) => printed.push(line),
  stderr: (line) => printed.push(line),
});
const startMs = performance.now() - started;

const made = new Set();
for (const [path, source] of Object.entries(bundle)) {
  const parts = `/lib/${path}`.split("/").slice(1, -1);
  let dir = "";
  for (const part of parts) {
    dir += `/${part}`;
    if (!made.has(dir)) {
      try {
        mp.FS.mkdir(dir);
      } catch {
        // there already
      }
      made.add(dir);
    }
  }
  mp.FS.writeFile(`/lib/${path}`, source);
}

const importing = performance.now();
try {
  mp.runPython("import json\nimport cpython_compat\nfrom games.phone_rules import figures");
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const importMs = performance.now() - importing;

const answers = [];
for (const request of requests) {
  mp.globals.set("request_json", JSON.stringify(request));
  const scoring = performance.now();
  let answer;
  try {
    mp.runPython("answer_json = json.dumps(figures.score(json.loads(request_json)))");
    answer = JSON.parse(mp.globals.get("answer_json"));
  } catch (error) {
    answer = { crash: String(error) };
  }
  answers.push({ answer, ms: performance.now() - scoring });
}
process.stdout.write(JSON.stringify({ startMs, importMs, answers, printed }));
