/** Rows for repository and queue tests: `count` documents of one webhook instance, a RECEIVED e-invoice submission each. */
import type { DataSource } from 'typeorm';

/** The submissions' ids, in the documents' order (`INV/1`, `INV/2`, ...). */
export async function insertReceivedSubmissions(dataSource: DataSource, count: number): Promise<string[]> {
  const [instance] = await dataSource.query<{ id: string }[]>(
    `INSERT INTO connector_instance (name, kind) VALUES ('erp', 'webhook') RETURNING id`,
  );
  await dataSource.query(
    `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash)
     SELECT $1::uuid, 'INV/' || n, 'sales', 'h' || n FROM generate_series(1, $2::int) AS n`,
    [instance.id, count],
  );
  const rows = await dataSource.query<{ id: string }[]>(
    `INSERT INTO submission (document_id, regime, state)
     SELECT id, 'in-einvoice', 'RECEIVED' FROM document
      WHERE connector_instance_id = $1 ORDER BY substring(erp_id from 5)::int RETURNING id`,
    [instance.id],
  );
  return rows.map((row) => row.id);
}
