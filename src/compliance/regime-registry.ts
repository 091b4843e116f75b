/**
 * The compliance regimes this build runs, gathered under COMPLIANCE_REGIMES, with the descriptors of the
 * regimes it registers. A regime named in configuration without a registered implementation is refused
 * at boot (sync/regime-configuration-check); one whose implementation is replaced by nothing (a pipeline
 * test's `regimes: []`) leaves its submissions at READY until one is.
 */
import type { ComplianceIdentifiers, RegimeName } from '../domain';
import type { ComplianceRegime } from './regime';
import type { RegimeDescriptor, SubmissionIdentifierColumns } from './regime-descriptor';

export class RegimeRegistry {
  private readonly byName: Map<string, ComplianceRegime>;
  private readonly descriptorsByName: Map<string, RegimeDescriptor>;

  constructor(regimes: ComplianceRegime[], descriptors: readonly RegimeDescriptor[] = []) {
    this.byName = new Map(regimes.map((r) => [r.name, r]));
    this.descriptorsByName = new Map(descriptors.map((d) => [d.name, d]));
  }

  get(name: string): ComplianceRegime | undefined {
    return this.byName.get(name);
  }

  names(): RegimeName[] {
    return [...this.byName.keys()] as RegimeName[];
  }

  descriptor(name: string): RegimeDescriptor | undefined {
    return this.descriptorsByName.get(name);
  }

  descriptors(): RegimeDescriptor[] {
    return [...this.descriptorsByName.values()];
  }

  /** The regimes that wait for `name`'s registration of the same document. */
  dependentsOf(name: string): RegimeDescriptor[] {
    return this.descriptors().filter((d) => d.dependsOn?.regime === name);
  }

  /** The submission columns `name`'s identifiers land in (every column, for a regime without descriptor). */
  projectIdentifiers(name: string, identifiers: ComplianceIdentifiers): SubmissionIdentifierColumns {
    const descriptor = this.descriptor(name);
    return descriptor ? descriptor.projectIdentifiers(identifiers) : projectEveryIdentifier(identifiers);
  }
}

/** Every identifier column, for a regime registered without a descriptor (a test's scripted regime). */
export function projectEveryIdentifier(ids: ComplianceIdentifiers): SubmissionIdentifierColumns {
  return {
    irn: ids.irn ?? null,
    ackNo: ids.ackNo ?? null,
    ackDate: ids.ackDate ?? null,
    signedQr: ids.signedQrCode ?? ids.zatcaQr ?? null,
    ewbNo: ids.ewbNo ?? null,
    validUpto: ids.ewbValidUpto ?? null,
    zatcaUuid: ids.zatcaUuid ?? null,
    zatcaHash: ids.zatcaHash ?? null,
    zatcaIcv: ids.zatcaIcv ?? null,
    zatcaStatus: ids.zatcaStatus ?? null,
  };
}
