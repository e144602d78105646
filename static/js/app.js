// Scorekeeper's only script of its own. Pages work without it; it adds polish.

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
