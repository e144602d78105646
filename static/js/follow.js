// The deal screens without a connection (issue 32; docs/phone.md "Offline").

// A line stuck at the top of the page (app.css ".connection"), said to screen readers as
// it changes: made once by its id, first in the page's main part.
export function statusLine(id) {
  let line = document.getElementById(id);
  if (!line) {
    line = document.createElement("p");
    line.id = id;
    line.className = "connection";
    line.setAttribute("role", "status");
    document.getElementById("main").prepend(line);
  }
  return line;
}

// Says `text` on the line `id` (none: hides it), the one line at the top: a line of what
// this phone keeps (the entries, a seat's bid) says that the connection is down already, so
// the others are hidden while it shows.
export function showLine(id, text) {
  if (!text) {
    const line = document.getElementById(id);
    if (line) {
      hide(line);
    }
  } else {
    steady(() => {
      const line = statusLine(id);
      line.textContent = text;
      line.hidden = false;
      line.classList.remove("leaving");
      for (const other of document.querySelectorAll(".connection")) {
        if (other !== line) {
          other.hidden = true;
          other.classList.remove("leaving");
        }
      }
    });
  }
  stick();
}

// A line shown, grown or hidden above the table (this phone's, or "No connection") leaves
// the table where it was on the screen: at the page's top, where the browser's own scroll
// anchoring does not act, a line appearing would push the next control down under the
// thumb about to tap it.
function steady(change) {
  const table = document.getElementById("table");
  const before = table ? table.getBoundingClientRect().top : 0;
  change();
  const moved = table ? table.getBoundingClientRect().top - before : 0;
  if (moved) {
    window.scrollBy(0, moved);
  }
}

// A line that goes where the page cannot be scrolled back up by its height (near the
// page's top: "Sending…" over once a late answer came) would pull the table up under the
// thumb about to tap it (a page that only follows the table has no thumb: there it goes).
// Its room stays, empty (.leaving, app.css), until the table is drawn again after an entry
// (table.js says "scorekeeper:look-anew": the thumb looks anew then), or the page is
// scrolled down far enough to take it back. `force`: the room goes either way.
function hide(line, force = false) {
  if (line.hidden) {
    return;
  }
  // Its room, read off the line itself: hiding it to see would already have pulled the
  // page's end up, and the browser with it the page scrolled to near its end.
  const style = window.getComputedStyle(line);
  const room = line.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  const tapping = document.querySelector("#table form"); // not a follower's, nor the big screen
  if (window.scrollY < room && tapping && !force) {
    line.classList.add("leaving");
    return;
  }
  steady(() => {
    line.hidden = true;
    line.classList.remove("leaving");
  });
}
// The rooms kept, taken back where they can be (`force`: all of them).
function takeBack(force) {
  const left = document.querySelectorAll(".connection.leaving");
  for (const line of left) {
    hide(line, force);
  }
  if (left.length) {
    stick();
  }
}
document.addEventListener("scorekeeper:look-anew", () => takeBack(true));
window.addEventListener("scroll", () => takeBack(false), { passive: true });

// The one line stuck at the top (app.css ".connection"): the entries kept on this phone
// (static/js/offline-parts.js) or, with none kept, this page's "No connection". A round
// game's totals stick below the line shown (rounds.css, --connection: its height).
export function stick() {
  const line = [...document.querySelectorAll(".connection")].find((each) => !each.hidden);
  const height = line ? line.offsetHeight : 0;
  document.documentElement.style.setProperty("--connection", `${height}px`);
}

// No connection: a page that follows the table (and a scorekeeper with nothing waiting)
// says since when it has not heard from the server, and catches up by itself when the
// poll gets through again (docs/phone.md, "Offline").
let heardAt = new Date();
document.addEventListener("htmx:afterRequest", (event) => {
  const path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
  const table = document.querySelector("[data-no-connection]");
  if (!path.includes("/live/") || !table) {
    return;
  }
  if (event.detail.successful) {
    heardAt = new Date();
    const line = document.getElementById("no-connection");
    if (line && !line.hidden) {
      hide(line);
      stick();
    }
    return;
  }
  if (document.querySelector("#offline-table:not([hidden])")) {
    return; // the entries waiting say it already (static/js/offline.js)
  }
  if (document.querySelector(".connection:not([hidden], .leaving, #no-connection)")) {
    return; // what this phone keeps says it already (showLine)
  }
  const time = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    hour: "2-digit",
    minute: "2-digit",
  }).format(heardAt);
  steady(() => {
    const line = statusLine("no-connection");
    line.textContent = `${table.dataset.noConnection} ${time}`;
    line.hidden = false;
  });
  stick();
});
