/**
 * What `GET /regimes` answers: each regime's name and the reason codes its operator actions take (the cancel
 * reasons of its cancel policy, each operation's reasons), in the authority's own numbering. Clients (the
 * console among them) offer these lists and hard-code none: the e-invoice's and the e-way bill's cancel
 * codes 2 and 3 mean opposite things, so a list borrowed from the wrong regime records the wrong reason.
 */
import type { RegimeDescriptor } from '../compliance';

/** One reason code with what it means. */
export interface ReasonOption {
  code: string;
  label: string;
}

export interface RegimeOperationReasons {
  name: string;
  summary: string;
  reasons: ReasonOption[];
}

export interface RegimeReasons {
  name: string;
  cancellable: boolean;
  /** Its identifiers of its own kinds (`identifiers.extra` of its submissions), labelled. */
  identifierFields: ReasonOption[];
  cancelReasons: ReasonOption[];
  cancelRemarkMaxLength: number | null;
  operations: RegimeOperationReasons[];
}

function options(reasons: Readonly<Record<string, string>> | undefined): ReasonOption[] {
  return Object.entries(reasons ?? {}).map(([code, label]) => ({ code, label }));
}

export function regimeReasons(
  descriptors: readonly Pick<RegimeDescriptor, 'name' | 'cancelPolicy' | 'operations' | 'identifierFields'>[],
): RegimeReasons[] {
  return descriptors.map((descriptor) => ({
    name: descriptor.name,
    cancellable: descriptor.cancelPolicy !== undefined,
    identifierFields: (descriptor.identifierFields ?? []).map(({ key, label }) => ({ code: key, label })),
    cancelReasons: options(descriptor.cancelPolicy?.reasons),
    cancelRemarkMaxLength: descriptor.cancelPolicy?.remarkMaxLength ?? null,
    operations: (descriptor.operations ?? []).map((operation) => ({
      name: operation.name,
      summary: operation.summary,
      reasons: options(operation.reasons),
    })),
  }));
}
