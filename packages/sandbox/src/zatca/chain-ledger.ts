/**
 * What the simulated ZATCA remembers of each EGS unit's invoice chain: every authentic invoice by ICV,
 * with its hash and PIH. Keyed by the EGS serial number in the certificate (SAN "SN"), so a renewed CSID
 * continues the same chain; compliance checks have their own chains. Given a log, every entry is also
 * appended to it and the chains are read back from it at start.
 */
import type { X509Certificate } from 'node:crypto';
import type { AppendLog } from '../framework/state-store';
import { egsIdentityOf } from './certificate-identity';

export interface ChainEntry {
  uuid: string;
  hash: string;
  pih?: string;
}

/** One line of the ledger's log. */
export interface ChainLedgerRecord {
  chain: string;
  icv: number;
  entry: ChainEntry;
}

/** A chain whose additions are reported, so the ledger can keep them. */
class RecordedChain extends Map<number, ChainEntry> {
  constructor(private readonly onSet?: (icv: number, entry: ChainEntry) => void) {
    super();
  }

  override set(icv: number, entry: ChainEntry): this {
    super.set(icv, entry);
    this.onSet?.(icv, entry);
    return this;
  }

  restore(icv: number, entry: ChainEntry): void {
    super.set(icv, entry);
  }
}

export class ChainLedger {
  private readonly chains = new Map<string, RecordedChain>();

  constructor(private readonly log?: AppendLog<ChainLedgerRecord>) {
    for (const { chain, icv, entry } of log?.read() ?? []) this.chain(chain).restore(icv, entry);
  }

  chainOf(scope: 'compliance' | 'production', certificate: X509Certificate): Map<number, ChainEntry> {
    // Compliance chains are per compliance certificate: re-onboarding a unit with the same serial starts
    // its compliance checks afresh.
    return this.chain(
      scope === 'compliance'
        ? `compliance:${certificate.fingerprint256}`
        : `production:${egsKey(certificate)}`,
    );
  }

  private chain(key: string): RecordedChain {
    let chain = this.chains.get(key);
    if (!chain) {
      const log = this.log;
      chain = new RecordedChain(log && ((icv, entry) => log.append({ chain: key, icv, entry })));
      this.chains.set(key, chain);
    }
    return chain;
  }
}

function egsKey(certificate: X509Certificate): string {
  return egsIdentityOf(certificate).serialNumber ?? certificate.fingerprint256;
}
