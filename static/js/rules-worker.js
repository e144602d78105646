// games.rules on this phone, off the page's thread (docs/phone.md "Rules on the phone"): a
// module worker started by static/js/phone-rules.js. It loads MicroPython (vendored in
// static/vendor/micropython/), writes the rules' bundle (phone_rules/rules.json, every
// source of games.rules and the shims) under /lib, imports games.phone_rules.figures once,
// and answers each request with its figures. The Python keeps the game's Tally between
// requests, so a round kept offline costs one round added.
//
// Message in: {id, files: {runtime, wasm, bundle}, request}. Out: {id, answer, ms} or
// {id, error, unstarted}; ``ms``: the time the rules took for this request; ``unstarted``:
// MicroPython or the rules did not start, and this worker is of no more use.

let mp = null; // MicroPython with figures imported, once started
let starting = null;
let startMs = 0;

async function start(files) {
  const began = performance.now();
  const [{ loadMicroPython }, bundle] = await Promise.all([
    import(files.runtime),
    fetch(files.bundle).then((response) => {
      if (!response.ok) {
        throw new Error(`${files.bundle} answered ${response.status}`);
      }
      return response.json();
    }),
  ]);
  const printed = [];
  const python = await loadMicroPython({
    url: files.wasm,
    heapsize: 4 * 1024 * 1024,
    stdout: (line) => printed.push(line),
    stderr: (line) => printed.push(line),
  });
  const made = new Set();
  for (const [path, source] of Object.entries(bundle)) {
    let dir = "";
    for (const part of `lib/${path}`.split("/").slice(0, -1)) {
      dir += `/${part}`;
      if (!made.has(dir)) {
        try {
          python.FS.mkdir(dir);
        } catch {
          // there already
        }
        made.add(dir);
      }
    }
    python.FS.writeFile(`/lib/${path}`, source);
  }
  python.runPython(
    "import gc\nimport json\nimport cpython_compat\nfrom games.phone_rules import figures",
  );
  startMs = performance.now() - began;
  return python;
}

self.addEventListener("message", async (event) => {
  const { id, files, request } = event.data;
  try {
    if (!mp) {
      starting = starting || start(files);
      try {
        mp = await starting;
      } catch (error) {
        starting = null; // asked again at the next request (the files may come by then)
        throw error;
      }
    }
    if (!request) {
      self.postMessage({ id, answer: null, ms: 0, startMs });
      return;
    }
    const scoring = performance.now();
    mp.globals.set("request_json", JSON.stringify(request));
    mp.runPython("answer_json = json.dumps(figures.score(json.loads(request_json)))");
    const answer = JSON.parse(mp.globals.get("answer_json"));
    self.postMessage({ id, answer, ms: performance.now() - scoring, startMs });
    // The heap's garbage collected now, between entries, rather than during the next one.
    mp.runPython("gc.collect()");
  } catch (error) {
    const said = String(error && error.message ? error.message : error);
    self.postMessage({ id, error: said, unstarted: !mp });
  }
});
