/** An EgsCredentialStore in memory, for tests that need no database; `dump()` shows what is stored. */
import type { EgsCredentialRecord, EgsCredentialStore } from '../../src/compliance/ksa/egs-credential-store';

export class InMemoryEgsCredentialStore implements EgsCredentialStore {
  private readonly records = new Map<string, EgsCredentialRecord>();

  get(egsUnitId: string): Promise<EgsCredentialRecord | undefined> {
    const record = this.records.get(egsUnitId);
    return Promise.resolve(record ? structuredClone(record) : undefined);
  }

  save(record: EgsCredentialRecord): Promise<void> {
    this.records.set(record.egsUnitId, structuredClone(record));
    return Promise.resolve();
  }

  /** Raw view, for tests that check nothing is stored in clear. */
  dump(): EgsCredentialRecord[] {
    return [...this.records.values()].map((record) => structuredClone(record));
  }
}
