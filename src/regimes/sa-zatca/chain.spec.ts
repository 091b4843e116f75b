import { sampleSaudiInvoice } from '../../domain/__fixtures__';
import { InMemoryZatcaChainStore, ZATCA_INITIAL_PIH } from './chain';
import { zatcaInvoiceUuid, zatcaReissueUuid } from './zatca-documents';

describe('ZATCA chain', () => {
  it('starts from base64 of the hex SHA-256 of "0", as the SDK ships it', () => {
    expect(ZATCA_INITIAL_PIH).toBe(
      'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    );
  });

  it('hands out consecutive slots per unit, never two at once, and chains the hashes', async () => {
    const store = new InMemoryZatcaChainStore();
    const seen: [number, string][] = [];
    const take = (unit: string, n: number) =>
      store.withNextChainSlot(
        unit,
        async (icv, pih) => {
          seen.push([icv, pih]);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { signedXml: `<x n="${n}"/>`, hash: `hash-${unit}-${icv}` };
        },
        { submissionId: `${unit}-${n}`, uuid: `u-${n}` },
      );
    const results = await Promise.all([take('a', 1), take('a', 2), take('b', 1), take('a', 3)]);
    expect(results.map((r) => [r.egsUnitId, r.icv, r.pih])).toEqual([
      ['a', 1, ZATCA_INITIAL_PIH],
      ['a', 2, 'hash-a-1'],
      ['b', 1, ZATCA_INITIAL_PIH],
      ['a', 3, 'hash-a-2'],
    ]);
    expect(await store.current('a')).toEqual({ lastIcv: 3, lastHash: 'hash-a-3' });
    expect(seen).toHaveLength(4);
  });

  it('does not advance when signing fails, and never signs twice for one submission', async () => {
    const store = new InMemoryZatcaChainStore();
    await expect(
      store.withNextChainSlot('a', () => Promise.reject(new Error('no key')), {
        submissionId: 's1',
        uuid: 'u1',
      }),
    ).rejects.toThrow('no key');
    expect(await store.current('a')).toBeUndefined();
    const first = await store.withNextChainSlot(
      'a',
      (icv) => Promise.resolve({ signedXml: '<a/>', hash: `h${icv}` }),
      { submissionId: 's1', uuid: 'u1' },
    );
    const again = await store.withNextChainSlot(
      'a',
      () => Promise.resolve({ signedXml: '<b/>', hash: 'other' }),
      { submissionId: 's1', uuid: 'u1' },
    );
    expect(again).toEqual(first);
    expect(first.icv).toBe(1);
    expect(await store.findSigned('s1')).toEqual(first);
  });

  it('re-issues a submission only after its invoice was rejected, once per generation', async () => {
    const store = new InMemoryZatcaChainStore();
    const sign = (icv: number) => Promise.resolve({ signedXml: `<x icv="${icv}"/>`, hash: `h${icv}` });
    const first = await store.withNextChainSlot('a', sign, { submissionId: 's1', uuid: 'u1' });
    await expect(
      store.withNextChainSlot('a', sign, { submissionId: 's1', uuid: 'u1-1', generation: 1 }),
    ).rejects.toThrow('no rejected invoice of generation 0');

    await store.markRejected(first, { code: 'BR-KSA-42', message: 'buyer name missing' });
    const reissue = { submissionId: 's1', uuid: 'u1-1', generation: 1 };
    const reissued = await store.withNextChainSlot('a', sign, reissue);
    const again = await store.withNextChainSlot(
      'a',
      () => Promise.reject(new Error('signed twice')),
      reissue,
    );

    expect(reissued).toMatchObject({ generation: 1, icv: 2, pih: 'h1', uuid: 'u1-1' });
    expect(again).toEqual(reissued);
    expect(await store.findSigned('s1')).toEqual(reissued);
    expect(await store.current('a')).toEqual({ lastIcv: 2, lastHash: 'h2' });
  });

  it('derives a new, stable UUID for each re-issue', () => {
    const original = zatcaInvoiceUuid(sampleSaudiInvoice());
    const uuids = [1, 2].map((generation) => zatcaReissueUuid(original, generation));
    expect(new Set([original, ...uuids]).size).toBe(3);
    expect(uuids[0]).toBe(zatcaReissueUuid(original, 1));
    expect(uuids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
