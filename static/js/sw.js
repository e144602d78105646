// Scorekeeper's service worker, served at /sw.js by games/views/pwa.py, which puts
// CACHE, PRECACHE, OFFLINE_URL and STATIC_URL above this line.
//
// It keeps static files, the offline page, and the last copy of the deal screen and
// score sheet of each session this phone keeps score of (the server marks those with
// `X-Offline-Copy: keep`), so they open without a network (docs/phone.md, "Offline").
// No htmx answer, no POST. A copy goes when its page answers 403 or 404 (a session
// deleted, a link stopped) and when the page tells (static/js/wake.js, "forget"). Any
// other page that cannot be loaded shows the offline page instead of the browser's error.

const PAGES = "scorekeeper-pages";
const KEPT_PAGE = /^\/s\/[^/]+\/(sheet\/)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The page has just downloaded these (hashed, immutable): take them from the
      // HTTP cache rather than fetching them again.
      await cache.addAll(PRECACHE);
      const offline = await fetch(new Request(OFFLINE_URL, { cache: "reload" }));
      if (!offline.ok) {
        throw new Error(`${OFFLINE_URL} answered ${offline.status}`);
      }
      await cache.put(OFFLINE_URL, offline);
      // Only static files are kept, so a new worker may take over open pages at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("scorekeeper-") && name !== CACHE && name !== PAGES) {
          await caches.delete(name);
        }
      }
      // Pages start loading while the worker wakes up, instead of after.
      if (self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })(),
  );
});

// The offline page speaks the language of the pages: when a page comes back in
// another language (the visitor switched), the kept offline page is fetched again.
async function followLanguage(language) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(OFFLINE_URL);
  if (!language || (kept && kept.headers.get("Content-Language") === language)) {
    return;
  }
  const fresh = await fetch(new Request(OFFLINE_URL, { cache: "reload" }));
  if (fresh.ok) {
    await cache.put(OFFLINE_URL, fresh);
  }
}

async function keepOrForget(path, response) {
  const pages = await caches.open(PAGES);
  if (response.ok && response.headers.get("X-Offline-Copy") === "keep") {
    await pages.put(path, response);
  } else if (response.status === 403 || response.status === 404) {
    const session = path.replace(/sheet\/$/, "");
    await Promise.all([pages.delete(session), pages.delete(`${session}sheet/`)]);
  }
}

async function pageOrOffline(event) {
  const path = new URL(event.request.url).pathname;
  const keepable = KEPT_PAGE.test(path);
  let response;
  try {
    response = (await event.preloadResponse) || (await fetch(event.request));
  } catch (error) {
    const kept = keepable && (await caches.match(path, { cacheName: PAGES }));
    const offline = kept || (await caches.match(OFFLINE_URL, { cacheName: CACHE }));
    return offline || Response.error();
  }
  if (keepable) {
    event.waitUntil(keepOrForget(path, response.clone()).catch(() => {}));
  }
  event.waitUntil(followLanguage(response.headers.get("Content-Language")).catch(() => {}));
  return response;
}

async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) {
    return kept;
  }
  const response = await fetch(request);
  // A static file the list forgot is kept too; a new deploy starts a new cache.
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(event));
  } else if (url.pathname.startsWith(STATIC_URL)) {
    event.respondWith(staticFile(request));
  }
  // Everything else (htmx answers, the live poll) goes to the network as usual.
});
