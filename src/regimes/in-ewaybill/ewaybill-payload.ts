/**
 * What the `in-ewaybill` regime stores as a submission's request: the direct generate request, and the
 * transport part of GENERATE_EWAYBILL by IRN for when the document's e-invoice is (or gets) registered.
 */
import type { NicEwaybillByIrnDetails, NicEwaybillV103 } from '../../mappers/ewaybill';

export interface EwaybillPayload {
  direct: NicEwaybillV103;
  byIrn: NicEwaybillByIrnDetails;
}
