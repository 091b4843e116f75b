/**
 * An EgsCredentialStore in memory, for tests that need no database. It seals at rest as the product's
 * repository does (private key and CSID secrets, context = EGS unit id); `dump()` shows what is stored.
 */
import { randomBytes } from 'node:crypto';
import type {
  EgsCredentialRecord,
  EgsCredentialStore,
  StoredCsid,
} from '../../src/regimes/sa-zatca/egs-credential-store';
import { SecretBox } from '../../src/security/secret-box';

type SealedCsid = Omit<StoredCsid, 'secret'> & { secretSealed: string };
type SealedRecord = Omit<EgsCredentialRecord, 'privateKeyPem' | 'compliance' | 'production'> & {
  privateKeySealed: string;
  compliance?: SealedCsid;
  production?: SealedCsid;
};

export class InMemoryEgsCredentialStore implements EgsCredentialStore {
  private readonly records = new Map<string, SealedRecord>();

  constructor(private readonly box = new SecretBox(randomBytes(32))) {}

  get(egsUnitId: string): Promise<EgsCredentialRecord | undefined> {
    const stored = this.records.get(egsUnitId);
    if (!stored) return Promise.resolve(undefined);
    const { privateKeySealed, compliance, production, ...rest } = structuredClone(stored);
    return Promise.resolve({
      ...rest,
      privateKeyPem: this.box.open(privateKeySealed, egsUnitId),
      compliance: this.open(compliance, egsUnitId),
      production: this.open(production, egsUnitId),
    });
  }

  save(record: EgsCredentialRecord): Promise<void> {
    const { privateKeyPem, compliance, production, ...rest } = structuredClone(record);
    const unit = record.egsUnitId;
    this.records.set(unit, {
      ...rest,
      privateKeySealed: this.box.seal(privateKeyPem, unit),
      compliance: this.seal(compliance, unit),
      production: this.seal(production, unit),
    });
    return Promise.resolve();
  }

  /** Raw view, for tests that check nothing is stored in clear. */
  dump(): SealedRecord[] {
    return [...this.records.values()].map((record) => structuredClone(record));
  }

  private seal(csid: StoredCsid | undefined, unit: string): SealedCsid | undefined {
    if (!csid) return undefined;
    const { secret, ...rest } = csid;
    return { ...rest, secretSealed: this.box.seal(secret, unit) };
  }

  private open(csid: SealedCsid | undefined, unit: string): StoredCsid | undefined {
    if (!csid) return undefined;
    const { secretSealed, ...rest } = csid;
    return { ...rest, secret: this.box.open(secretSealed, unit) };
  }
}
