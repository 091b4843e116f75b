/**
 * The batch finders read rows with plain SQL and hydrate them themselves: what they return must be
 * exactly what TypeORM's own finder returns for the same rows (dates as text, jsonb parsed, nulls kept).
 */
import { DataSource, In } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { DocumentEntity, SubmissionEntity } from '../../src/database/entities';
import { DocumentRepository } from '../../src/database/repositories/document.repository';
import { SubmissionRepository } from '../../src/database/repositories/submission.repository';
import { createMigratedTestDatabase } from '../support/test-database';

describe('findByIds of documents and submissions', () => {
  let drop: () => Promise<void>;
  let dataSource: DataSource;
  const documentIds: string[] = [];
  const submissionIds: string[] = [];

  beforeAll(async () => {
    const created = await createMigratedTestDatabase('find_by_ids');
    drop = created.drop;
    await migrateDatabase(created.url);
    dataSource = await new DataSource(dataSourceOptions(created.url, 2)).initialize();
    const [instance] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO connector_instance (name, kind) VALUES ('books', 'csv') RETURNING id`,
    );
    const documents = await dataSource.query<{ id: string }[]>(
      `INSERT INTO document (connector_instance_id, erp_id, direction, doc_type, doc_number, doc_date,
         canonical, normalisation_errors, raw, overrides, erp_deleted, content_hash)
       VALUES ($1, 'INV-1', 'sales', 'INV', 'INV-1', '2026-03-31', $2, NULL, $3, $4, true, 'h1'),
              ($1, 'INV-2', 'purchase', NULL, NULL, NULL, NULL, $5, '[1, "2"]', NULL, false, 'h2')
       RETURNING id`,
      [
        instance.id,
        { documentNumber: 'INV-1', lines: [{ quantity: '1.000' }] },
        { Voucher: 'INV-1', Amount: '118.00' },
        { 'buyer.gstin': '29AAGCB1286Q000' },
        JSON.stringify([{ path: 'documentDate', rule: 'required' }]),
      ],
    );
    documentIds.push(...documents.map((row) => row.id));
    const submissions = await dataSource.query<{ id: string }[]>(
      `INSERT INTO submission (document_id, regime, state, attempts, next_attempt_at, request_payload,
         identifiers, irn, zatca_icv, outcome_unknown, field_errors)
       VALUES ($1, 'in-einvoice', 'RETRY', 2, now(), $3, $4, 'abc', NULL, true, NULL),
              ($2, 'in-einvoice', 'MAPPING_FAILED', 0, NULL, NULL, '{}', NULL, 7, false, $5)
       RETURNING id`,
      [
        documentIds[0],
        documentIds[1],
        { Version: '1.1', ItemList: [{ SlNo: '1' }] },
        { irn: 'abc', ackNo: '112610000000001' },
        JSON.stringify([{ path: 'lines[0].hsnCode', rule: 'format' }]),
      ],
    );
    submissionIds.push(...submissions.map((row) => row.id));
  });
  afterAll(async () => {
    await dataSource.destroy();
    await drop();
  });

  function byId<E extends { id: string }>(list: E[]): Record<string, E> {
    return Object.fromEntries(list.map((entity) => [entity.id, entity]));
  }

  it('returns documents exactly as TypeORM finds them', async () => {
    const found = await new DocumentRepository(dataSource).findByIds(documentIds);
    const expected = await dataSource.manager.findBy(DocumentEntity, { id: In(documentIds) });
    expect(found).toHaveLength(2);
    expect(byId(found)).toStrictEqual(byId(expected));
    expect(found.find((document) => document.erpId === 'INV-1')?.docDate).toBe('2026-03-31');
  });

  it('returns submissions exactly as TypeORM finds them', async () => {
    const found = await new SubmissionRepository(dataSource).findByIds(submissionIds);
    const expected = await dataSource.manager.findBy(SubmissionEntity, { id: In(submissionIds) });
    expect(found).toHaveLength(2);
    expect(byId(found)).toStrictEqual(byId(expected));
  });

  it('finds nothing for no ids or unknown ids', async () => {
    expect(await new DocumentRepository(dataSource).findByIds([])).toEqual([]);
    expect(
      await new SubmissionRepository(dataSource).findByIds(['00000000-0000-4000-8000-000000000000']),
    ).toEqual([]);
  });
});
