/**
 * The phone's service worker: it keeps the built app (the "shell": index.html, the hashed JS and CSS chunks, the
 * icons) so that a captain who reloads the scoresheet in a dead spot of the bar still gets the app. The app then
 * shows the last match state it saved and the commands still waiting in its outbox (both in localStorage, see
 * client/src/live/storage.ts), and sends them when the connection returns.
 *
 * It never touches match data: the socket (/socket.io/), the API (/api/...) and the health checks always go to the
 * network, so nothing here can show a stale score or replay a command.
 *
 * Built by client/build/serviceWorker.ts, which strips the types, fills in the list of files of this build and
 * writes it as /sw.js. It must import nothing: it is registered as a classic worker, which every phone browser
 * supports (the `export {}` below only makes it a module for TypeScript and is dropped by the build).
 */
export {};

/** The build's files (paths from the site root) and a hash of that list: filled in by the build. */
declare const __LN_SHELL_FILES__: string[];
declare const __LN_SHELL_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
}

// The DOM typings describe a page; this file runs in a ServiceWorkerGlobalScope, described above as far as it uses it.
const worker = self as unknown as WorkerScope;

const SHELL_FILES: string[] = __LN_SHELL_FILES__;
/** A new build is a new cache; the old one is dropped once the new worker takes over. */
const CACHE = `ln-shell-${__LN_SHELL_VERSION__}`;
const INDEX = '/index.html';
/** How long a page load waits for the network before the saved app is shown instead (a bar's wifi that hangs). */
const NAVIGATION_TIMEOUT_MS = 3000;

/** Match data and the live connection: never from a cache. */
const NETWORK_ONLY = /^\/(socket\.io|api)\/|^\/(healthz|readyz)$/;

worker.addEventListener('install', (event) => {
  // `reload`: the HTTP cache may hold an index.html of the previous build (it is served for an hour).
  const requests = [INDEX, ...SHELL_FILES].map((path) => new Request(path, { cache: 'reload' }));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(requests))
      // The shell of a build works by itself: take over at once rather than after every tab of the old one closed.
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('ln-shell-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  // Hashed files never change under their name, and the icons and manifest are part of the build: cache first.
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then((hit) => hit ?? fetchAndKeep(request, url.pathname.startsWith('/assets/'))),
  );
});

/**
 * A page (every page path is the same index.html, the client routes by path): the network first, so a new build
 * is picked up at once, the saved copy when the network fails or hangs.
 */
async function page(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then(async (response) => {
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await cache.put(INDEX, response.clone());
    }
    return response;
  });
  const saved = await cache.match(INDEX);
  if (!saved) return network;
  const timeout = new Promise<Response>((resolve) => setTimeout(() => resolve(saved), NAVIGATION_TIMEOUT_MS));
  return Promise.race([network.catch(() => saved), timeout]);
}

/** From the network; a hashed chunk this build did not list (should not happen) is kept for next time. */
async function fetchAndKeep(request: Request, keep: boolean): Promise<Response> {
  const response = await fetch(request);
  if (keep && response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}
