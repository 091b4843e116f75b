/**
 * The return gateway's paths, as the catalog lists them: variant A (all GET, relative to the base URL;
 * client_id/client_secret on every call, the user headers and `txn` on user operations, `email`
 * always) and variant B under /gst (bearer token from client credentials). Envelope of variant A:
 * {status_cd, status_desc, header, data, error: {error_cd, message}}, HTTP 200 also for refusals.
 */
import type { Request, Response, Router } from 'express';
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../framework/clock';
import { isValidGstin } from '../einvoice/gstin-check';
import type { GatewaySessions } from './gateway-sessions';
import { checksum, gstr2bData } from './gstr2b-file';
import type { SandboxReturnsAccount } from './returns-accounts';
import type { SeededPeriod } from './seeded-purchase-book';

export interface GatewayState {
  clock: SandboxClock;
  accounts: readonly SandboxReturnsAccount[];
  sessions: GatewaySessions;
  periods: Map<string, SeededPeriod>;
  /** Day of the month after the period on which GSTR-2B is generated (GSTN: the 14th). */
  generationDay: number;
  /** Documents per file of a large return (catalog A pages by filenum beyond it). */
  documentsPerFile: number;
  apiTokens: Map<string, { account: SandboxReturnsAccount; expiresAtMs: number }>;
  apiTokenTtlMs: number;
  fetches: { catalog: 'A' | 'B'; gstin: string; period: string; filenum?: string }[];
}

const EMAIL = /^[^@\s]+@[^@\s]+$/;
const PERIOD = /^(0[1-9]|1[0-2])(\d{4})$/;

function query(req: Request, name: string): string {
  const value = req.query[name];
  return typeof value === 'string' ? value : '';
}

function fail(res: Response, code: string, message: string): void {
  res.json({ status_cd: '0', status_desc: message, error: { error_cd: code, message } });
}

function ok(res: Response, data: unknown, header?: Record<string, string>): void {
  res.json({ status_cd: '1', status_desc: 'Success', ...(header ? { header } : {}), data });
}

export function periodKey(gstin: string, period: string): string {
  return `${gstin}:${period}`;
}

/** When GSTR-2B of `period` (MMYYYY) is generated: the generation day of the following month, 00:00 IST. */
export function generationTime(period: string, generationDay: number): number {
  const month = Number(period.slice(0, 2));
  const year = Number(period.slice(2));
  return Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, generationDay) - 330 * 60_000;
}

