/**
 * What the ZATCA simulator keeps under its data folder, so a restart does not forget it: its CA (key and
 * certificate), every CSID it issued (with the compliance checks passed), the invoice chains, and the
 * invoices it answered (the accepted ones with their answer, for duplicates and the GSP facade's lookups).
 */
import { X509Certificate } from 'node:crypto';
import { readEgsCsr } from './egs-csr';
import type { InvoiceResponse } from './fatoora-answers';
import { SandboxStateStore, type AppendLog } from '../framework/state-store';
import type { ChainLedgerRecord } from './chain-ledger';
import { SandboxCertificateAuthority, type KeptCertificateAuthority } from './sandbox-ca';
import type { CsidRecord, InvoiceRecord } from './simulator-records';

interface KeptCsid {
  kind: CsidRecord['kind'];
  requestId: string;
  binarySecurityToken: string;
  secret: string;
  certificateBase64: string;
  csrBase64: string;
  passedChecks: string[];
  issuedAt: string;
  renewedFrom?: string;
}

export interface KeptInvoice {
  record: InvoiceRecord;
  /** The answer given, for an accepted (cleared or reported) invoice. */
  accepted?: InvoiceResponse;
}

export class ZatcaSimulatorState {
  private readonly store: SandboxStateStore;
  private readonly csidLog: AppendLog<KeptCsid>;
  private readonly invoiceLog: AppendLog<KeptInvoice>;

  constructor(dir: string) {
    this.store = new SandboxStateStore(dir);
    this.csidLog = this.store.log('csids');
    this.invoiceLog = this.store.log('invoices');
  }

  certificateAuthority(now: Date): SandboxCertificateAuthority {
    const kept = this.store.readJson<KeptCertificateAuthority>('certificate-authority');
    if (kept) return new SandboxCertificateAuthority(now, kept);
    const ca = new SandboxCertificateAuthority(now);
    this.store.writeJson('certificate-authority', ca.keep());
    return ca;
  }

  ledgerLog(): AppendLog<ChainLedgerRecord> {
    return this.store.log('chains');
  }

  /** Every CSID issued, in issue order, as last saved. */
  csids(): CsidRecord[] {
    const latest = new Map<string, KeptCsid>();
    for (const kept of this.csidLog.read()) latest.set(kept.binarySecurityToken, kept);
    return [...latest.values()].map((kept) => {
      const der = Buffer.from(kept.certificateBase64, 'base64');
      const x509 = new X509Certificate(der);
      return {
        kind: kept.kind,
        requestId: kept.requestId,
        binarySecurityToken: kept.binarySecurityToken,
        secret: kept.secret,
        certificate: {
          der,
          base64: kept.certificateBase64,
          serialNumberHex: x509.serialNumber.toLowerCase(),
          x509,
        },
        csr: readEgsCsr(kept.csrBase64),
        passedChecks: new Set(kept.passedChecks),
        issuedAt: kept.issuedAt,
        renewedFrom: kept.renewedFrom,
      };
    });
  }

  /** Saves a CSID when issued and again when it changes (a compliance check passed). */
  saveCsid(record: CsidRecord): void {
    this.csidLog.append({
      kind: record.kind,
      requestId: record.requestId,
      binarySecurityToken: record.binarySecurityToken,
      secret: record.secret,
      certificateBase64: record.certificate.base64,
      csrBase64: record.csr.der.toString('base64'),
      passedChecks: [...record.passedChecks],
      issuedAt: record.issuedAt,
      renewedFrom: record.renewedFrom,
    });
  }

  invoices(): KeptInvoice[] {
    return this.invoiceLog.read();
  }

  saveInvoice(record: InvoiceRecord, accepted: InvoiceResponse | undefined): void {
    this.invoiceLog.append({ record, accepted });
  }

  flush(): Promise<void> {
    return this.store.flush();
  }
}
