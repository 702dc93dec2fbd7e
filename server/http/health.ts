import { Router } from 'express';
import type { RoomStore } from '../matches/roomStore';

/**
 * /healthz: the process is up and serving (liveness: restart it if this fails).
 * /readyz: the store answers too (readiness: send it traffic). A Redis outage makes a process unready, not dead:
 * it recovers by itself when Redis returns.
 */
export function healthRoutes(store: RoomStore): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const ready = await store.ping();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'store unavailable' });
  });
  return router;
}
