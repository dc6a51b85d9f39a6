// Sarissa's service worker: keeps every file of one build in a cache so that the game opens and
// plays without a connection. scripts/pwa-sw.sh writes dist/sw.js from this template after each
// build, putting above it
//   const VERSION = '<hash of the names and contents of the build's files>';
//   const FILES = ['index.html', 'sarissa-web-<hash>.js', ...];   // relative to this file
// A new build means a new VERSION and so a new worker. It installs beside the running one and
// waits: it never takes over a game in progress (no skipWaiting), the next start uses it.

const CACHE = `sarissa-${VERSION}`;
const INDEX = new URL('index.html', self.location).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Straight from the server, past any HTTP cache, so the cache holds exactly this build.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('sarissa-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (request.mode === 'navigate') {
      // The app routes with the fragment, so every page of it is index.html.
      const page = await cache.match(request, { ignoreSearch: true }) ?? await cache.match(INDEX);
      if (page) return page;
    } else {
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return fetch(request);
  })());
});
