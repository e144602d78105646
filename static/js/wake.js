// The app on a phone: the service worker, the screen kept on where a page asks (the big
// screen), and the "This phone" settings of a
// session page (keep the screen on; say the call after the bids). Each switch is
// remembered by this phone only (localStorage) and shown only where the browser
// can do it. Texts come from the page (data-* attributes), in its language. An ES module
// (deferred, like the page's other scripts); it imports the outbox only to forget a session.

// -- the service worker (needs https, or localhost) ------------------------------
const script = document.querySelector("script[data-service-worker]");
if ("serviceWorker" in navigator && window.isSecureContext && script) {
  window.addEventListener("load", () => {
    navigator.serviceWorker
      .register(script.dataset.serviceWorker, { scope: script.dataset.scope || "/" })
      .catch(() => {}); // the app works without it, just not offline
  });
}

// -- forget what this phone kept of a session deleted, or of a link stopped ------
// (docs/phone.md, "Offline"): its pages' copies (static/js/sw.js) and what the outbox
// kept of it (static/js/outbox.js, imported only then: its store and keys are its own).
function forget(root) {
  for (const gone of root.querySelectorAll("[data-forget-session]")) {
    const id = gone.dataset.forgetSession;
    const prefix = `/s/${id}/`;
    if (window.caches) {
      caches
        .open("scorekeeper-pages")
        .then((pages) => Promise.all([pages.delete(prefix), pages.delete(`${prefix}sheet/`)]))
        .catch(() => {});
    }
    if (window.indexedDB) {
      import("./outbox.js").then((outbox) => outbox.forget(id)).catch(() => {});
    }
  }
}
forget(document);
document.addEventListener("htmx:afterSwap", () => forget(document));

// -- a page that is watched, not touched (the big screen: data-keep-awake) -------------
// keeps the screen on with no switch, from the start and whenever it is shown again (the
// browser lets go of the lock when the page is hidden). What became of it is written on
// the element (data-awake: "held" or "refused"), for the tests and for a curious reader.
function keepAwake() {
  const page = document.querySelector("[data-keep-awake]");
  if (!page || !("wakeLock" in navigator)) {
    return;
  }
  let lock = null;
  async function hold() {
    if (lock && !lock.released) {
      return;
    }
    try {
      lock = await navigator.wakeLock.request("screen");
      page.dataset.awake = "held";
    } catch (error) {
      lock = null; // refused (battery saver, an insecure origin): the page works the same
      page.dataset.awake = "refused";
    }
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      hold();
    }
  });
  if (document.visibilityState === "visible") {
    hold();
  }
}
keepAwake();

