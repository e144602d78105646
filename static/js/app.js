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
      // list of players above it grew, so bring it into view (360 x 640, the third name),
      // with the first dealer's choice just below it where the screen has room.
      field.scrollIntoView({ block: "nearest" });
      const dealer = form.querySelector(".first-dealer");
      const room = dealer && dealer.getBoundingClientRect().bottom - field.getBoundingClientRect().top;
      if (dealer && room < window.innerHeight * 0.6) {
        dealer.scrollIntoView({ block: "nearest" });
      }
    }
  }
});

// A form htmx sent that got no answer (no connection, or none in time): nothing was
// changed, and the page says so beside the form, in the page's language (base.html), until
// an answer comes. The scorekeeper's table keeps its entries on the phone instead
// (static/js/offline.js), which htmx never sends.
function notSent(event) {
  const elt = event.detail.elt;
  const form = elt && elt.closest ? elt.closest("form") : null;
  const config = event.detail.requestConfig;
  if (!form || form.hasAttribute("data-keep-offline") || (config && config.verb !== "post")) {
    return; // a seat's bid is kept on the phone instead (static/js/seat.js)
  }
  let line = form.querySelector(".not-sent");
  if (!line) {
    line = document.createElement("p");
    line.className = "error not-sent";
    line.setAttribute("role", "alert");
  }
  // Beside the thumb: below what was tapped or typed in (the field's row, the keys).
  const tapped = form.contains(document.activeElement) ? document.activeElement : null;
  const near = tapped && tapped !== form ? tapped.closest("div, fieldset, p") : null;
  if (near && form.contains(near)) {
    near.after(line);
  } else {
    form.append(line);
  }
  line.textContent = document.body.dataset.msgNotSent || "";
  line.scrollIntoView({ block: "center" }); // clear of the sticky Start or Save bar
}
document.addEventListener("htmx:sendError", notSent);
document.addEventListener("htmx:timeout", notSent);
document.addEventListener("htmx:afterRequest", (event) => {
  const elt = event.detail.elt;
  const form = elt && elt.closest ? elt.closest("form") : null;
  const line = event.detail.successful && form && form.querySelector(".not-sent");
  if (line) {
    line.remove();
  }
});

// The result card, an image of the final standings, is drawn by its own module, loaded
// only where a finished game offers it (templates/games/_result_card.html).
function resultCard() {
  if (document.querySelector("[data-result-card]")) {
    import("./card.js").then((card) => card.offer()).catch(() => {});
  }
}
resultCard();
document.addEventListener("htmx:afterSwap", resultCard);