export function mountReturnGatewayRoutes(router: Router, state: GatewayState): void {
  const client = (req: Request, res: Response): boolean => {
    if (!EMAIL.test(query(req, 'email'))) {
      fail(res, 'EMAIL_REQUIRED', 'email is required: the e-mail registered with the GSP account');
      return false;
    }
    const known = state.accounts.some(
      (a) => a.clientId === req.header('client_id') && a.clientSecret === req.header('client_secret'),
    );
    if (!known) fail(res, 'AUTH4001', 'Invalid client_id or client_secret');
    return known;
  };
  const user = (req: Request, res: Response, withTxn = true): SandboxReturnsAccount | undefined => {
    if (!client(req, res)) return undefined;
    const missing = ['gst_username', 'state_cd', 'ip_address', ...(withTxn ? ['txn'] : [])].filter(
      (h) => !req.header(h),
    );
    if (missing.length > 0) {
      fail(res, 'AUTH4002', `missing header(s): ${missing.join(', ')}`);
      return undefined;
    }
    const account = state.accounts.find(
      (a) =>
        a.clientId === req.header('client_id') &&
        a.gstUsername === req.header('gst_username') &&
        a.email === query(req, 'email'),
    );
    if (!account) fail(res, 'AUTH4003', 'Invalid gst_username for this client and email');
    else if (account.gstin.slice(0, 2) !== req.header('state_cd')) {
      fail(res, 'AUTH4004', 'state_cd does not match the GSTIN of the user');
      return undefined;
    }
    return account;
  };
  const session = (req: Request, res: Response): SandboxReturnsAccount | undefined => {
    const account = user(req, res);
    if (!account) return undefined;
    const check = state.sessions.check(req.header('txn'), account);
    if (!check.ok) {
      fail(res, check.code, check.message);
      return undefined;
    }
    return account;
  };
  const ownGstin = (req: Request, res: Response, account: SandboxReturnsAccount): boolean => {
    if (query(req, 'gstin') === account.gstin) return true;
    fail(res, 'RET11416', 'gstin is not the GSTIN of the authenticated user');
    return false;
  };

  // Authentication
  router.get('/authentication/otprequest', (req, res) => {
    const account = user(req, res, false);
    if (!account) return;
    const txn = state.sessions.requestOtp(account);
    ok(res, { status_cd: '1' }, { txn });
  });
  router.get('/authentication/authtoken', (req, res) => {
    const account = user(req, res);
    if (!account) return;
    const result = state.sessions.authorize(req.header('txn') ?? '', query(req, 'otp'), account);
    if (!result.ok) return fail(res, result.code, result.message);
    ok(
      res,
      { status_cd: '1', expiry: Math.round((result.expiresAtMs! - state.clock.nowMs()) / 60_000) },
      {
        txn: req.header('txn') ?? '',
      },
    );
  });
  router.get('/authentication/refreshtoken', (req, res) => {
    const account = session(req, res);
    if (!account) return;
    const expiresAtMs = state.sessions.refresh(req.header('txn')!);
    ok(
      res,
      { status_cd: '1', expiry: Math.round((expiresAtMs - state.clock.nowMs()) / 60_000) },
      {
        txn: req.header('txn')!,
      },
    );
  });
  router.get('/authentication/logout', (req, res) => {
    const account = session(req, res);
    if (!account) return;
    state.sessions.logout(req.header('txn')!);
    ok(res, { status_cd: '1' });
  });

  // Public
  const taxpayer = (gstin: string) => {
    const supplier = [...state.periods.values()]
      .flatMap((p) => p.book)
      .find((row) => row.SupplierGSTIN === gstin);
    const account = state.accounts.find((a) => a.gstin === gstin);
    const name = supplier?.SupplierName ?? (account ? `Taxpayer ${account.gstUsername}` : 'Sandbox Taxpayer');
    return {
      gstin,
      lgnm: name,
      tradeNam: name,
      sts: 'Active',
      dty: 'Regular',
      ctb: 'Private Limited Company',
      rgdt: '01/07/2017',
      stj: `State ${gstin.slice(0, 2)}`,
    };
  };
  const validGstin = (req: Request, res: Response): string | undefined => {
    const gstin = query(req, 'gstin').toUpperCase();
    if (isValidGstin(gstin)) return gstin;
    fail(res, 'SWEB_9035', `Invalid GSTIN: ${gstin || '(empty)'}`);
    return undefined;
  };
  const filings = (gstin: string, filter: (period: string) => boolean) => ({
    EFiledlist: [...state.periods.values()]
      .filter((p) => p.gstin === gstin && filter(p.period))
      .map((p) => ({
        valid: 'Y',
        mof: 'ONLINE',
        dof: '11-' + p.period.slice(0, 2) + '-' + p.period.slice(2),
        rtntype: 'GSTR1',
        ret_prd: p.period,
        arn: `AA${gstin.slice(0, 2)}${p.period}${'0'.repeat(6)}`,
        status: 'Filed',
      })),
  });
  router.get('/public/search', (req, res) => {
    if (!client(req, res)) return;
    const gstin = validGstin(req, res);
    if (gstin) ok(res, taxpayer(gstin));
  });
  router.get('/public/rettrack', (req, res) => {
    if (!client(req, res)) return;
    const gstin = validGstin(req, res);
    if (!gstin) return;
    const fy = query(req, 'fy');
    if (!/^\d{4}-\d{2}$/.test(fy)) return fail(res, 'RT-3', 'fy must be YYYY-YY');
    const start = Number(fy.slice(0, 4));
    ok(
      res,
      filings(gstin, (period) => inFinancialYear(period, start)),
    );
  });
  router.get('/public/pref', (req, res) => {
    if (!client(req, res)) return;
    if (!req.header('state_cd') || !req.header('ip_address'))
      return fail(res, 'AUTH4002', 'missing header(s): state_cd, ip_address');
    const gstin = validGstin(req, res);
    if (!gstin) return;
    if (!/^\d{4}-\d{2}$/.test(query(req, 'fy'))) return fail(res, 'RT-3', 'fy must be YYYY-YY');
    ok(res, { response: ['Q1', 'Q2', 'Q3', 'Q4'].map((quarter) => ({ quarter, preference: 'M' })) });
  });

  // GSTR
  router.get('/gstr/retstatus', (req, res) => {
    const account = session(req, res);
    if (!account || !ownGstin(req, res, account)) return;
    if (!PERIOD.test(query(req, 'returnperiod')) || !query(req, 'refid'))
      return fail(res, 'RET191106', 'returnperiod (MMYYYY) and refid are required');
    ok(res, { form_typ: 'R1', action: 'SAVE', status_cd: 'P', processing_status: 'Processed' });
  });
  router.get('/gstr/rettrack', (req, res) => {
    const account = session(req, res);
    if (!account || !ownGstin(req, res, account)) return;
    const period = query(req, 'returnperiod');
    if (!PERIOD.test(period)) return fail(res, 'RET191106', 'returnperiod must be MMYYYY');
    ok(
      res,
      filings(account.gstin, (p) => p === period),
    );
  });
  router.get('/gstr1/:table', (req, res) => {
    const account = session(req, res);
    if (!account || !ownGstin(req, res, account)) return;
    const table = req.params.table;
    if (!['retsum', 'dociss', 'cdnra', 'b2cl', 'b2ba', 'ata'].includes(table))
      return fail(res, 'RET404', `no GSTR-1 table ${table}`);
    const period = query(req, 'retperiod');
    if (!PERIOD.test(period)) return fail(res, 'RET191106', 'retperiod must be MMYYYY');
    if (table === 'retsum') {
      ok(res, {
        gstin: account.gstin,
        ret_period: period,
        summ_typ: query(req, 'smrytyp') === 'L' ? 'L' : 'S',
        sec_sum: [],
      });
    } else if (table === 'dociss') {
      ok(res, { doc_det: [] });
    } else {
      ok(res, { [table]: [] });
    }
  });

  // GSTR-2B, catalog A
  router.get('/gstr2b/all', (req, res) => {
    const account = session(req, res);
    if (!account || !ownGstin(req, res, account)) return;
    const period = query(req, 'rtnprd');
    if (!PERIOD.test(period)) return fail(res, 'RET2B1001', 'rtnprd must be MMYYYY');
    const filenum = query(req, 'filenum') || undefined;
    state.fetches.push({ catalog: 'A', gstin: account.gstin, period, filenum });
    const answer = gstr2bAnswer(state, account.gstin, period, filenum);
    if ('code' in answer) return fail(res, answer.code, answer.message);
    ok(res, answer.data);
  });

  // Variant B. Its token operation is "not shown": served where the client's default looks (apiTokenPath
  // `/oauth/token` under {base_url}/gst), as the OAuth2 client-credentials form POST the other catalogs use.
  router.post('/gst/oauth/token', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const account = state.accounts.find(
      (a) => a.clientId === body.client_id && a.clientSecret === body.client_secret,
    );
    if (body.grant_type !== 'client_credentials')
      return void res.status(400).json({ error: 'unsupported_grant_type' });
    if (!account) return void res.status(401).json({ error: 'invalid_client' });
    const token = randomBytes(24).toString('base64url');
    state.apiTokens.set(token, { account, expiresAtMs: state.clock.nowMs() + state.apiTokenTtlMs });
    res.json({
      access_token: token,
      token_type: 'Bearer',
      expires_in: Math.round(state.apiTokenTtlMs / 1000),
    });
  });
  router.post('/gst/api/v1/gstr2b/fetch', (req, res) => {
    const bearer = /^Bearer (.+)$/.exec(req.header('authorization') ?? '')?.[1];
    const grant = bearer ? state.apiTokens.get(bearer) : undefined;
    if (!grant || grant.expiresAtMs <= state.clock.nowMs()) {
      return void res
        .status(401)
        .json({ error: { code: 'UNAUTHORIZED', message: 'missing or expired bearer token' } });
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { gstin, month, year } = body;
    if (
      typeof gstin !== 'string' ||
      typeof month !== 'string' ||
      typeof year !== 'string' ||
      !/^\d{2}$/.test(month) ||
      !/^\d{4}$/.test(year)
    ) {
      return void res
        .status(400)
        .json({ error: { code: 'BAD_REQUEST', message: 'body must be {gstin, month: "MM", year: "YYYY"}' } });
    }
    if (gstin !== grant.account.gstin)
      return void res
        .status(403)
        .json({ error: { code: 'FORBIDDEN', message: "gstin is not this client's" } });
    state.fetches.push({ catalog: 'B', gstin, period: month + year });
    const answer = gstr2bAnswer(state, gstin, month + year, undefined, true);
    if ('code' in answer) {
      const status = answer.code === 'RET2B1016' ? 404 : 409;
      return void res.status(status).json({ error: { code: answer.code, message: answer.message } });
    }
    res.json({ data: answer.data });
  });
}

