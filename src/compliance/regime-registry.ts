/**
 * The compliance regimes this build knows, gathered under COMPLIANCE_REGIMES. A connector instance names
 * the regimes it wants; a regime with no implementation registered leaves its submissions at READY
 * until one is (adding a regime is a registration, not a rewrite of the pipeline).
 */
import type { RegimeName } from '../domain/regime-name';
import type { ComplianceRegime } from './regime';

export class RegimeRegistry {
  private readonly byName: Map<string, ComplianceRegime>;

  constructor(regimes: ComplianceRegime[]) {
    this.byName = new Map(regimes.map((r) => [r.name, r]));
  }

  get(name: string): ComplianceRegime | undefined {
    return this.byName.get(name);
  }

  names(): RegimeName[] {
    return [...this.byName.keys()] as RegimeName[];
  }
}