// -- this phone's switches -------------------------------------------------------
function settings() {
  const panel = document.querySelector("[data-phone-settings]");
  if (!panel) {
    return;
  }
  const status = panel.querySelector("[data-phone-status]");

  // The panel floats over the page: a tap elsewhere or Escape closes it.
  document.addEventListener("click", (event) => {
    if (panel.open && !panel.contains(event.target)) {
      panel.open = false;
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && panel.open) {
      panel.open = false;
      panel.querySelector("summary").focus();
    }
  });

  function remembered(key) {
    try {
      return window.localStorage.getItem(key) === "on";
    } catch (error) {
      return false; // storage blocked: every switch starts off
    }
  }

  function remember(key, on) {
    try {
      window.localStorage.setItem(key, on ? "on" : "off");
    } catch (error) {
      // Storage blocked: the switch still works until the page is left.
    }
  }

  function say(message) {
    if (status && message) {
      status.textContent = message;
    }
  }

  // -- keep the screen on (Screen Wake Lock; https or localhost only) --------------
  const AWAKE_KEY = "scorekeeper.keepAwake";
  const awakeRow = panel.querySelector("[data-wake-row]");
  const awakeSwitch = panel.querySelector("[data-wake-switch]");
  let lock = null;

  async function holdScreen() {
    if (lock && !lock.released) {
      return;
    }
    try {
      lock = await navigator.wakeLock.request("screen");
      if (!awakeSwitch.checked) {
        releaseScreen(); // switched off while the phone was answering
        return;
      }
      say(panel.dataset.msgAwake);
    } catch (error) {
      // Refused, e.g. in battery saver; the switch stays on and tries again next time.
      lock = null;
      say(panel.dataset.msgAwakeRefused);
    }
  }

  function releaseScreen() {
    if (lock) {
      lock.release().catch(() => {});
      lock = null;
    }
  }

  if (awakeRow && awakeSwitch && "wakeLock" in navigator) {
    awakeRow.hidden = false;
    panel.hidden = false;
    awakeSwitch.checked = remembered(AWAKE_KEY);
    awakeSwitch.addEventListener("change", () => {
      remember(AWAKE_KEY, awakeSwitch.checked);
      if (awakeSwitch.checked) {
        holdScreen();
      } else {
        releaseScreen();
        say(panel.dataset.msgAsleep);
      }
    });
    // The browser lets go of the lock whenever the page is hidden; take it again
    // when the phone comes back to the page.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && awakeSwitch.checked) {
        holdScreen();
      }
    });
    if (awakeSwitch.checked && document.visibilityState === "visible") {
      holdScreen();
    }
  }

  // -- say the call after the bids (speech synthesis) ------------------------------
  const SPEAK_KEY = "scorekeeper.speakCalls";
  const speakRow = panel.querySelector("[data-speak-row]");
  const speakSwitch = panel.querySelector("[data-speak-switch]");
  if (
    !speakRow ||
    !speakSwitch ||
    !("speechSynthesis" in window) ||
    !window.SpeechSynthesisUtterance
  ) {
    return;
  }
  speakRow.hidden = false;
  panel.hidden = false;
  speakSwitch.checked = remembered(SPEAK_KEY);

  function speak(text) {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel(); // a new call replaces one still being read
    window.speechSynthesis.speak(utterance);
  }

  // Some phones (iOS) speak only after a first utterance started by a tap: the
  // page's first tap says nothing, silently.
  let unlocked = false;
  document.addEventListener(
    "pointerdown",
    () => {
      if (!unlocked && speakSwitch.checked) {
        unlocked = true;
        const silence = new SpeechSynthesisUtterance(" ");
        silence.volume = 0;
        window.speechSynthesis.speak(silence);
      }
    },
    { capture: true },
  );

  speakSwitch.addEventListener("change", () => {
    remember(SPEAK_KEY, speakSwitch.checked);
    if (speakSwitch.checked) {
      unlocked = true;
      speak(panel.dataset.msgSpeakOn);
    } else {
      window.speechSynthesis.cancel();
    }
    say(speakSwitch.checked ? panel.dataset.msgSpeakOn : panel.dataset.msgSpeakOff);
  });

  // A deal screen shows the call in #table's status region once every bid is in;
  // htmx swaps #table after every tap and every poll. Say it when it first appears
  // (or changes), never again for the same deal; the page loading is no news.
  function currentCall() {
    const call = document.querySelector("#table .announce-region .announcement");
    if (!call) {
      return null;
    }
    const detail = call.querySelector(".announcement-detail");
    const headline = Array.from(call.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    const parts = [headline, detail ? detail.textContent.replace(/\s+/g, " ").trim() : ""];
    const text = parts.filter(Boolean).join(". ");
    const deal = document.getElementById("deal-title");
    return { text, key: `${deal ? deal.textContent.trim() : ""}|${text}` };
  }

  let lastKey = (currentCall() || { key: null }).key;
  function listen() {
    const call = currentCall();
    if (!call) {
      if (document.getElementById("table")) {
        lastKey = null; // an undo took the last bid back: the call is news again
      }
      return;
    }
    if (call.key === lastKey) {
      return;
    }
    lastKey = call.key;
    if (speakSwitch.checked) {
      speak(call.text);
    }
  }
  const main = document.getElementById("main") || document.body;
  new MutationObserver(listen).observe(main, { childList: true, subtree: true });
}
settings();
