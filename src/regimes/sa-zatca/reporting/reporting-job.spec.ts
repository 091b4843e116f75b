/**
 * The reporting job's logic over its ports, with in-memory stand-ins for storage and the ZATCA client
 * (the real Postgres store and simulator are in test/zatca-persistence and test/ksa-e2e).
 */
import type { RegimeJobPorts, RegimePort } from '../../../compliance';
import { ComplianceError } from '../../../compliance';
import type { CsidCredentials, InvoiceSubmission, ZatcaInvoiceResult, ZatcaProvider } from '../fatoora.types';
import type { EgsSigningCredentials } from '../onboarding.service';
import {
  ZATCA_REPORTING_CLIENTS,
  ZATCA_REPORTING_STORE,
  type DueReport,
  type ReportAnswer,
  type ZatcaReportingClients,
  type ZatcaReportingStore,
} from './reporting-ports';
import { ZATCA_NOT_REPORTED, ZATCA_REPORTING_JOB, ZatcaReportingJob } from './reporting-job';

class InMemoryReportingStore implements ZatcaReportingStore {
  readonly answers: { report: DueReport; answer: ReportAnswer }[] = [];
  lockedElsewhere = false;
  /** Submissions another run recorded first: the compare-and-set fails for them. */
  readonly recordedElsewhere = new Set<string>();

  constructor(private due: DueReport[]) {}

  async withReportingLock<T>(_wait: boolean, fn: () => Promise<T>) {
    if (this.lockedElsewhere) return { held: false as const };
    return { held: true as const, value: await fn() };
  }

  pending(limit: number): Promise<DueReport[]> {
    return Promise.resolve(this.due.slice(0, limit));
  }

  recordAnswer(report: DueReport, answer: ReportAnswer): Promise<boolean> {
    if (this.recordedElsewhere.has(report.submissionId)) return Promise.resolve(false);
    this.answers.push({ report, answer });
    this.due = this.due.filter((d) => d.submissionId !== report.submissionId);
    return Promise.resolve(true);
  }

  signedUnderCertificate(): Promise<never[]> {
    return Promise.resolve([]);
  }
}

