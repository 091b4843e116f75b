/**
 * The connector contract as one suite, run against every connector (as Airbyte's standard tests run
 * against every source): given a fixture world, it checks what the host relies on whatever the ERP.
 * - check(): passes on a reachable, well-configured ERP; fails with the right class when the settings are
 *   wrong (config) or the ERP is not there (transient).
 * - pullSales(cursor): no document twice in one pass; a pass stopped after any batch and resumed from that
 *   batch's cursor delivers exactly the rest (no duplicates, no gaps); every normalised document obeys
 *   validateCanonicalInvoice (each connector finishes normalisation with it); push sources have nothing to
 *   pull and read a pushed body the same way twice.
 * - writeBack: written, or thrown as a ConnectorError of the class the world names.
 */
import type {
  ConnectorCursor,
  ConnectorErrorClass,
  ErpConnector,
  PullBatch,
  SourceDocument,
  WriteBackDocument,
  WriteBackOutcome,
} from '../../src/connectors/contract';
import { ConnectorError, isPushSource } from '../../src/connectors/contract';
import { validateCanonicalInvoice } from '../../src/domain/canonical-invoice.validator';

export interface WriteBackCase {
  name: string;
  /** `written`: writeBack resolves; otherwise it throws a ConnectorError of this class. */
  expected: ConnectorErrorClass | 'written';
  arrange(): Promise<{ connector: ErpConnector; document: WriteBackDocument; outcome: WriteBackOutcome }>;
}

export interface ConnectorContractWorld {
  /** Starts the fixture world (the ERP's simulator, temp directories); once per suite. */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A connector on the fixture ERP holding its documents as first seeded (a fresh ERP state each call). */
  connector(): Promise<ErpConnector>;
  /** A connector whose settings are wrong (an unknown company, a missing profile): check fails, config. */
  misconfigured?(): Promise<ErpConnector>;
  /** A connector whose ERP is not reachable: check fails, transient. */
  unreachable?(): Promise<ErpConnector>;
  /** Pull sources: the least number of batches the fixture's documents come in (at least 2). */
  minBatches?: number;
  /**
   * The connector's cursor is coarser than its batches (Tally: a sync window, which may take several
   * batches), so a pass resumed mid-window delivers that window's earlier documents again. Allowed only
   * as the same content (same erpId and contentHash), which the host ingests as already known; a gap is
   * never allowed.
   */
  resumesAtLeastOnce?: boolean;
  /** Push sources: a body the ERP pushes. */
  pushedBody?: unknown;
  writeBack: WriteBackCase[];
}

async function pull(
  connector: ErpConnector,
  cursor: ConnectorCursor,
  stopAfter = Infinity,
): Promise<PullBatch[]> {
  const batches: PullBatch[] = [];
  if (stopAfter <= 0) return batches;
  for await (const batch of connector.pullSales(cursor)) {
    batches.push(batch);
    // Leaving the loop ends the pass as a crash after storing this batch would: nothing after it is done.
    if (batches.length >= stopAfter) break;
  }
  return batches;
}

const idsOf = (batches: PullBatch[]): string[] => batches.flatMap((b) => b.documents.map((d) => d.erpId));

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
}

function expectValidated(document: SourceDocument): void {
  if (!document.normalised.ok) {
    expect(document.normalised.errors.length).toBeGreaterThan(0);
    return;
  }
  const again = validateCanonicalInvoice(document.normalised.value);
  expect({ erpId: document.erpId, errors: again.ok ? [] : again.errors }).toEqual({
    erpId: document.erpId,
    errors: [],
  });
}

