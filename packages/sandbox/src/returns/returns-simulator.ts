/**
 * The simulated GST return gateway on its own port: the OTP session with the sandbox's fixed OTP, the
 * public and GSTR operations, and GSTR-2B of configured GSTINs and periods generated from a seeded
 * purchase book with controlled differences (see seeded-purchase-book.ts).
 */
import { startHttpService } from '../framework/http-service';
import { createSandboxService, type SandboxService } from '../framework/sandbox-service';
import type { SandboxCommonOptions, SimulatorFactory } from '../framework/simulator';
import { GatewaySessions } from './gateway-sessions';
import { mountReturnGatewayRoutes, periodKey, type GatewayState } from './gateway-routes';
import { DEFAULT_RETURNS_ACCOUNTS, SANDBOX_OTP, type SandboxReturnsAccount } from './returns-accounts';
import { seedPurchaseBook, type SeededPeriod } from './seeded-purchase-book';

export const RETURNS_SERVICE = 'returnsGateway';

export interface ReturnsSimulatorOptions {
  accounts?: SandboxReturnsAccount[];
  /** GSTIN + period (MMYYYY) pairs with a seeded book and its GSTR-2B; more filler invoices make a large return. */
  periods?: { gstin: string; period: string; fillerInvoices?: number }[];
  otp?: string;
  otpTtlMs?: number;
  /** Authorization lifetime; 6 h as the GSP gives. */
  sessionTtlMs?: number;
  generationDay?: number;
  documentsPerFile?: number;
  apiTokenTtlMs?: number;
}

export interface ReturnsSandboxOptions extends SandboxCommonOptions {
  returns?: ReturnsSimulatorOptions;
}

export interface ReturnsSimulatorHandle {
  accounts: readonly SandboxReturnsAccount[];
  otp: string;
  sessions: GatewaySessions;
  service: SandboxService;
  /** The seeded book, 2B and expected outcome of a period (seeding it when first asked). */
  period(gstin: string, period: string, fillerInvoices?: number): SeededPeriod;
  fetches: GatewayState['fetches'];
}

/** The period before the sandbox clock's month, MMYYYY: what the gateway has a 2B of by default. */
function previousPeriod(now: Date): string {
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  return `${String(month).padStart(2, '0')}${year}`;
}

export const returnsSimulator: SimulatorFactory<ReturnsSimulatorHandle, ReturnsSandboxOptions> = {
  name: 'returns',
  async start({ clock, options }) {
    const settings = options.returns ?? {};
    const accounts = settings.accounts ?? DEFAULT_RETURNS_ACCOUNTS;
    const otp = settings.otp ?? SANDBOX_OTP;
    const sessions = new GatewaySessions(
      clock,
      otp,
      settings.otpTtlMs ?? 10 * 60_000,
      settings.sessionTtlMs ?? 6 * 3600_000,
    );
    const periods = new Map<string, SeededPeriod>();
    const seed = (gstin: string, period: string, filler = 0): SeededPeriod => {
      const key = periodKey(gstin, period);
      let seeded = periods.get(key);
      if (!seeded) {
        seeded = seedPurchaseBook(gstin, period, filler);
        periods.set(key, seeded);
      }
      return seeded;
    };
    const configured: NonNullable<ReturnsSimulatorOptions['periods']> =
      settings.periods ?? accounts.map((a) => ({ gstin: a.gstin, period: previousPeriod(clock.now()) }));
    for (const p of configured) seed(p.gstin, p.period, p.fillerInvoices ?? 0);
    const state: GatewayState = {
      clock,
      accounts,
      sessions,
      periods,
      generationDay: settings.generationDay ?? 14,
      documentsPerFile: settings.documentsPerFile ?? 500,
      apiTokens: new Map(),
      apiTokenTtlMs: settings.apiTokenTtlMs ?? 3600_000,
      fetches: [],
    };
    const service = createSandboxService({
      name: RETURNS_SERVICE,
      clock,
      rateLimit: options.rateLimit,
      faultTimeoutMs: options.faultTimeoutMs,
      faultRetryAfterSeconds: options.faultRetryAfterSeconds,
      faults: options.faults?.[RETURNS_SERVICE],
      rateLimitKey: (req) => req.header('client_id') ?? req.header('authorization'),
      records: () => ({
        fetches: state.fetches,
        otpRequests: sessions.otpRequests,
        refreshes: sessions.refreshes,
      }),
    });
    mountReturnGatewayRoutes(service.routes, state);
    const server = await startHttpService(service.app, {
      host: options.host,
      port: options.ports?.[RETURNS_SERVICE],
    });
    return {
      name: 'returns',
      urls: { [RETURNS_SERVICE]: server.url },
      handle: { accounts, otp, sessions, service, period: seed, fetches: state.fetches },
      records: () => ({ fetches: state.fetches }),
      stop: () => server.close(),
    };
  },
};