/** Answers `report` by the invoice's UUID; records what was sent, in order. */
function scriptedProvider(answers: Record<string, ZatcaInvoiceResult | ComplianceError>) {
  const sent: string[] = [];
  const provider = {
    kind: 'fatoora',
    report(_credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
      sent.push(submission.uuid);
      const answer = answers[submission.uuid];
      if (!answer) throw new Error(`no scripted answer for ${submission.uuid}`);
      return answer instanceof ComplianceError ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as unknown as ZatcaProvider;
  return { provider, sent };
}

const credentials: ZatcaReportingClients['credentials'] = {
  signingCredentials: (egsUnitId: string): Promise<EgsSigningCredentials> =>
    Promise.resolve({
      egsUnitId,
      privateKeyPem: 'unused',
      certificateBase64: 'TUlJQ...',
      csid: { binarySecurityToken: 'token', secret: 'secret' },
    }),
  csidRefused: () => Promise.resolve(),
};

function due(submissionId: string, egsUnitId: string, icv: number, ageHours = 1): DueReport {
  return {
    submissionId,
    generation: 0,
    documentId: `doc-${submissionId}`,
    egsUnitId,
    uuid: `uuid-${submissionId}`,
    icv,
    hash: `hash-${submissionId}`,
    signedXml: '<Invoice/>',
    ageHours,
  };
}

const REPORTED: ZatcaInvoiceResult = {
  outcome: 'accepted',
  httpStatus: 200,
  status: 'REPORTED',
  warnings: [],
  errors: [],
  response: { reportingStatus: 'REPORTED' },
};

const NOT_REPORTED: ZatcaInvoiceResult = {
  outcome: 'rejected',
  httpStatus: 400,
  status: 'NOT_REPORTED',
  warnings: [],
  errors: [
    {
      type: 'ERROR',
      code: 'BR-KSA-27',
      category: 'KSA',
      message: 'The document must contain a QR code (KSA-14), and this code must be base64Binary.',
      status: 'ERROR',
    },
  ],
  response: { reportingStatus: 'NOT_REPORTED' },
};

const log = { log: jest.fn(), warn: jest.fn() };

describe('ZatcaReportingJob', () => {
  beforeEach(() => jest.clearAllMocks());

  it('reports oldest ICV first per unit and records each answer with its audit event', async () => {
    const store = new InMemoryReportingStore([
      due('b2', 'egs-b', 2),
      due('a1', 'egs-a', 1),
      due('b1', 'egs-b', 1),
    ]);
    const { provider, sent } = scriptedProvider({
      'uuid-a1': REPORTED,
      'uuid-b1': NOT_REPORTED,
      'uuid-b2': new ComplianceError('transient', 'HTTP 503 from ZATCA', { code: '503' }),
    });
    const run = await new ZatcaReportingJob(store, { provider, credentials }, log).reportDue();

    expect(sent).toEqual(['uuid-a1', 'uuid-b1', 'uuid-b2']);
    expect(run).toEqual({ reported: ['a1'], rejected: ['b1'], failed: ['b2'], approaching: [] });
    const bySubmission = Object.fromEntries(store.answers.map((a) => [a.report.submissionId, a.answer]));
    expect(bySubmission.a1).toMatchObject({
      change: { zatcaStatus: 'REPORTED', error: null, response: { reportingStatus: 'REPORTED' } },
      audit: { actor: 'system', action: 'zatca-reported', details: { adopted: false, icv: 1 } },
    });
    expect(bySubmission.a1?.rejection).toBeUndefined();
    expect(bySubmission.b1).toMatchObject({
      change: { zatcaStatus: ZATCA_NOT_REPORTED, error: { errorClass: 'rejected', code: 'BR-KSA-27' } },
      rejection: { code: 'BR-KSA-27' },
      audit: { action: 'zatca-report-rejected', reason: expect.stringContaining('BR-KSA-27') },
    });
    expect(bySubmission.b2).toMatchObject({
      change: {
        zatcaStatus: 'SIGNED_PENDING_REPORTING',
        error: { errorClass: 'transient', code: '503', message: 'HTTP 503 from ZATCA' },
      },
      audit: { action: 'zatca-report-failed' },
    });
  });

  it('alerts on an invoice still unreported 20 h after signing, naming the 24 h limit', async () => {
    const store = new InMemoryReportingStore([due('late', 'egs-a', 7, 25)]);
    const { provider } = scriptedProvider({ 'uuid-late': new ComplianceError('transient', 'timeout') });
    const run = await new ZatcaReportingJob(store, { provider, credentials }, log).reportDue();
    expect(run.approaching).toEqual(['late']);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/^ALERT .*24 h reporting limit has passed/));
  });

  it('returns empty-handed, sending nothing, while another run holds the reporting lock', async () => {
    const store = new InMemoryReportingStore([due('a1', 'egs-a', 1)]);
    store.lockedElsewhere = true;
    const { provider, sent } = scriptedProvider({ 'uuid-a1': REPORTED });
    const run = await new ZatcaReportingJob(store, { provider, credentials }, log).reportDue();
    expect(sent).toEqual([]);
    expect(run).toEqual({ reported: [], rejected: [], failed: [], approaching: [] });
  });

  it('does not count an answer another run recorded first (compare-and-set lost)', async () => {
    const store = new InMemoryReportingStore([due('a1', 'egs-a', 1), due('a2', 'egs-a', 2)]);
    store.recordedElsewhere.add('a1');
    const { provider } = scriptedProvider({ 'uuid-a1': REPORTED, 'uuid-a2': REPORTED });
    const run = await new ZatcaReportingJob(store, { provider, credentials }, log).reportDue();
    expect(run.reported).toEqual(['a2']);
    expect(store.answers.map((a) => a.report.submissionId)).toEqual(['a2']);
  });

  it('is the job the regime declares: run(ports) takes its store and clients from the ports it names', async () => {
    const store = new InMemoryReportingStore([due('a1', 'egs-a', 1)]);
    const { provider } = scriptedProvider({ 'uuid-a1': REPORTED });
    const bound = new Map<symbol, unknown>([
      [ZATCA_REPORTING_STORE.token, store],
      [ZATCA_REPORTING_CLIENTS.token, { provider, credentials }],
    ]);
    const ports: RegimeJobPorts = {
      get: <T>(port: RegimePort<T>) => bound.get(port.token) as T,
      log,
    };
    expect(ZATCA_REPORTING_JOB.ports).toEqual([ZATCA_REPORTING_STORE, ZATCA_REPORTING_CLIENTS]);
    expect(await ZATCA_REPORTING_JOB.run?.(ports)).toMatchObject({ reported: ['a1'] });
  });
});
