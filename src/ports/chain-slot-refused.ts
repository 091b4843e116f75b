/**
 * A ZATCA chain store could not give a slot: `unit-busy` (another worker held the unit's chain past the
 * store's lock timeout: try again later) or `uuid-taken` (the invoice UUID is signed already for another
 * submission: one ERP document is signed once). The store says what happened; the regime decides what
 * it means for the submission.
 */
export type ChainSlotRefusal = 'unit-busy' | 'uuid-taken';

export class ChainSlotRefused extends Error {
  constructor(
    readonly refusal: ChainSlotRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChainSlotRefused';
  }
}
