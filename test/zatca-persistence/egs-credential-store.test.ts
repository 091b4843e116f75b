import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EgsCredentialRecord } from '../../src/compliance/ksa/egs-credential-store';
import { SecretBox } from '../../src/security/secret-box';
import { PostgresEgsCredentialStore } from '../../src/database/repositories/egs-credential.repository';
import { createZatcaTestDatabase, type ZatcaTestDatabase } from './support/zatca-pg-database';

describe('PostgresEgsCredentialStore', () => {
  let db: ZatcaTestDatabase;
  let dataSource: DataSource;
  let store: PostgresEgsCredentialStore;
  const box = new SecretBox(randomBytes(32));
  const privateKeyPem = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
    .privateKey.export({ type: 'sec1', format: 'pem' })
    .toString();
  const productionSecret = 'prod-secret-' + randomBytes(12).toString('hex');
  const complianceSecret = 'compliance-secret-' + randomBytes(12).toString('hex');

  beforeAll(async () => {
    db = await createZatcaTestDatabase('egs_credentials');
    dataSource = await db.connect();
    store = new PostgresEgsCredentialStore(dataSource);
  });
  afterAll(async () => {
    await db.close();
  });

  function record(egsUnitId: string): EgsCredentialRecord {
    return {
      egsUnitId,
      environment: 'simulation',
      vatNumber: '310122393500003',
      invoiceType: '1100',
      state: 'ACTIVE',
      privateKeySealed: box.seal(privateKeyPem, egsUnitId),
      csrBase64: Buffer.from('-----BEGIN CERTIFICATE REQUEST-----').toString('base64'),
      compliance: {
        requestId: '1234567890',
        binarySecurityToken: 'Y29tcGxpYW5jZQ==',
        secretSealed: box.seal(complianceSecret, egsUnitId),
        certificateBase64: 'TUlJQ29tcGxpYW5jZQ==',
        issuedAt: '2026-11-01T08:00:00.000Z',
      },
      production: {
        requestId: '9876543210',
        binarySecurityToken: 'cHJvZHVjdGlvbg==',
        secretSealed: box.seal(productionSecret, egsUnitId),
        certificateBase64: 'TUlJUHJvZHVjdGlvbg==',
        issuedAt: '2026-11-02T08:00:00.000Z',
        expiresAt: '2027-11-02T08:00:00.000Z',
      },
      complianceChecks: [{ document: 'standard:388', status: 'PASS', warnings: ['BR-KSA-66: postal code'] }],
      updatedAt: '2026-11-02T08:00:01.123Z',
    };
  }

  it('round-trips a record, and the secrets stay sealed in the table', async () => {
    const saved = record('egs-riyadh-1');
    await store.save(saved);

    const loaded = await store.get('egs-riyadh-1');
    expect(loaded).toEqual(saved);
    expect(box.open(loaded!.privateKeySealed, 'egs-riyadh-1')).toBe(privateKeyPem);
    expect(box.open(loaded!.production!.secretSealed, 'egs-riyadh-1')).toBe(productionSecret);

    const [raw]: { row: string }[] = await dataSource.query(
      `SELECT egs_unit::text AS row FROM egs_unit WHERE id = $1`,
      ['egs-riyadh-1'],
    );
    expect(raw.row).toContain('cHJvZHVjdGlvbg=='); // the row is really there, public token in clear
    expect(raw.row).not.toContain(productionSecret);
    expect(raw.row).not.toContain(complianceSecret);
    expect(raw.row).not.toContain('PRIVATE KEY');
    expect(raw.row).not.toContain(privateKeyPem.split('\n')[1]);
  });

  it('replaces the record on save (one row per unit) and answers nothing for an unknown unit', async () => {
    const first = record('egs-jeddah-1');
    await store.save({ ...first, state: 'COMPLIANCE_CSID', production: undefined, complianceChecks: [] });
    expect((await store.get('egs-jeddah-1'))?.production).toBeUndefined();

    await store.save(first);
    expect(await store.get('egs-jeddah-1')).toEqual(first);
    const [{ n }]: { n: string }[] = await dataSource.query(
      `SELECT count(*) AS n FROM egs_unit WHERE id = 'egs-jeddah-1'`,
    );
    expect(n).toBe('1');
    expect(await store.get('egs-nowhere')).toBeUndefined();
  });

  it('refuses to store a key or CSID secret that is not sealed, without echoing it', async () => {
    const plainKey = { ...record('egs-leaky'), privateKeySealed: privateKeyPem };
    const error = await store.save(plainKey).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain('privateKeySealed is not a sealed value');
    expect(error?.message).not.toContain('PRIVATE KEY');

    const plainSecret = record('egs-leaky');
    plainSecret.production!.secretSealed = productionSecret;
    await expect(store.save(plainSecret)).rejects.toThrow('production.secretSealed is not a sealed value');
    expect(await store.get('egs-leaky')).toBeUndefined();
  });

  it('lists units whose production certificate expires before a date', async () => {
    expect(await store.renewalsDue(new Date('2027-12-01T00:00:00Z'))).toEqual(
      expect.arrayContaining([
        { egsUnitId: 'egs-riyadh-1', expiresAt: new Date('2027-11-02T08:00:00.000Z') },
        { egsUnitId: 'egs-jeddah-1', expiresAt: new Date('2027-11-02T08:00:00.000Z') },
      ]),
    );
    expect(await store.renewalsDue(new Date('2027-01-01T00:00:00Z'))).toEqual([]);
  });
});
