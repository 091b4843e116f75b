/**
 * Every route the application serves, read from the HTTP router itself (all controllers, the webhook
 * intake, the console, the API documentation, metrics when present), asked without credentials and with
 * a wrong key: only `/health` may answer. A route added later without the key check fails here.
 *
 * The console's page and files are the one reasoned exception: a fixed page and its scripts, no data;
 * the page asks for the key and every data call it makes goes to the API routes checked here.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

interface Route {
  method: string;
  path: string;
}

const PUBLIC_ROUTES = new Set(['GET /health', 'GET /health/live', 'GET /health/ready']);
/** Static files of the console (see above); answering without a key is checked to carry no data. */
const STATIC_CONSOLE_ROUTES = new Set(['GET /', 'GET /console', 'GET /console/:name']);

const SENDABLE = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function routeTable(app: NestExpressApplication): Route[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  const routes: Route[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        // fetch cannot send CONNECT or TRACE; a route answering every method is also asked by GET.
        if (on && SENDABLE.has(method.toUpperCase())) routes.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return routes;
}

function isCatchAll(path: string): boolean {
  return /^\/?\{?\*\w+\}?$/.test(path);
}

/** A concrete URL for a route pattern: each parameter gets a plausible value. */
function concrete(path: string): string {
  return path
    .replace(/:(\w+)/g, (_match, name: string) => (/id$/i.test(name) ? '1' : 'x'))
    .replace(/\{?\*\w+\}?/g, 'x');
}

describe('security: the route table needs credentials everywhere but /health', () => {
  let t: TestApp;
  let routes: Route[];
  beforeAll(async () => {
    t = await startTestApp({ regimes: [] });
    routes = routeTable(t.app);
  });
  afterAll(() => t?.close());

  it('finds the routes of every controller and of the API documentation', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const known of [
      'GET /health',
      'GET /documents',
      'PATCH /documents/:id/overrides',
      'POST /webhooks/:instance/invoices',
      'GET /connectors',
      'GET /console',
      'GET /docs-json',
    ]) {
      expect(keys).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers 401 to every other route without a key, and with a wrong one', async () => {
    const open: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const url = `${t.url}${concrete(route.path)}`;
      const init = {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: ['GET', 'HEAD', 'DELETE'].includes(route.method) ? undefined : '{}',
      };
      const anonymous = await fetch(url, init);
      const wrong = await fetch(url, { ...init, headers: { ...init.headers, 'X-API-Key': 'not-the-key' } });
      await anonymous.arrayBuffer();
      await wrong.arrayBuffer();
      if (STATIC_CONSOLE_ROUTES.has(key)) continue;
      // A catch-all (the framework's not-found handler) may answer 404: it serves nothing.
      const refused = isCatchAll(route.path) ? [401, 404] : [401];
      if (!refused.includes(anonymous.status) || !refused.includes(wrong.status)) {
        open.push(`${key}: ${anonymous.status} without a key, ${wrong.status} with a wrong one`);
      }
    }
    expect(open).toEqual([]);
  });

  it('/metrics, when the branch serves it, needs the key too', async () => {
    const anonymous = await fetch(`${t.url}/metrics`);
    await anonymous.arrayBuffer();
    expect([401, 404]).toContain(anonymous.status);
  });

  it('the console serves fixed files without a key, none of them data', async () => {
    const page = await fetch(`${t.url}/console`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    // Nothing from the database or the configuration: a fixed page (same ETag on every start).
    expect(html).not.toContain(t.dataDir);
    expect(html).not.toContain(TEST_API_KEY);
    const withKey = await fetch(`${t.url}/console`, { headers: { 'X-API-Key': TEST_API_KEY } });
    expect(await withKey.text()).toBe(html);
  });

  it('GET / leads to the console (issue 29), saying nothing else', async () => {
    const root = await fetch(`${t.url}/`, { redirect: 'manual' });
    await root.arrayBuffer();
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/console');
  });
});
