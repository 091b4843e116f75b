/**
 * What a regime does in development, with the sandbox's simulators standing in for its authority: the
 * provider settings that point at them, the seller ids they must know, what a simulated ERP company gives
 * an instance, and what is set up once the service runs. The development layer (src/development) starts
 * the simulators and calls these; it names no regime.
 */
import type { Type } from '@nestjs/common';

/** The simulators as started (or stand-ins for them, when the boot checks the settings before). */
export interface SandboxFacts {
  /** Base URL of each simulated service, by the sandbox's service name (`einvoiceGsp`, `zatca`...). */
  urls: Readonly<Record<string, string>>;
  /** The account the simulated e-invoice GSP knows. */
  einvoiceAccount: { clientId: string; clientSecret: string; username: string; password: string };
  /** The simulated IRP's public key (PEM). */
  einvoicePublicKeyPem: string;
  /** The one-time password the ZATCA simulator accepts. */
  zatcaOtp: string;
}

/** An instance's settings of one regime, as configured (before validation). */
type Settings = Record<string, unknown>;

/** An instance as the development hooks read it. */
export interface DevelopmentInstance {
  regimes: readonly string[];
  regimeSettings: Readonly<Record<string, Settings | undefined>>;
}

export interface RegimeDevelopment {
  /** Provider settings pointing at the simulators: under every instance's own, as the process defaults. */
  defaults(sandbox: SandboxFacts): Settings;
  /** The seller ids in an instance's settings the simulators must know (GSTINs the IRP account holds). */
  sellerIds?(settings: Settings): string[];
  /** Settings a simulated ERP company gives an instance of the regime (under the instance's own). */
  fromSimulatedCompany?(company: { gstin: string }): Settings;
  /** Once the service runs: e.g. onboarding, against the simulator, the EGS units the instances name. */
  afterStart?(
    app: { get<T>(token: Type<T>): T },
    instances: readonly DevelopmentInstance[],
    sandbox: SandboxFacts,
    log: { log(message: string): void },
  ): Promise<void>;
}
