/**
 * One simulated API on its own port: JSON body parsing, the control API under `/__sandbox`, the
 * per-key rate limit and fault injection, in front of the simulator's own routes.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { SandboxClock } from './clock';
import { FAULT_HEADER, FaultInjector, isFaultKind, type FaultKind, type FaultRule } from './faults';
import { LatencyInjector, latencyFor, latencyFromText, latencyProblem, type LatencyOptions } from './latency';
import { DEFAULT_RATE_LIMIT, SandboxRateLimiter, type RateLimitOptions } from './rate-limiter';

export interface SandboxServiceOptions {
  name: string;
  clock: SandboxClock;
  rateLimit?: RateLimitOptions;
  /** How long a `timeout` fault hangs before closing the socket; make it longer than the client timeout. */
  faultTimeoutMs?: number;
  /** Retry-After (seconds) sent with an injected 429. */
  faultRetryAfterSeconds?: number;
  faults?: FaultRule[];
  /**
   * Wait before each call (not the control API); absent: from SANDBOX_LATENCY (latency.ts), else none.
   */
  latency?: LatencyOptions;
  /** The rate-limit key of a request (API key, client id); undefined: not limited. */
  rateLimitKey(req: Request): string | undefined;
  /** What the simulator recorded, served by `GET /__sandbox/records`. */
  records(): unknown;
}

export interface SandboxService {
  app: Express;
  faults: FaultInjector;
  latency: LatencyInjector;
  rateLimiter: SandboxRateLimiter;
  /** Mount the simulator's routes with this, so they sit behind the rate limit and faults. */
  routes: express.Router;
}

export function createSandboxService(options: SandboxServiceOptions): SandboxService {
  const app = express();
  const faults = new FaultInjector(options.faults);
  const latency = new LatencyInjector(
    options.latency ?? latencyFor(latencyFromText(process.env.SANDBOX_LATENCY), options.name),
  );
  const rateLimiter = new SandboxRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, () =>
    options.clock.nowMs(),
  );
  const routes = express.Router();
  app.disable('x-powered-by');
  // No ETag: express would hash every JSON answer (SHA-1 over a bulk answer of up to 1,000 signed
  // invoices) for a header the simulated APIs do not send and no client revalidates against.
  app.disable('etag');
  // The Date header states the simulated authority's time, as a real server's states its own clock.
  app.use((_req, res, next) => {
    res.setHeader('Date', options.clock.now().toUTCString());
    next();
  });
  app.use(express.json({ limit: '50mb' }));
  app.use(express.urlencoded({ extended: false }));
  app.use('/__sandbox', controlRouter(options, faults, rateLimiter, latency));
  app.use(latencyMiddleware(latency));
  app.use(rateLimitMiddleware(options, rateLimiter));
  app.use(faultMiddleware(options, faults));
  app.use(routes);
  return { app, faults, latency, rateLimiter, routes };
}

function controlRouter(
  options: SandboxServiceOptions,
  faults: FaultInjector,
  rateLimiter: SandboxRateLimiter,
  latency: LatencyInjector,
): express.Router {
  const router = express.Router();
  router.get('/latency', (_req, res) => {
    res.json(latency.settings());
  });
  router.post('/latency', (req: Request<unknown, unknown, Partial<LatencyOptions>>, res) => {
    const problem = latencyProblem(req.body);
    if (problem) {
      res.status(400).json({ error: problem });
      return;
    }
    latency.configure(req.body as LatencyOptions);
    res.json(latency.settings());
  });
  router.get('/faults', (_req, res) => {
    res.json({ pending: faults.pending(), applied: faults.applied });
  });
  router.post('/faults', (req: Request<unknown, unknown, Partial<FaultRule>>, res) => {
    const { path, fault, count, method } = req.body ?? {};
    if (typeof path !== 'string' || !isFaultKind(fault)) {
      res.status(400).json({ error: 'expected {path: regex, fault: FaultKind, count?: number}' });
      return;
    }
    faults.queue({ path, fault, count: typeof count === 'number' ? count : 1, method });
    res.status(201).json({ pending: faults.pending() });
  });
  router.delete('/faults', (_req, res) => {
    faults.clear();
    res.json({ pending: [] });
  });
  router.get('/clock', (_req, res) => {
    res.json({ now: options.clock.now().toISOString() });
  });
  router.post(
    '/clock',
    (req: Request<unknown, unknown, { now?: string; advanceMs?: number; reset?: boolean }>, res) => {
      const { now, advanceMs, reset } = req.body ?? {};
      if (reset) options.clock.reset();
      if (typeof now === 'string') {
        const date = new Date(now);
        if (Number.isNaN(date.getTime())) {
          res.status(400).json({ error: 'now must be an ISO date-time' });
          return;
        }
        options.clock.set(date);
      }
      if (typeof advanceMs === 'number') options.clock.advance(advanceMs);
      res.json({ now: options.clock.now().toISOString() });
    },
  );
  router.post('/rate-limit', (req: Request<unknown, unknown, Partial<RateLimitOptions>>, res) => {
    const { limit, windowMs } = req.body ?? {};
    if (typeof limit !== 'number' || typeof windowMs !== 'number') {
      res.status(400).json({ error: 'expected {limit, windowMs}' });
      return;
    }
    rateLimiter.configure({ limit, windowMs });
    res.json({ limit, windowMs });
  });
  router.get('/records', (_req, res) => {
    res.json(options.records());
  });
  return router;
}

