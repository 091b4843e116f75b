/**
 * The providers of one regime, keyed by the `provider:` setting of a connector instance (one interface,
 * chosen by data, as a data-provider registry is). `catalog: 'A' | 'B'` is still read as an alias of the
 * two NIC providers, so configurations written before `provider:` keep working.
 */
import type { RegimeName } from '../domain';
import { ComplianceError } from './regime';

export type ProviderFactory<C, D, P> = (config: C, deps: D) => P;

/** What of a regime's settings chooses its provider. */
export interface ProviderChoice {
  provider?: string;
}

/** What boot validation and documentation need to know of a registry, whatever it builds. */
export interface ProviderNames {
  readonly regime: RegimeName;
  readonly names: readonly string[];
  readonly defaultName: string;
  /** The provider an instance's settings choose (`provider:`, else the alias, else the default). */
  nameFor(settings: ProviderChoice): string;
}

export class ProviderRegistry<C, D, P, S extends ProviderChoice = ProviderChoice> implements ProviderNames {
  readonly names: readonly string[];

  constructor(
    readonly regime: RegimeName,
    private readonly factories: Readonly<Record<string, ProviderFactory<C, D, P>>>,
    readonly defaultName: string,
    /** Older settings that name a provider another way (`catalog: 'A'`). */
    private readonly alias: (settings: S) => string | undefined = () => undefined,
  ) {
    this.names = Object.keys(factories);
    if (!factories[defaultName])
      throw new Error(`${regime}: default provider ${defaultName} is not registered`);
  }

  nameFor(settings: S): string {
    const named = settings.provider;
    if (typeof named === 'string' && named !== '') return named;
    return this.alias(settings) ?? this.defaultName;
  }

  create(settings: S, config: C, deps: D): P {
    const name = this.nameFor(settings);
    const factory = this.factories[name];
    if (!factory) {
      throw new ComplianceError(
        'config',
        `regimeSettings.${this.regime}.provider: unknown provider "${name}" (known: ${this.names.join(', ')})`,
      );
    }
    return factory(config, deps);
  }
}

/** What of the NIC APIs' settings chooses the provider: `provider:`, or the older `catalog:`. */
export interface NicProviderChoice extends ProviderChoice {
  catalog?: string;
}

/** `catalog: 'A' | 'B'`, the NIC APIs' setting before `provider:`, as a provider name. */
export function nicCatalogAlias(settings: NicProviderChoice): string | undefined {
  if (settings.catalog === 'A') return NIC_PROVIDERS.gspCatalogA;
  if (settings.catalog === 'B') return NIC_PROVIDERS.apiCatalogB;
  return undefined;
}

/** The two published shapes of the NIC APIs (e-invoice and e-way bill alike). */
export const NIC_PROVIDERS = {
  /** GSP gateway paths (`/einvoice/type/...`, `/ewaybillapi/v1.03/...`), `{status_cd, data}` envelope. */
  gspCatalogA: 'nic-gsp-catalog-a',
  /** REST `/api/v1/...` with an OAuth2 bearer token from client credentials. */
  apiCatalogB: 'nic-api-catalog-b',
} as const;
