// What the phone's table is drawn with (static/js/offline.js; docs/phone.md, "Offline"):
// the server's sentences filled in, and the screen it draws on. Nothing of the session.

import { showLine } from "./follow.js";

const say = (template, params) =>
  template.replace(/%\((\w+)\)s/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
// A sentence whose plural follows n: the server sends one per sample number; the one in
// n's plural category (the page's language) is taken.
const plural = (forms, n, params = {}) => {
  const rules = new Intl.PluralRules(document.documentElement.lang || "en");
  const sample = Object.keys(forms).find((each) => rules.select(Number(each)) === rules.select(n));
  return say(forms[sample || Object.keys(forms).pop()], { n, ...params });
};
const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

export { say, plural, escape };

// The rules on this phone (static/js/phone-rules.js), imported once when a drawing first
// needs them, for every drawing (asked again at the next drawing if the import failed);
// `phoneRules()` is the module once it came, else null.
let importing = null;
let imported = null;
export const phoneRules = () => imported;
export const rulesOf = (files) =>
  (importing =
    importing ||
    import(files.module).then(
      (module) => (imported = module),
      (error) => {
        importing = null;
        throw error;
      },
    ));

// ``asking(module)``, the rules' answer, tried again a few times when the rules could not
// start (a file lost on a flaky connection before the service worker kept it): a drawing
// shows "later" only when the rules are not to be had.
const TRIES = 3;
const RETRY_MS = 500;
export function askRules(files, asking, tries = TRIES) {
  const once = phoneRules() ? asking(phoneRules()) : rulesOf(files).then(asking);
  return once.then(
    (answer) => {
      if (answer && answer.error) {
        console.warn("scorekeeper: the rules on this phone refuse the table:", answer.error);
      }
      return answer;
    },
    (error) => {
      if (tries > 1) {
        return new Promise((resolve) => window.setTimeout(resolve, RETRY_MS)).then(() =>
          askRules(files, asking, tries - 1),
        );
      }
      console.warn("scorekeeper: the rules on this phone did not start:", String(error));
      throw error;
    },
  );
}

// Like hx-disabled-elt while an entry is on its way: the table's buttons wait.
export function setBusy(target, busy) {
  for (const button of target ? target.querySelectorAll("button[type=submit]") : []) {
    button.disabled = busy || button.classList.contains("forbidden");
  }
}

// -- the screen ------------------------------------------------------------------------
// The phone's table takes the place of the server's inside #table, which goes
// on polling; the server's own content waits aside until it is shown again. What the
// player has open, chosen or focused stays across each change (keep.js).
export function screen(keeper) {
  let aside = null;
  let carried = null; // what the player had open when the server's answer came (swapIn)

  function status(text) {
    showLine("connection", text); // one line at the top: the entries kept say it is down
  }

  // The phone's table, drawn by html(serverTable) unless it shows `drawn` already: a retry
  // must not clear what is being typed. `carried`: what the player had open in the phone's
  // table an answer just replaced, with entries still waiting behind it.
  function phone(target, drawn, html) {
    let box = document.getElementById("offline-table");
    if (box && box.dataset.drawn === drawn) {
      return;
    }
    const kept = carried || keeper.capture(target);
    if (!box) {
      aside = document.createElement("div");
      aside.append(...target.childNodes);
      box = document.createElement("div");
      box.id = "offline-table";
      box.className = "offline-table";
      target.append(box);
    }
    box.dataset.drawn = drawn;
    box.innerHTML = html(aside);
    keeper.restore(kept);
  }

  function server(target) {
    if (aside && document.getElementById("offline-table")) {
      const kept = keeper.capture(target);
      target.replaceChildren(...aside.childNodes); // nothing was sent: it is still right
      // Its buttons were waiting for an answer when it was set aside (setBusy, a form
      // sent): it is the table to tap on now.
      for (const button of target.querySelectorAll("button:disabled:not(.forbidden)")) {
        button.disabled = false;
      }
      keeper.restore(kept);
    }
    aside = null;
  }

  // The server's answer in the table's place. What the player has open in it stays open, in
  // the server's table and, when entries still wait behind this answer, in the phone's table
  // drawn again over it (during the swap: offline.js draws on htmx:afterSwap).
  function swapIn(target, html, trigger) {
    carried = keeper.capture(target);
    keeper.hold(carried, true); // the page stays put: the player may be tapping on
    window.htmx.swap(target, html, { swapStyle: "outerHTML" });
    keeper.hold(null);
    carried = null;
    try {
      const events = trigger ? JSON.parse(trigger) : {};
      for (const name of Object.keys(events)) {
        document.dispatchEvent(new CustomEvent(name, { detail: { value: events[name] } }));
      }
    } catch (error) {
      // A trigger without details carries nothing to say.
    }
  }

  // The server's new table replaced the phone's (an htmx swap).
  function swapped() {
    if (!document.getElementById("offline-table")) {
      aside = null;
    }
  }

  // Why the sending stopped, above the table; brought into view when `news` (what stopped
  // it) changes, not with each tap kept behind it (the scorekeeper may be down at the
  // counts or the totals).
  function refusal(target, html, news = "") {
    let box = document.getElementById("refused");
    if (!html) {
      if (box) {
        box.remove();
      }
      return;
    }
    if (!box) {
      box = document.createElement("section");
      box.id = "refused";
      box.className = "panel refused";
      target.parentNode.insertBefore(box, target);
    }
    if (box.dataset.drawn !== html) {
      box.dataset.drawn = html;
      box.innerHTML = html;
    }
    if (box.dataset.news !== news) {
      box.dataset.news = news;
      const place = box.getBoundingClientRect();
      if (place.top < 0 || place.top > window.innerHeight - 120) {
        box.scrollIntoView({ block: "start" });
      }
    }
  }

  return { status, phone, server, swapIn, swapped, refusal };
}
