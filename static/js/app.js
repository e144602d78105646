// Scorekeeper's script on every page. Pages work without it; it adds polish. The deal
// screen's own taps are static/js/table.js.

// Screen readers hear what a view announces after an htmx request:
//   trigger_client_event(response, "announce", "Deal 3 saved.")  (django_htmx.http)
// sends `HX-Trigger: {"announce": "Deal 3 saved."}`, and the text lands in the
// aria-live region #announcer from base.html.
document.addEventListener("announce", (event) => {
  const announcer = document.getElementById("announcer");
  const message = event.detail && event.detail.value;
  if (!announcer || typeof message !== "string") {
    return;
  }
  // Empty the region first so the same message twice is read twice.
  announcer.textContent = "";
  window.setTimeout(() => {
    announcer.textContent = message;
  }, 50);
});

// A page whose screen is off or on another tab does not poll (it catches up within
// three seconds of coming back).
document.addEventListener("htmx:beforeRequest", (event) => {
  const path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
  if (path.includes("/live/") && document.visibilityState === "hidden") {
    event.preventDefault();
  }
});

// Scripts a page needs only once it is up (docs/performance.md, "Page weight"): the
// redraw's keeper (static/js/table.js), the outbox and the phone's table
// (static/js/offline-start.js). Inserted in order, each once; a list that did not all come
// (offline before it did) is inserted whole again when asked again.
const later = new Map();
window.scorekeeperLater = (sources) => {
  const loads = sources.map((src) => {
    if (!later.has(src)) {
      later.set(
        src,
        new Promise((resolve, reject) => {
          const script = document.createElement("script");
          script.src = src;
          script.async = false; // in the order asked
          script.onload = resolve;
          script.onerror = reject;
          document.head.append(script);
        }),
      );
    }
    return later.get(src);
  });
  return Promise.all(loads).catch((error) => {
    sources.forEach((src) => later.delete(src));
    throw error;
  });
};

// New session: a name added with Enter leaves the cursor in the name field, for the next.
// The form the answer swapped in says so (data-focus), whatever htmx's own focus keeping
// found focused when the answer came.
document.addEventListener("htmx:afterSwap", () => {
  const form = document.getElementById("new-session");
  if (form && form.dataset.focus) {
    const field = document.getElementById(form.dataset.focus);
    if (field) {
      field.focus();
      // Focusing a field that kept the focus through the swap does not scroll to it: the
      // list of players above it grew, so bring it into view (360 x 640, the third name).
      field.scrollIntoView({ block: "nearest" });
    }
  }
});
