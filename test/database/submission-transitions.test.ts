/**
 * SubmissionRepository.transitionMany against a real PostgreSQL: the rows it returns are what the database
 * holds, whether a value came back from the UPDATE or from the patch it wrote; transitionManyIds names
 * exactly the rows it moved.
 */
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import type { SubmissionEntity } from '../../src/database/entities';
import { SubmissionRepository } from '../../src/database/repositories/submission.repository';
import { SubmissionState } from '../../src/domain/submission-state';
import { createMigratedTestDatabase } from '../support/test-database';

const S = SubmissionState;

describe('SubmissionRepository.transitionMany', () => {
  let drop: () => Promise<void>;
  let dataSource: DataSource;
  let submissions: SubmissionRepository;

  beforeAll(async () => {
    const created = await createMigratedTestDatabase('submission_transitions');
    drop = created.drop;
    await migrateDatabase(created.url);
    dataSource = await new DataSource(dataSourceOptions(created.url, 2)).initialize();
    submissions = new SubmissionRepository(dataSource);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await drop();
  });

  async function newSubmission(state: SubmissionState, erpId: string): Promise<string> {
    const [instance] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO connector_instance (name, kind) VALUES ($1, 'csv')
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
      ['books'],
    );
    const [document] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash)
       VALUES ($1, $2, 'sales', 'h') RETURNING id`,
      [instance.id, erpId],
    );
    const [submission] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO submission (document_id, regime, state, identifiers, irn)
       VALUES ($1, 'in-einvoice', $2, '{"irn": "i-1"}', 'i-1') RETURNING id`,
      [document.id, state],
    );
    return submission.id;
  }

  /** The light columns as a fresh read gives them. */
  async function stored(id: string): Promise<Partial<SubmissionEntity>> {
    const [row] = await submissions.findLightByIds([id]);
    return { ...row };
  }

  it('returns a registration as stored: the patched identifiers, the untouched columns, the new state', async () => {
    const id = await newSubmission(S.Submitting, 'doc-registered');
    const signed = 'eyJhbGciOiJSUzI1NiJ9.' + 'QUJD'.repeat(1500) + '.c2ln';
    const [moved] = await submissions.transitionMany(
      [
        {
          id,
          patch: {
            identifiers: { irn: 'i-1', ackNo: '112010000000001', signedInvoice: signed },
            ackNo: '112010000000001',
            signedQr: 'qr-token',
            nextAttemptAt: null,
            errorClass: null,
            response: { status: 'ACT' },
          },
        },
      ],
      [S.Submitting],
      S.Registered,
    );
    expect({ ...moved }).toEqual(await stored(id));
    expect(moved).toMatchObject({
      state: S.Registered,
      irn: 'i-1',
      ackNo: '112010000000001',
      signedQr: 'qr-token',
      identifiers: { signedInvoice: signed },
    });
    // The response is a heavy column: neither read back nor echoed, as before.
    expect(moved.response).toBeUndefined();
  });

  it('takes the attempt count and the lease start from the database when entering SUBMITTING', async () => {
    const id = await newSubmission(S.Ready, 'doc-claimed');
    const [moved] = await submissions.transitionMany(
      [{ id, patch: { identifiers: { irn: 'i-1', ackDate: '2026-11-22 10:00:00' } } }],
      [S.Ready],
      S.Submitting,
    );
    expect({ ...moved }).toEqual(await stored(id));
    expect(moved.attempts).toBe(1);
    expect(moved.submittingSince).toBeInstanceOf(Date);
  });

  it('returns nothing for a row that was not in the expected state', async () => {
    const id = await newSubmission(S.WrittenBack, 'doc-final');
    const moved = await submissions.transitionMany(
      [{ id, patch: { errorClass: null } }],
      [S.WritebackPending],
      S.WrittenBack,
    );
    expect(moved).toEqual([]);
  });

  it('by ids: moves the rows still in the expected state, with their patches, and names only those', async () => {
    const pending = await newSubmission(S.WritebackPending, 'doc-ids-pending');
    const cleared = await newSubmission(S.WritebackPending, 'doc-ids-cleared');
    const done = await newSubmission(S.WrittenBack, 'doc-ids-done');
    const untouched = await stored(done);
    const moved = await submissions.transitionManyIds(
      [
        { id: pending, patch: {} },
        { id: cleared, patch: { errorClass: null, errorMessage: null } },
        { id: done, patch: {} },
      ],
      [S.WritebackPending],
      S.WrittenBack,
    );
    expect([...moved].sort()).toEqual([pending, cleared].sort());
    expect(await stored(pending)).toMatchObject({ state: S.WrittenBack, identifiers: { irn: 'i-1' } });
    expect(await stored(cleared)).toMatchObject({ state: S.WrittenBack, errorClass: null });
    expect(await stored(done)).toEqual(untouched);
  });
});
