/**
 * Regimes that wait for another regime's registration of the same document (RegimeDescriptor.dependsOn):
 * which of the submissions due for sending may go now, with the other regime's identifiers, and which
 * dependents to wake once a registration is recorded.
 */
import type { RegimeRegistry } from '../compliance';
import type { SubmissionEntity } from '../database/entities';
import type { SubmissionRepository } from '../database/repositories';
import { type ComplianceIdentifiers, type RegimeName, SubmissionState } from '../domain';

const S = SubmissionState;
/** Registered with the authority as far as a dependent regime is concerned (cancelled is not). */
const UPSTREAM_DONE: readonly SubmissionState[] = [
  S.Registered,
  S.WritebackPending,
  S.WrittenBack,
  S.WritebackFailed,
];
const WAITING: readonly SubmissionState[] = [S.Ready, S.Retry];

export type Upstream = Partial<Record<RegimeName, ComplianceIdentifiers>>;

export interface Gated {
  /** May be sent now. */
  go: SubmissionEntity[];
  /** The depended-on regime's identifiers, by submission id, for those that have one. */
  upstream: Map<string, Upstream>;
  /** Wait for the other regime's registration; woken by `dependentsToWake`. */
  waiting: SubmissionEntity[];
}

export async function gateOnUpstream(
  due: readonly SubmissionEntity[],
  regimes: RegimeRegistry,
  submissions: Pick<SubmissionRepository, 'forDocuments'>,
): Promise<Gated> {
  const dependent = due.filter((s) => regimes.descriptor(s.regime)?.dependsOn);
  const gated: Gated = { go: due.filter((s) => !dependent.includes(s)), upstream: new Map(), waiting: [] };
  if (dependent.length === 0) return gated;
  const siblings = await submissions.forDocuments([...new Set(dependent.map((s) => s.documentId))]);
  for (const submission of dependent) {
    const on = regimes.descriptor(submission.regime)!.dependsOn!.regime;
    const other = siblings.find((s) => s.documentId === submission.documentId && s.regime === on);
    if (!other) {
      // The other regime does not apply to this document: nothing to wait for.
      gated.go.push(submission);
    } else if (UPSTREAM_DONE.includes(other.state)) {
      gated.go.push(submission);
      gated.upstream.set(submission.id, { [on]: other.identifiers });
    } else {
      gated.waiting.push(submission);
    }
  }
  return gated;
}

/** The waiting submissions of other regimes that depend on these just-registered ones. */
export async function dependentsToWake(
  registered: readonly SubmissionEntity[],
  regimes: RegimeRegistry,
  submissions: Pick<SubmissionRepository, 'forDocuments'>,
): Promise<string[]> {
  const upstream = registered.filter((s) => regimes.dependentsOf(s.regime).length > 0);
  if (upstream.length === 0) return [];
  const siblings = await submissions.forDocuments([...new Set(upstream.map((s) => s.documentId))]);
  return siblings
    .filter(
      (s) =>
        WAITING.includes(s.state) &&
        upstream.some(
          (u) =>
            u.documentId === s.documentId && regimes.descriptor(s.regime)?.dependsOn?.regime === u.regime,
        ),
    )
    .map((s) => s.id);
}