export function runConnectorContract(kind: string, world: ConnectorContractWorld): void {
  describe(`connector contract: ${kind}`, () => {
    const opened: ErpConnector[] = [];
    const open = async (make: () => Promise<ErpConnector>): Promise<ErpConnector> => {
      const connector = await make();
      opened.push(connector);
      return connector;
    };

    beforeAll(() => world.setUp(), 120_000);
    afterAll(async () => {
      await Promise.allSettled(opened.map((c) => c.close?.() ?? Promise.resolve()));
      await world.tearDown();
    });

    describe('check()', () => {
      it('passes on a reachable, well-configured ERP', async () => {
        const result = await (await open(() => world.connector())).check();
        expect(result).toMatchObject({ ok: true });
        expect(result.errorClass).toBeUndefined();
      });

      if (world.misconfigured) {
        const misconfigured = world.misconfigured.bind(world);
        it('fails with config when the settings are wrong', async () => {
          const result = await (await open(misconfigured)).check();
          expect(result).toMatchObject({ ok: false, errorClass: 'config' });
          expect(result.message).not.toBe('');
        });
      }

      if (world.unreachable) {
        const unreachable = world.unreachable.bind(world);
        it('fails with transient when the ERP is not reachable', async () => {
          const result = await (await open(unreachable)).check();
          expect(result).toMatchObject({ ok: false, errorClass: 'transient' });
        });
      }
    });

    describe('pullSales(cursor)', () => {
      if (world.pushedBody !== undefined) {
        it('a push source has nothing to pull, and reads a pushed body the same way twice', async () => {
          const connector = await open(() => world.connector());
          expect(isPushSource(connector)).toBe(true);
          expect(idsOf(await pull(connector, null))).toEqual([]);
          if (!isPushSource(connector)) return;
          const first = connector.read(world.pushedBody);
          const second = connector.read(world.pushedBody);
          if (!first.ok || !second.ok) throw new Error('the world pushed a body the connector refuses');
          const documents = first.items.flatMap((i) => (i.document ? [i.document] : []));
          expect(documents.length).toBeGreaterThan(0);
          documents.forEach(expectValidated);
          const identity = (d: SourceDocument) => [d.erpId, d.contentHash];
          expect(second.items.flatMap((i) => (i.document ? [identity(i.document)] : []))).toEqual(
            documents.map(identity),
          );
        });
        return;
      }

      it('delivers each document once, each normalised one valid by validateCanonicalInvoice', async () => {
        const batches = await pull(await open(() => world.connector()), null);
        expect(batches.length).toBeGreaterThanOrEqual(world.minBatches ?? 2);
        const ids = idsOf(batches);
        expect(ids.length).toBeGreaterThan(0);
        expect(duplicates(ids)).toEqual([]);
        batches.flatMap((b) => b.documents).forEach(expectValidated);
      });

      const resumeRule = world.resumesAtLeastOnce
        ? 'no gaps, anything delivered again unchanged'
        : 'no duplicates, no gaps';
      it(`resumed from any batch cursor, delivers the rest: ${resumeRule}`, async () => {
        const full = await pull(await open(() => world.connector()), null);
        const all = idsOf(full).sort();
        const hashOf = new Map(full.flatMap((b) => b.documents.map((d) => [d.erpId, d.contentHash])));
        for (let stopAfter = 1; stopAfter < full.length; stopAfter++) {
          const connector = await open(() => world.connector());
          const before = await pull(connector, null, stopAfter);
          const after = await pull(connector, before[before.length - 1].cursor);
          const seen = [...idsOf(before), ...idsOf(after)];
          expect({ stopAfter, ids: [...new Set(seen)].sort() }).toEqual({ stopAfter, ids: all });
          const again = duplicates(seen);
          if (!world.resumesAtLeastOnce) {
            expect({ stopAfter, duplicates: again }).toEqual({ stopAfter, duplicates: [] });
            continue;
          }
          const changed = after
            .flatMap((b) => b.documents)
            .filter((d) => again.includes(d.erpId) && d.contentHash !== hashOf.get(d.erpId));
          expect({ stopAfter, changed: changed.map((d) => d.erpId) }).toEqual({ stopAfter, changed: [] });
        }
      });

      it('resumed from the last cursor, delivers nothing again', async () => {
        const connector = await open(() => world.connector());
        const batches = await pull(connector, null);
        const again = await pull(connector, batches[batches.length - 1].cursor);
        expect(idsOf(again)).toEqual([]);
      });
    });

    describe('writeBack', () => {
      it.each(world.writeBack.map((c) => [c.name, c] as const))('%s', async (_name, writeBackCase) => {
        const { connector, document, outcome } = await writeBackCase.arrange();
        opened.push(connector);
        const attempt = connector.writeBack(document, outcome);
        if (writeBackCase.expected === 'written') {
          await expect(attempt).resolves.toBeUndefined();
          return;
        }
        const error = await attempt.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ConnectorError);
        expect((error as ConnectorError).errorClass).toBe(writeBackCase.expected);
      });
    });
  });
}

/** The write-back view of a pulled document, as the pipeline hands it over. */
export function asWriteBackDocument(document: SourceDocument): WriteBackDocument {
  return {
    id: `doc-${document.erpId}`,
    erpId: document.erpId,
    documentNumber: document.documentNumber,
    documentDate: document.documentDate,
    sourceRef: document.sourceRef,
    raw: document.raw,
    canonical: document.normalised.ok ? document.normalised.value : undefined,
  };
}

export const REGISTERED: WriteBackOutcome = {
  regime: 'in-einvoice',
  state: 'REGISTERED',
  identifiers: { irn: 'a'.repeat(64), ackNo: '112410150000123', ackDate: '2026-11-02 12:30:00' },
};

/** The documents of a whole pass, for worlds that write back what they pulled. */
export async function pulledDocuments(connector: ErpConnector): Promise<SourceDocument[]> {
  return (await pull(connector, null)).flatMap((b) => b.documents);
}
