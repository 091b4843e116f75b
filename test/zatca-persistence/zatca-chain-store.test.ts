import { createHash, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ZATCA_INITIAL_PIH, type StoredSignedInvoice } from '../../src/regimes/sa-zatca/chain';
import { PostgresZatcaChainStore } from '../../src/regimes/sa-zatca/storage/zatca-chain.repository';
import { ChainSlotRefused } from '../../src/ports';
import {
  createZatcaTestDatabase,
  insertZatcaSubmission,
  type ZatcaTestDatabase,
} from './support/zatca-pg-database';

/** Stands in for build + sign: an XML that records its slot, and its hash. */
async function fakeSign(icv: number, pih: string): Promise<{ signedXml: string; hash: string }> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
  const signedXml = `<Invoice><ICV>${icv}</ICV><PIH>${pih}</PIH><Nonce>${randomUUID()}</Nonce></Invoice>`;
  return { signedXml, hash: createHash('sha256').update(signedXml).digest('base64') };
}

function expectUnbrokenChain(signed: StoredSignedInvoice[], count: number): void {
  const ordered = [...signed].sort((a, b) => a.icv - b.icv);
  expect(ordered.map((s) => s.icv)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  expect(ordered[0].pih).toBe(ZATCA_INITIAL_PIH);
  for (let i = 1; i < ordered.length; i++) expect(ordered[i].pih).toBe(ordered[i - 1].hash);
  for (const s of ordered) expect(s.signedXml).toContain(`<ICV>${s.icv}</ICV><PIH>${s.pih}</PIH>`);
}

describe('PostgresZatcaChainStore', () => {
  let db: ZatcaTestDatabase;
  let dataSource: DataSource;
  let store: PostgresZatcaChainStore;

  beforeAll(async () => {
    db = await createZatcaTestDatabase('zatca_chain');
    dataSource = await db.connect();
    store = new PostgresZatcaChainStore(dataSource);
  });
  afterAll(async () => {
    await db.close();
  });

  const newOwner = async () => ({ ...(await insertZatcaSubmission(dataSource)), uuid: randomUUID() });

  it('gives 20 concurrent signers of one EGS unit ICVs 1..20, each PIH the previous hash', async () => {
    const owners = await Promise.all(Array.from({ length: 20 }, newOwner));
    const signed = await Promise.all(
      owners.map((owner) => store.withNextChainSlot('egs-a', fakeSign, owner)),
    );

    expectUnbrokenChain(signed, 20);
    const last = signed.find((s) => s.icv === 20)!;
    expect(await store.current('egs-a')).toEqual({ lastIcv: 20, lastHash: last.hash });
    const rows: { n: string }[] = await dataSource.query(
      `SELECT count(*) AS n FROM zatca_signed_invoice WHERE egs_unit_id = 'egs-a'`,
    );
    expect(rows[0].n).toBe('20');
    for (const s of signed) expect(await store.findSigned(s.submissionId)).toEqual(s);
  });

  it('keeps one chain when two processes (two pools) race for a new unit', async () => {
    const other = new PostgresZatcaChainStore(await db.connect(5));
    const owners = await Promise.all(Array.from({ length: 12 }, newOwner));
    const signed = await Promise.all(
      owners.map((owner, i) => (i % 2 === 0 ? store : other).withNextChainSlot('egs-b', fakeSign, owner)),
    );
    expectUnbrokenChain(signed, 12);
  });

  it('leaves the chain unchanged when signing fails, and the next signer takes the same slot', async () => {
    const failing = await newOwner();
    const firstFailure = store.withNextChainSlot(
      'egs-c',
      () => Promise.reject(new Error('signing failed')),
      failing,
    );
    await expect(firstFailure).rejects.toThrow('signing failed');
    expect(await store.current('egs-c')).toBeUndefined();

    const first = await store.withNextChainSlot('egs-c', fakeSign, await newOwner());
    const before = await store.current('egs-c');
    await expect(
      store.withNextChainSlot('egs-c', () => Promise.reject(new Error('HSM unavailable')), failing),
    ).rejects.toThrow('HSM unavailable');

    expect(await store.current('egs-c')).toEqual(before);
    expect(await store.findSigned(failing.submissionId)).toBeUndefined();
    const second = await store.withNextChainSlot('egs-c', fakeSign, failing);
    expect(second).toMatchObject({ icv: 2, pih: first.hash });
  });

  it('returns the stored invoice on a retry for the same submission, without signing or advancing', async () => {
    const owner = await newOwner();
    const original = await store.withNextChainSlot('egs-d', fakeSign, owner);
    await store.withNextChainSlot('egs-d', fakeSign, await newOwner());
    const before = await store.current('egs-d');

    const sign = jest.fn(fakeSign);
    const retried = await store.withNextChainSlot('egs-d', sign, owner);

    expect(sign).not.toHaveBeenCalled();
    expect(retried).toEqual(original);
    expect(retried.signedXml).toBe(original.signedXml);
    expect(await store.current('egs-d')).toEqual(before);
    expect(before?.lastIcv).toBe(2);
  });

  it('refuses to sign a second submission with an invoice UUID already signed, without advancing', async () => {
    const first = await newOwner();
    await store.withNextChainSlot('egs-e', fakeSign, first);
    const before = await store.current('egs-e');
    const duplicate = { ...(await insertZatcaSubmission(dataSource)), uuid: first.uuid };

    const error = await store.withNextChainSlot('egs-e', fakeSign, duplicate).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ChainSlotRefused);
    expect((error as ChainSlotRefused).refusal).toBe('uuid-taken');
    expect(await store.current('egs-e')).toEqual(before);
  });

  it('answers nothing for unknown or non-uuid submissions, and refuses to sign for them', async () => {
    expect(await store.findSigned(randomUUID())).toBeUndefined();
    expect(await store.findSigned('sub-1')).toBeUndefined();
    await expect(
      store.withNextChainSlot('egs-f', fakeSign, { submissionId: 'sub-1', uuid: randomUUID() }),
    ).rejects.toThrow('not a submission row id');
    await expect(
      store.withNextChainSlot('egs-f', fakeSign, { submissionId: randomUUID(), uuid: randomUUID() }),
    ).rejects.toThrow('does not exist');
    expect(await store.current('egs-f')).toBeUndefined();
  });

  it('stores the QR found in the signed XML beside it', async () => {
    const owner = await newOwner();
    const withQr = (icv: number, pih: string) =>
      Promise.resolve({
        signedXml:
          `<Invoice><ICV>${icv}</ICV><PIH>${pih}</PIH><cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID>` +
          `<cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">AQVOYWpk</cbc:EmbeddedDocumentBinaryObject>` +
          `</cac:Attachment></cac:AdditionalDocumentReference></Invoice>`,
        hash: 'hash-with-qr',
      });
    await store.withNextChainSlot('egs-g', withQr, owner);
    const rows: { qr: string }[] = await dataSource.query(
      `SELECT qr FROM zatca_signed_invoice WHERE submission_id = $1`,
      [owner.submissionId],
    );
    expect(rows[0].qr).toBe('AQVOYWpk');
  });

  describe('re-issue after a rejection', () => {
    const rejection = { code: 'BR-KSA-42', message: 'The buyer name (BT-44) must be present' };
    const generations = (submissionId: string): Promise<Record<string, unknown>[]> =>
      dataSource.query(
        `SELECT generation, icv, uuid, rejection, rejected_at IS NOT NULL AS rejected,
                superseded_at IS NOT NULL AS superseded
           FROM zatca_signed_invoice WHERE submission_id = $1 ORDER BY generation`,
        [submissionId],
      );

    it('signs the next generation in the next slot, chained after the rejected one, which stays stored', async () => {
      const owner = await newOwner();
      const rejected = await store.withNextChainSlot('egs-r', fakeSign, owner);
      const between = await store.withNextChainSlot('egs-r', fakeSign, await newOwner());
      await store.markRejected(rejected, rejection);
      expect(await store.findSigned(owner.submissionId)).toEqual({ ...rejected, rejection });

      const reissue = { ...owner, uuid: randomUUID(), generation: 1 };
      const reissued = await store.withNextChainSlot('egs-r', fakeSign, reissue);

      expect(reissued).toMatchObject({ generation: 1, icv: 3, pih: between.hash, uuid: reissue.uuid });
      expect(await store.findSigned(owner.submissionId)).toEqual(reissued);
      expect(await generations(owner.submissionId)).toEqual([
        { generation: 0, icv: 1, uuid: owner.uuid, rejection, rejected: true, superseded: true },
        { generation: 1, icv: 3, uuid: reissue.uuid, rejection: null, rejected: false, superseded: false },
      ]);
      // a rerun of the same re-issue (after a crash) gets the stored one: no third invoice
      const sign = jest.fn(fakeSign);
      expect(await store.withNextChainSlot('egs-r', sign, reissue)).toEqual(reissued);
      expect(sign).not.toHaveBeenCalled();
      expect(await store.current('egs-r')).toEqual({ lastIcv: 3, lastHash: reissued.hash });
    });

    it('refuses to re-issue an invoice ZATCA did not reject, and leaves the chain as it was', async () => {
      const owner = await newOwner();
      await store.withNextChainSlot('egs-s', fakeSign, owner);
      const before = await store.current('egs-s');

      await expect(
        store.withNextChainSlot('egs-s', fakeSign, { ...owner, uuid: randomUUID(), generation: 1 }),
      ).rejects.toThrow('no rejected invoice of generation 0');
      await expect(
        store.withNextChainSlot('egs-s', fakeSign, { ...owner, uuid: randomUUID(), generation: 2 }),
      ).rejects.toThrow('no rejected invoice of generation 1');
      expect(await store.current('egs-s')).toEqual(before);
      expect(await generations(owner.submissionId)).toHaveLength(1);
    });

    it('signs one re-issue when two workers re-issue the same rejected invoice at once', async () => {
      const owner = await newOwner();
      await store.markRejected(await store.withNextChainSlot('egs-t', fakeSign, owner), rejection);
      const other = new PostgresZatcaChainStore(await db.connect(3));
      const reissue = { ...owner, uuid: randomUUID(), generation: 1 };

      const [a, b] = await Promise.all([
        store.withNextChainSlot('egs-t', fakeSign, reissue),
        other.withNextChainSlot('egs-t', fakeSign, reissue),
      ]);

      expect(a).toEqual(b);
      expect(await store.current('egs-t')).toMatchObject({ lastIcv: 2 });
      expect((await generations(owner.submissionId)).map((g) => g.generation)).toEqual([0, 1]);
    });

    it('never holds two current invoices for one submission, nor supersedes one not rejected', async () => {
      const owner = await newOwner();
      await store.withNextChainSlot('egs-u', fakeSign, owner);
      const insertGeneration = () =>
        dataSource.query(
          `INSERT INTO zatca_signed_invoice (submission_id, generation, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml)
           VALUES ($1, 1, 'egs-u', 99, 'pih', $2, 'hash', '<Invoice/>')`,
          [owner.submissionId, randomUUID()],
        );
      await expect(insertGeneration()).rejects.toThrow(/zatca_signed_invoice_current/);
      await expect(
        dataSource.query(`UPDATE zatca_signed_invoice SET superseded_at = now() WHERE submission_id = $1`, [
          owner.submissionId,
        ]),
      ).rejects.toThrow(/zatca_signed_invoice_superseded_rejected/);
    });
  });
});