function inFinancialYear(period: string, startYear: number): boolean {
  const month = Number(period.slice(0, 2));
  const year = Number(period.slice(2));
  return month >= 4 ? year === startYear : year === startYear + 1;
}

type Answer = { data: unknown } | { code: string; message: string };

function gstr2bAnswer(
  state: GatewayState,
  gstin: string,
  period: string,
  filenum: string | undefined,
  whole = false,
): Answer {
  const seed = state.periods.get(periodKey(gstin, period));
  const generatedAt = generationTime(period, state.generationDay);
  if (state.clock.nowMs() < generatedAt) {
    return { code: 'RET2B1023', message: `GSTR-2B for ${period} is not generated yet` };
  }
  if (!seed) return { code: 'RET2B1016', message: `No document found for ${period}` };
  const generated = new Date(generatedAt + 330 * 60_000);
  const gendt = `${String(generated.getUTCDate()).padStart(2, '0')}-${String(generated.getUTCMonth() + 1).padStart(2, '0')}-${generated.getUTCFullYear()}`;
  const documents = Object.values(seed.docdata).reduce((n, entries) => n + countDocuments(entries), 0);
  const files = Math.ceil(documents / state.documentsPerFile);
  if (whole || files <= 1) {
    const data = gstr2bData(seed, gendt);
    return { data: { ...data, chksum: checksum(data) } };
  }
  if (filenum === undefined) return { data: { gstin, rtnprd: period, fc: files } };
  const index = Number(filenum);
  if (!Number.isInteger(index) || index < 1 || index > files)
    return { code: 'RET2B1019', message: `filenum must be 1 to ${files}` };
  const data = gstr2bData(
    seed,
    gendt,
    sliceDocdata(seed.docdata, (index - 1) * state.documentsPerFile, state.documentsPerFile),
  );
  return { data: { ...data, chksum: checksum(data) } };
}

function countDocuments(entries: unknown[]): number {
  return (entries as Record<string, unknown>[]).reduce((n, entry) => n + listOf(entry).length, 0);
}

function listOf(entry: Record<string, unknown>): unknown[] {
  for (const key of ['inv', 'nt', 'doclist', 'boe'])
    if (Array.isArray(entry[key])) return entry[key] as unknown[];
  return [entry];
}

/** The documents from `start` (counting across sections and suppliers) for `count`, in GSTN's shapes. */
function sliceDocdata(
  docdata: Record<string, unknown[]>,
  start: number,
  count: number,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  let position = 0;
  for (const [section, entries] of Object.entries(docdata)) {
    for (const entry of entries as Record<string, unknown>[]) {
      const list = listOf(entry);
      const key = ['inv', 'nt', 'doclist', 'boe'].find((k) => Array.isArray(entry[k]));
      const from = Math.max(0, start - position);
      const to = Math.min(list.length, start + count - position);
      if (to > from) {
        (out[section] ??= []).push(key ? { ...entry, [key]: list.slice(from, to) } : entry);
      }
      position += list.length;
    }
  }
  return out;
}
