import type { Component } from 'svelte';

/**
 * The app's pages, by path. Each page is loaded on demand, so a spectator's phone never downloads what only a
 * league page needs. To add pages (e.g. the league's under `client/src/league/`), add a line here, e.g.
 *   { path: /^\/league(?:\/(.*))?$/, params: ['rest'], page: () => import('./league/LeaguePage.svelte') },
 * and have the server send index.html for that path.
 */
export interface Route {
  path: RegExp;
  /** Names of the path's capture groups, in order. */
  params: string[];
  page: () => Promise<{ default: Component<{ params: Record<string, string> }> | Component }>;
}

export const routes: Route[] = [
  { path: /^\/m\/([^/]+)\/sheet\/?$/, params: ['matchId'], page: () => import('./match/ScoresheetPage.svelte') },
  { path: /^\/m\/([^/]+)\/?$/, params: ['matchId'], page: () => import('./match/MatchPage.svelte') },
  { path: /^\/league(?:\/(.*))?$/, params: ['rest'], page: () => import('./league/LeaguePage.svelte') },
  { path: /^\/?$/, params: [], page: () => import('./HomePage.svelte') },
];

export interface Resolved {
  route: Route;
  params: Record<string, string>;
}

export function resolve(pathname: string): Resolved | null {
  for (const route of routes) {
    const m = route.path.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.params.forEach((name, i) => {
      params[name] = safeDecode(m[i + 1] ?? '');
    });
    return { route, params };
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
