/**
 * What the simulated ZATCA remembers of each EGS unit's invoice chain: every authentic invoice by ICV,
 * with its hash and PIH. Keyed by the EGS serial number in the certificate (SAN "SN"), so a renewed CSID
 * continues the same chain; compliance checks have their own chains.
 */
import type { X509Certificate } from 'node:crypto';
import { egsIdentityOf } from './certificate-identity';

export interface ChainEntry {
  uuid: string;
  hash: string;
  pih?: string;
}

export class ChainLedger {
  private readonly chains = new Map<string, Map<number, ChainEntry>>();

  chainOf(scope: 'compliance' | 'production', certificate: X509Certificate): Map<number, ChainEntry> {
    const key =
      scope === 'compliance'
        ? `compliance:${certificate.fingerprint256}`
        : `production:${egsKey(certificate)}`;
    let chain = this.chains.get(key);
    if (!chain) {
      chain = new Map();
      this.chains.set(key, chain);
    }
    return chain;
  }
}

function egsKey(certificate: X509Certificate): string {
  return egsIdentityOf(certificate).serialNumber ?? certificate.fingerprint256;
}
