// The rules on this phone (docs/phone.md "Rules on the phone (MicroPython)"): games.rules
// itself, run by MicroPython in a module worker (static/js/rules-worker.js), never a rule
// written here. The page asks for a round game's figures and words them with the catalogue
// the server sent in the page's language (games.explanations.catalogue), as the server's
// games.explanations does.
//
//   const rules = await import(files.module);
//   const figures = await rules.score(files, state.rules.game, options, players, firstDealer,
//                                     rounds, ended, { kept, since });
//
// ``files``: the URLs of the module, the worker, MicroPython and the rules' bundle
// (games/screens/common.py, PHONE_RULES_FILES), as the page's state carries them.

let worker = null;
let asked = 0;
const waiting = new Map();

function started(files) {
  if (!worker) {
    worker = new Worker(files.worker, { type: "module" });
    worker.addEventListener("message", (event) => {
      const { id } = event.data;
      const pending = waiting.get(id);
      waiting.delete(id);
      if (event.data.unstarted) {
        // MicroPython or the rules could not start (a file lost on the way): the next
        // request starts a new worker, which fetches them afresh.
        dropped(event.data.error);
      }
      if (pending) {
        pending(event.data);
      }
    });
    // The worker could not start (no network before the files were kept): every request
    // waiting is refused, and the next one starts it again.
    worker.addEventListener("error", () => dropped("the rules' worker did not start"));
  }
  return worker;
}

function dropped(error) {
  if (worker) {
    worker.terminate();
    worker = null;
  }
  for (const pending of waiting.values()) {
    pending({ error });
  }
  waiting.clear();
}

function ask(files, request) {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, (message) =>
      message.error ? reject(new Error(message.error)) : resolve(message),
    );
    started(files).postMessage({ id, files, request });
  });
}

// Starts the worker, loads MicroPython and imports the rules, so the first entry kept is
// drawn at once; resolves with the milliseconds the start took.
export async function warm(files) {
  return (await ask(files, null)).startMs;
}

// A round game's figures (games.phone_rules.figures.table): the standings, the rounds from
// ``since`` on, and the first kept round the rules refuse. ``rounds``: as the server stores
// them; ``kept``: each round kept on this phone as its form's fields.
export async function score(
  files,
  game,
  options,
  players,
  firstDealer,
  rounds,
  ended,
  { kept = [], since = 0, bids = null } = {},
) {
  const request = {
    game,
    options,
    players,
    first_dealer: firstDealer,
    entries: rounds,
    ended,
    kept,
    since,
    bids, // the next round's bids form's fields, where they are in: the call comes back
  };
  const { answer, ms, startMs } = await ask(files, request);
  return { ...answer, ms, startMs }; // the rules' time for this request, and their start
}

// Any table's figures (games.phone_rules.figures.score): ``request`` as that function takes
// it, e.g. a game's deals scored, its deal in play and the entries kept on this phone.
export async function figures(files, request) {
  const { answer, ms, startMs } = await ask(files, request);
  return { ...answer, ms, startMs };
}

// Python's "%(name)s" % params, for the server's sentences: a number, a text, None, True.
function fill(template, params) {
  return template.replace(/%(?:\((\w+)\)s|%)/g, (all, name) => {
    if (name === undefined) {
      return "%";
    }
    const value = params[name];
    if (value === null || value === undefined) {
      return "None";
    }
    return typeof value === "boolean" ? (value ? "True" : "False") : String(value);
  });
}

const translated = (catalogue, english) =>
  catalogue && Object.hasOwn(catalogue, english) ? catalogue[english] : english;

// One line of an explanation in the page's language, as games.explanations._line says it:
// "... 10 + 2 = 12 (a made bid scores 10 + bid)".
export function line(why, catalogue) {
  const params = why.params || {};
  const template = translated(catalogue, why.template);
  const text = Object.keys(params).length ? fill(template, params) : template;
  if (!why.rule) {
    return text;
  }
  const rule = translated(catalogue, why.rule);
  return fill(translated(catalogue, "%(line)s (%(rule)s)"), { line: text, rule });
}

// A refusal by the rules in the page's language, as games.access.message says it (a reason
// inside it said too).
export function refusal(error, catalogue) {
  const params = {};
  for (const [name, value] of Object.entries(error.params || {})) {
    const inner = value && typeof value === "object" && value.error;
    params[name] = inner ? refusal(value, catalogue) : value;
  }
  const template = translated(catalogue, error.error);
  return Object.keys(params).length ? fill(template, params) : template;
}
