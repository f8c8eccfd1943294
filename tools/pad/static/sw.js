// The score pad's service worker: it keeps the pages, the assets and what the pages
// read (GET only) as they were last fetched, so that a game opens without the network.
// Every request goes to the network first; the kept copy answers only when it fails.
// Writes (PUT, POST, PATCH, DELETE) are never kept: they need the server; nor is an
// answer marked "Cache-Control: no-store" (the pad marks so those that hold a key, so
// that a phone that forgets a key keeps no copy of it), and one kept before is dropped.
"use strict";

const KEPT = "skullking-pad-v3";
// Every module the page's script imports is kept at once (pad.js imports the rest): a
// page opened offline before it ever loaded them still finds them all.
const MODULES = [
  "pad.js",
  "i18n.js",
  "dom.js",
  "storage.js",
  "keys.js",
  "api.js",
  "share.js",
  "cards.js",
  "chart.js",
  "merge.js",
  "index-page.js",
  "diff-page.js",
  "player-page.js",
  "game/page.js",
  "game/state.js",
  "game/drafts.js",
  "game/inputs.js",
  "game/round-values.js",
  "game/phases.js",
  "game/check.js",
  "game/extras.js",
  "game/conflicts.js",
  "game/end.js",
  "game/round-form.js",
  "game/merging.js",
  "game/problems.js",
  "game/totals.js",
  "game/saving.js",
  "game/manage.js",
  "game/trick.js",
  "game/refresh.js",
];
const ASSETS = ["/", "/static/pad.css", "/static/icon.svg", "/static/manifest.webmanifest", ...MODULES.map((m) => "/static/" + m)];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(KEPT).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== KEPT).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (/\bno-store\b/i.test(response.headers.get("cache-control") || "")) {
          caches.open(KEPT).then((cache) => cache.delete(request));
        } else if (response.ok) {
          const copy = response.clone();
          caches.open(KEPT).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((kept) => (kept ? marked(request, kept) : Response.error())))
  );
});

// A kept answer of the pad's API given as kept ("X-Skullking-Kept: 1"), so that the
// page knows the pad was not reached (it then asks nothing whose answer is never kept).
function marked(request, kept) {
  if (!new URL(request.url).pathname.startsWith("/api/")) return kept;
  const headers = new Headers(kept.headers);
  headers.set("x-skullking-kept", "1");
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
}
