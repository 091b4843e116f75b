/** A document named on the command line by its id (UUID) or by its document number. */
import type { ApiClient } from '../api-client';
import type { DocumentDetail } from '../api-types';
import { CliError } from '../cli-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveDocument(client: ApiClient, ref: string): Promise<DocumentDetail> {
  if (UUID.test(ref)) return client.getDocument(ref);
  const page = await client.listDocuments({ docNumber: ref, limit: 2 });
  if (page.items.length === 0) throw new CliError(`no document numbered ${ref}`);
  if (page.total > 1)
    throw new CliError(`${page.total} documents are numbered ${ref} (several connectors): give its id`);
  return client.getDocument(page.items[0].id);
}
