/**
 * A regime as a build registers it: its descriptor, how its behaviour is built, and what it adds to the
 * Nest application (its storage, services and port bindings as providers, its routes as controllers, its
 * tables as entities). Each regime's `<name>.module.ts` exports one; `src/regimes/index.ts` lists them,
 * and that list is the only place a build names its regimes.
 */
import type { Provider, Type } from '@nestjs/common';
import type { ClientRateLimit, HttpLogger, RateLimiter, TokenStore } from './http';
import type { ComplianceRegime } from './regime';
import type { RegimeDevelopment } from './regime-development';
import type { RegimeDescriptor } from './regime-descriptor';

/** Provider settings under every instance's own, per regime name (the sandbox's, in development). */
export type RegimeDefaults = Partial<Record<string, Record<string, unknown>>>;

/** What every regime is built with: the process's shared parts, and the Nest container for its own. */
export interface RegimeWiring {
  defaults: RegimeDefaults;
  tokenStore: TokenStore;
  /** The compliance clients' request/response log. */
  httpLogger: HttpLogger;
  /**
   * The pacing of one provider allowance (a client id): shared by every process on the database in the
   * service; default one limiter in this process.
   */
  rateLimiter?: (rate: ClientRateLimit | undefined) => RateLimiter;
  /** A provider the plugin declared in `inject` (its wiring, stores), from the application's container. */
  resolve<T>(token: RegimeInjectionToken): T;
}

export type RegimeInjectionToken = string | symbol | Type;

export interface RegimePlugin {
  descriptor: RegimeDescriptor;
  create(wiring: RegimeWiring): ComplianceRegime;
  /** The application's providers `create` resolves (instantiated before the regime is built). */
  inject?: readonly RegimeInjectionToken[];
  /** Nest providers the regime brings: storage, services, the bindings of its jobs' ports. */
  providers?(context: { defaults: RegimeDefaults }): Provider[];
  /** Its routes, served when the process has the `api` role. */
  controllers?: readonly Type[];
  /** Its tables (TypeORM entities), for the schema's record. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: readonly Function[];
  /**
   * Its printable invoice: a provider class (in its services/) implementing sync's RegimePrintable, which
   * the console's print routes use for its submissions. None: its submissions have no printable invoice.
   */
  printable?: Type;
  /** What it does with the sandbox's simulators in development (fixtures/). */
  development?: RegimeDevelopment;
  /** Its tables' migrations (TypeORM), run with the core's in timestamp order. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations?: readonly Function[];
}

export function buildRegimes(wiring: RegimeWiring, plugins: readonly RegimePlugin[]): ComplianceRegime[] {
  return plugins.map((plugin) => plugin.create(wiring));
}

/** Every token the plugins inject, once each: the regimes' factory is injected with them in this order. */
export function regimeInjections(plugins: readonly RegimePlugin[]): RegimeInjectionToken[] {
  return [...new Set(plugins.flatMap((plugin) => plugin.inject ?? []))];
}

/** `resolve` over the values injected for `tokens`; a token no plugin declared is a programming error. */
export function injectedResolver(
  tokens: readonly RegimeInjectionToken[],
  values: readonly unknown[],
): RegimeWiring['resolve'] {
  const byToken = new Map(tokens.map((token, i) => [token, values[i]]));
  return <T>(token: RegimeInjectionToken): T => {
    if (!byToken.has(token))
      throw new Error(`regime plugin resolves ${String(token)} without declaring it in inject`);
    return byToken.get(token) as T;
  };
}
