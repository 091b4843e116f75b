/**
 * The documents a regime signs itself and keeps beside the submission (a ZATCA invoice's signed XML and
 * its QR), for the console's print view and QR image. A regime that keeps such documents binds this port;
 * a build without one prints from the submission's own identifiers only.
 */
import { regimePort } from './regime-job';

export interface SignedDocument {
  signedXml?: string;
  qr?: string;
}

export interface SignedDocuments {
  /** The latest signed generation of the submission that was neither rejected nor superseded. */
  latestAccepted(submissionId: string): Promise<SignedDocument | undefined>;
}

export const SIGNED_DOCUMENTS = regimePort<SignedDocuments>('SignedDocuments');
