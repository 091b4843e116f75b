/**
 * The in-memory ZATCA invoice chain (tests and the sandbox). The chain's port, ZatcaChainStore, and its
 * vocabulary are in ports/ (database/ implements them over Postgres); they are re-exported here.
 */
import {
  type ChainSlot,
  type ChainSlotOwner,
  type ChainState,
  reissueRefusal,
  type SignedInChain,
  type StoredSignedInvoice,
  ZATCA_INITIAL_PIH,
  type ZatcaChainStore,
  type ZatcaRejection,
} from '../../ports';

export {
  type ChainSlot,
  type ChainSlotOwner,
  type ChainState,
  reissueRefusal,
  type SignedInChain,
  type StoredSignedInvoice,
  ZATCA_INITIAL_PIH,
  type ZatcaChainStore,
  type ZatcaRejection,
};

/** For tests and the sandbox: per-unit promise queue instead of row locks. */
export class InMemoryZatcaChainStore implements ZatcaChainStore {
  private readonly states = new Map<string, ChainState>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per submission, its signed invoices by generation. */
  private readonly signed = new Map<string, StoredSignedInvoice[]>();

  withNextChainSlot(
    egsUnitId: string,
    fn: (icv: number, pih: string) => Promise<SignedInChain>,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice> {
    const generation = owner.generation ?? 0;
    const previous = this.queues.get(egsUnitId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const generations = this.signed.get(owner.submissionId) ?? [];
        const already = generations[generation];
        if (already) return { ...already };
        if (generation > 0 && !generations[generation - 1]?.rejection)
          throw reissueRefusal(owner.submissionId, generation);
        const state = this.states.get(egsUnitId);
        const slot = { icv: (state?.lastIcv ?? 0) + 1, pih: state?.lastHash ?? ZATCA_INITIAL_PIH };
        const signed = await fn(slot.icv, slot.pih);
        const stored: StoredSignedInvoice = {
          ...signed,
          ...slot,
          egsUnitId,
          submissionId: owner.submissionId,
          uuid: owner.uuid,
          generation,
        };
        this.signed.set(owner.submissionId, [...generations, stored]);
        this.states.set(egsUnitId, { lastIcv: slot.icv, lastHash: signed.hash });
        return { ...stored };
      });
    this.queues.set(egsUnitId, run);
    return run;
  }

  findSigned(submissionId: string): Promise<StoredSignedInvoice | undefined> {
    const latest = this.signed.get(submissionId)?.at(-1);
    return Promise.resolve(latest ? { ...latest } : undefined);
  }

  markRejected(
    signed: Pick<StoredSignedInvoice, 'submissionId' | 'generation'>,
    rejection: ZatcaRejection,
  ): Promise<void> {
    const stored = this.signed.get(signed.submissionId)?.[signed.generation];
    if (stored) stored.rejection = { ...rejection };
    return Promise.resolve();
  }

  current(egsUnitId: string): Promise<ChainState | undefined> {
    const state = this.states.get(egsUnitId);
    return Promise.resolve(state ? { ...state } : undefined);
  }
}
