// The service worker of the site (written to its root as sw.js by tools/build_play.py
// --service-worker, after the book is built). After a first visit to the Play or Puzzles page,
// it keeps those pages, every file they load and the engine (Pyodide and the oanquan package)
// in a cache named after this build, so that a second visit downloads nothing and works with
// no network. A new build writes a new VERSION: the browser installs the new worker, which
// fills a new cache and deletes the old one.
const VERSION = "{{version}}";
const CACHE = "oanquan-" + VERSION;
const PRECACHE = {{files}}; // paths relative to this file

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      // the page registers this worker once the engine has loaded, so these come from the
      // browser's HTTP cache (or a 304) rather than being downloaded a second time
      return cache.addAll(PRECACHE);
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("oanquan-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// Cache first for what this build cached (pages carry query strings: ?record=..., ?puzzle=...);
// anything else of this site that a page of it loads is added as it comes; other hosts are
// never touched.
self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL("./", self.location.href).pathname;
  const path = url.pathname.slice(scope.length);
  const ours = path.indexOf("_static/") === 0 || /\.html$/.test(path) || path === "" || /\/$/.test(path);
  if (!ours || path.indexOf("lite/") === 0) return;
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      return cache.match(request, { ignoreSearch: true }).then(function (hit) {
        if (hit) return hit;
        return fetch(request).then(function (response) {
          if (response.ok && response.type === "basic") cache.put(request, response.clone());
          return response;
        });
      });
    })
  );
});
