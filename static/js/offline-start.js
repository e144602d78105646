// The outbox's start on the scorekeeper's deal screen (docs/phone.md, "Offline"). The outbox
// and the phone's table (data-drawing, in order: the keeper, idb-keyval, offline-parts.js,
// offline.js, then the table's drawing) come once the page is up, not with its first load
// (docs/performance.md, "Page weight"); the service worker keeps them with the page. A tap
// on the table's forms before the outbox is up is held here, with its fields as tapped, and
// kept by the outbox as it starts (offline.js); they are asked for again at that tap and
// when the connection comes back, if they did not come.
(() => {
  "use strict";

  const sources = (document.currentScript.dataset.drawing || "").split(" ").filter(Boolean);
  const held = [];
  window.scorekeeperHeld = held;
  const bring = () => {
    if (!window.scorekeeperOutbox) {
      window.scorekeeperLater(sources).catch(() => {});
    }
  };

  document.addEventListener("htmx:confirm", (event) => {
    const elt = event.detail.elt;
    const form = elt && elt.closest && elt.closest("#table form");
    if (window.scorekeeperOutbox || event.detail.verb !== "post" || !form) {
      return;
    }
    event.preventDefault();
    const submitter = event.detail.triggeringEvent && event.detail.triggeringEvent.submitter;
    const fields = Object.fromEntries(new FormData(form, submitter || undefined));
    held.push({ detail: event.detail, form, fields });
    for (const button of form.querySelectorAll("button")) {
      button.disabled = true; // like hx-disabled-elt, until the outbox has it
    }
    bring();
  });

  if (document.readyState === "complete") {
    bring();
  } else {
    window.addEventListener("load", bring);
  }
  window.addEventListener("online", bring);
})();
