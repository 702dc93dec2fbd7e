import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import express, { Router } from 'express';

/**
 * The built Svelte client (vite build -> dist/client). Match pages (/m/<id>) and league pages (/league/...) are client-side routes: any of them
 * gets index.html and the client reads the match id (and captain token) from the URL.
 */
export function clientFiles(clientDir: string): Router {
  const root = resolve(clientDir);
  const index = resolve(root, 'index.html');
  const router = Router();
  router.use(express.static(root, { index: 'index.html', maxAge: '1h', immutable: false }));
  router.get(['/m/{*rest}', '/league', '/league/{*rest}', '/'], (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The client is not built yet: run `npm run build` (or `npm start`).');
      return;
    }
    // The page itself must not be cached: a new build changes the hashed asset names it points to.
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