function latencyMiddleware(latency: LatencyInjector) {
  return (_req: Request, _res: Response, next: NextFunction): void => {
    const delayMs = latency.nextDelayMs();
    if (delayMs <= 0) return next();
    setTimeout(next, delayMs);
  };
}

function rateLimitMiddleware(options: SandboxServiceOptions, rateLimiter: SandboxRateLimiter) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = options.rateLimitKey(req);
    if (key === undefined) return next();
    const decision = rateLimiter.take(key);
    if (decision.allowed) return next();
    res
      .status(429)
      .set('Retry-After', String(decision.retryAfterSeconds))
      .json({ error: 'rate limit exceeded', retryAfterSeconds: decision.retryAfterSeconds });
  };
}

function faultMiddleware(options: SandboxServiceOptions, faults: FaultInjector) {
  const hangMs = options.faultTimeoutMs ?? 30_000;
  return (req: Request, res: Response, next: NextFunction): void => {
    const fault = faults.take(req.method, req.originalUrl, req.header(FAULT_HEADER));
    if (!fault) return next();
    applyFault(fault, req, res, next, hangMs, options.faultRetryAfterSeconds ?? 1);
  };
}

function applyFault(
  fault: FaultKind,
  req: Request,
  res: Response,
  next: NextFunction,
  hangMs: number,
  retryAfterSeconds: number,
): void {
  const destroy = () => req.socket.destroy();
  switch (fault) {
    case '500':
    case '502':
    case '503':
      res.status(Number(fault)).type('text/plain').send(`Sandbox injected HTTP ${fault}`);
      return;
    case '429':
      res.status(429).set('Retry-After', String(retryAfterSeconds)).json({ error: 'rate limit exceeded' });
      return;
    case 'timeout':
      setTimeout(destroy, hangMs).unref();
      return;
    case 'drop-after-commit':
      swallowResponse(res, destroy);
      next();
      return;
    case 'timeout-after-commit':
      swallowResponse(res, () => setTimeout(destroy, hangMs).unref());
      next();
      return;
    case '502-after-commit':
    case '503-after-commit':
      replaceResponse(
        res,
        Number(fault.slice(0, 3)),
        'text/plain',
        `Sandbox injected HTTP ${fault.slice(0, 3)}`,
      );
      next();
      return;
    case '401-after-commit':
      replaceResponse(
        res,
        401,
        'application/json',
        JSON.stringify({
          status_cd: '0',
          error: { code: 'GSP-401', message: 'Invalid or expired bearer token' },
        }),
      );
      next();
      return;
    case 'gateway-timeout-after-commit':
      replaceResponse(
        res,
        200,
        'application/json',
        JSON.stringify({
          status_cd: '0',
          status_desc: JSON.stringify([{ ErrorCode: 'GSPERR300', ErrorMessage: 'Gateway Time-out' }]),
        }),
      );
      next();
      return;
  }
}

/** Lets the handler do its work (the registration is committed), then answers `body` instead of its answer. */
function replaceResponse(res: Response, status: number, type: string, body: string): void {
  const end = res.end.bind(res) as (chunk: string) => Response;
  res.end = ((..._args: unknown[]) => {
    res.statusCode = status;
    res.removeHeader('Content-Length');
    res.removeHeader('ETag');
    res.setHeader('Content-Type', type);
    return end(body);
  }) as Response['end'];
}

/** Lets the handler do its work (the registration is committed) but never sends its answer. */
function swallowResponse(res: Response, instead: () => void): void {
  res.end = ((..._args: unknown[]) => {
    instead();
    return res;
  }) as Response['end'];
}
