import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers (helmet) fitted to the Svelte client:
 * - script-src 'self': Vite emits the app as module files, no inline script;
 * - style-src keeps helmet's 'unsafe-inline': Svelte 5 builds markup from HTML templates, so a component's static
 *   `style="..."` attribute is parsed as an inline style, which CSP would otherwise block;
 * - connect-src adds the page's own ws:/wss: origin for Socket.IO: 'self' covers WebSocket only in CSP Level 3,
 *   and older phone browsers still in use at a bar do not all implement that;
 * - img-src allows data: (QR codes of the captain links) and blob: (a challenge photo shown from the bytes the phone
 *   fetched with its captain token, or downscaled before upload);
 * - no upgrade-insecure-requests: at a venue the server often runs on a laptop over plain http on the bar's LAN,
 *   where upgrading every request to https would break the page.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'connect-src': ["'self'", (req: IncomingMessage) => sameHostSockets(req)],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    // The Strict-Transport-Security header only means something over https; keep helmet's default there.
  });
}

/** ws://host and wss://host of the request's own Host, if it is a plain host[:port] (never echo anything else). */
function sameHostSockets(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `ws://${host} wss://${host}` : "'self'";
}
