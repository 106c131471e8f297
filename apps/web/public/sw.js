/**
 * Smart Home Shop service worker.
 * - /api/* and /uploads/* are never touched: authenticated data must not outlive the session.
 * - /assets/* (hashed, immutable) are served cache-first.
 * - Page navigations go to the network first and fall back to the last cached app shell offline.
 * - A {type: "logout"} message deletes every cache this worker owns.
 */
const VERSION = "v1";
const PREFIX = "shop-";
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const ASSET_CACHE = `${PREFIX}assets-${VERSION}`;
const SHELL_URL = "/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(SHELL_URL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const current = new Set([SHELL_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith(PREFIX) && !current.has(key)).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

function isPrivatePath(pathname) {
  return pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/uploads/");
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

async function networkFirstNavigation(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    // Every route serves the same app shell; keep the newest copy for offline use.
    if (response.ok && response.type === "basic") await cache.put(SHELL_URL, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivatePath(url.pathname)) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/") && /(?:^|[^\w-])\w*-[\w-]{8,}\.\w+$/.test(url.pathname)) {
    // Only hashed bundler output is immutable; other files under /assets (the sample CSV) can change. A name
    // is read from its first dash (the word before it holds none), so each character once: linear in the URL.
    event.respondWith(cacheFirst(request));
  }
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "logout") {
    event.waitUntil(
      caches
        .keys()
        .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX)).map((key) => caches.delete(key)))),
    );
  }
});
