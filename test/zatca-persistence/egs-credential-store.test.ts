import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EgsCredentialRecord } from '../../src/regimes/sa-zatca/egs-credential-store';
import { SecretBox } from '../../src/security/secret-box';
import { PostgresEgsCredentialStore } from '../../src/regimes/sa-zatca/storage/egs-credential.repository';
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
    store = new PostgresEgsCredentialStore(dataSource, box);
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
      privateKeyPem,
      csrBase64: Buffer.from('-----BEGIN CERTIFICATE REQUEST-----').toString('base64'),
      compliance: {
        requestId: '1234567890',
        binarySecurityToken: 'Y29tcGxpYW5jZQ==',
        secret: complianceSecret,
        certificateBase64: 'TUlJQ29tcGxpYW5jZQ==',
        issuedAt: '2026-11-01T08:00:00.000Z',
      },
      production: {
        requestId: '9876543210',
        binarySecurityToken: 'cHJvZHVjdGlvbg==',
        secret: productionSecret,
        certificateBase64: 'TUlJUHJvZHVjdGlvbg==',
        issuedAt: '2026-11-02T08:00:00.000Z',
        expiresAt: '2027-11-02T08:00:00.000Z',
      },
      complianceChecks: [{ document: 'standard:388', status: 'PASS', warnings: ['BR-KSA-66: postal code'] }],
      updatedAt: '2026-11-02T08:00:01.123Z',
    };
  }

  it('round-trips a record, sealing the key and secrets itself: the table holds them sealed', async () => {
    const saved = record('egs-riyadh-1');
    await store.save(saved);

    const loaded = await store.get('egs-riyadh-1');
    expect(loaded).toEqual(saved);
    const [sealed]: { key: string; secret: string }[] = await dataSource.query(
      `SELECT private_key_sealed AS key, production_csid->>'secretSealed' AS secret FROM egs_unit WHERE id = $1`,
      ['egs-riyadh-1'],
    );
    expect(box.open(sealed.key, 'egs-riyadh-1')).toBe(privateKeyPem);
    expect(box.open(sealed.secret, 'egs-riyadh-1')).toBe(productionSecret);

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

  it("a key sealed for one unit, copied into another unit's row, does not open", async () => {
    await store.save(record('egs-victim'));
    await store.save(record('egs-thief'));
    await dataSource.query(
      `UPDATE egs_unit SET private_key_sealed = (SELECT private_key_sealed FROM egs_unit WHERE id = 'egs-victim')
        WHERE id = 'egs-thief'`,
    );
    const error = await store.get('egs-thief').catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/cannot open/);
    expect((error as Error).message).not.toContain('PRIVATE KEY');
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
