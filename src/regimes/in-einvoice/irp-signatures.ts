/**
 * Checks the IRP's signed copies of a registration (SignedInvoice, SignedQRCode) against its public key.
 * A failed check never undoes anything: the IRN exists at the IRP whatever its signature looks like here,
 * so the verdict travels with the result and the regime shows it to the operator as a warning.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { ComplianceError } from '../../compliance';
import { verifyNicJws } from './nic-jws';

export type SignatureCheck =
  | { verified: true }
  | {
      verified: false;
      /** NOT_CHECKED: no public key configured; INVALID: a signature does not verify; MISMATCH: the signed data names another IRN. */
      code: 'SIGNATURE_NOT_CHECKED' | 'SIGNATURE_INVALID' | 'SIGNATURE_MISMATCH';
      reason: string;
    };

export const NO_PUBLIC_KEY_REASON =
  'no IRP public key (publicKeyPem) is configured, so the IRP signatures on invoices and QR codes are not verified';

export class IrpSignatures {
  private readonly key?: KeyObject;

  /** Throws a `config` error for a key that cannot be read; warns once when there is none. */
  constructor(
    publicKeyPem: string | undefined,
    provider: string,
    warn: (message: string) => void = (message) => console.warn(message),
  ) {
    if (!publicKeyPem) {
      warn(`${provider}: ${NO_PUBLIC_KEY_REASON}`);
      return;
    }
    try {
      this.key = createPublicKey(publicKeyPem);
    } catch (error) {
      throw new ComplianceError('config', `${provider}: publicKeyPem is not a readable public key`, {
        code: 'INVALID_PUBLIC_KEY',
        cause: error,
      });
    }
  }

  check(irn: string, signedInvoice: string, signedQrCode: string): SignatureCheck {
    if (!this.key) return { verified: false, code: 'SIGNATURE_NOT_CHECKED', reason: NO_PUBLIC_KEY_REASON };
    let signedIrns: (string | undefined)[];
    try {
      signedIrns = [signedInvoice, signedQrCode].map(
        (jws) => verifyNicJws<{ Irn?: string }>(jws, this.key!).data.Irn,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { verified: false, code: 'SIGNATURE_INVALID', reason };
    }
    const others = signedIrns.filter((signed) => signed !== irn);
    if (others.length > 0) {
      return {
        verified: false,
        code: 'SIGNATURE_MISMATCH',
        reason: `the signed data names IRN ${others.map(String).join(' / ')}, the answer ${irn}`,
      };
    }
    return { verified: true };
  }
}
