// The score pad's service worker: it keeps the pages, the assets and what the pages
// read (GET only) as they were last fetched, so that a game opens without the network.
// Every request goes to the network first; the kept copy answers only when it fails.
// Writes (PUT, POST, PATCH, DELETE) are never kept: they need the server.
"use strict";

const KEPT = "skullking-pad-v2";
const ASSETS = ["/", "/static/pad.css", "/static/pad.js", "/static/merge.js", "/static/chart.js", "/static/icon.svg", "/static/manifest.webmanifest"];

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
        if (response.ok) {
          const copy = response.clone();
          caches.open(KEPT).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((kept) => kept || Response.error()))
  );
});
