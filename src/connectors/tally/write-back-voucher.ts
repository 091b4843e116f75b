/**
 * Builds the Alter of a voucher carrying the compliance identifiers, and checks a read-back. Tally's Alter
 * replaces the voucher from the XML body, so the voucher as freshly exported (read with its `&#4;` markers
 * kept) is sent, addressed by REMOTEID (= GUID), with the identifiers set in the field set the user chose.
 * Only the entries Tally builds a voucher from go back: the items once (ALLINVENTORYENTRIES.LIST with their
 * accounting allocations) and one ledger list; ALLLEDGERENTRIES.LIST of an invoice repeats the sales
 * ledger with the items again, and sent beside LEDGERENTRIES.LIST it may be read as more entries.
 */
import type { ComplianceIdentifiers } from '../contract';
import type { TallyWriteBackFields } from './tally.config';
import { toTallyDate } from './tally-values';
import { childText, firstChild, type TallyNode } from './xml/tally-node';
import { leaf } from './xml/xml-writer';

/** Tally bookkeeping that an import must not carry back. */
const READ_ONLY = new Set(['ALTERID', 'MASTERID', 'VOUCHERKEY', 'VOUCHERRETAINKEY']);

/** One value to write and how to find it again on read-back. */
export interface WrittenField {
  /** Element path in the voucher: 'IRN', 'EWAYBILLDETAILS.LIST/BILLNUMBER' or 'UDF:IRNUMBER.LIST/UDF:IRNUMBER'. */
  path: string;
  value: string;
  /** Tally documents IRNQRCODE as not importable: sent, but not required on read-back. */
  optional?: boolean;
}

function tallyDate(text: string | undefined): string | undefined {
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(text ?? '')?.[1];
  return iso ? toTallyDate(iso) : undefined;
}

export function fieldsToWrite(ids: ComplianceIdentifiers, fields: TallyWriteBackFields): WrittenField[] {
  const out: WrittenField[] = [];
  const native = fields.mode === 'native';
  const udf = (name: string): string => `UDF:${name}.LIST/UDF:${name}`;
  const ackDate = tallyDate(ids.ackDate);
  if (ids.irn) out.push({ path: native ? 'IRN' : udf(fields.irn), value: ids.irn });
  if (ids.ackNo) out.push({ path: native ? 'IRNACKNO' : udf(fields.ackNo), value: ids.ackNo });
  if (ackDate) out.push({ path: native ? 'IRNACKDATE' : udf(fields.ackDate), value: ackDate });
  if (ids.signedQrCode) {
    if (native) out.push({ path: 'IRNQRCODE', value: ids.signedQrCode, optional: true });
    if (fields.qrCode) out.push({ path: udf(fields.qrCode), value: ids.signedQrCode });
  }
  const ewbDate = tallyDate(ids.ewbDate);
  const validUpto = tallyDate(ids.ewbValidUpto);
  if (ids.ewbNo)
    out.push({ path: native ? 'EWAYBILLDETAILS.LIST/BILLNUMBER' : udf(fields.ewbNo), value: ids.ewbNo });
  if (ids.ewbNo && ewbDate) {
    out.push({ path: native ? 'EWAYBILLDETAILS.LIST/BILLDATE' : udf(fields.ewbDate), value: ewbDate });
  }
  // No genuine Tally export shows where e-way bill validity lives, so natively it is not written.
  if (ids.ewbNo && validUpto && !native) out.push({ path: udf(fields.ewbValidUpto), value: validUpto });
  return out;
}

function udfElement(name: string, value: string): TallyNode {
  const bare = name.slice('UDF:'.length);
  return {
    name: `${name}.LIST`,
    attrs: { DESC: `\`${bare}\``, ISLIST: 'YES', TYPE: 'String' },
    text: '',
    children: [leaf(name, value, { DESC: `\`${bare}\`` })],
  };
}

function clone(node: TallyNode): TallyNode {
  return { name: node.name, attrs: { ...node.attrs }, text: node.text, children: node.children.map(clone) };
}

/** The exported voucher turned into an Alter carrying `fields`. */
export function alterVoucher(exported: TallyNode, fields: readonly WrittenField[]): TallyNode {
  const voucher = clone(exported);
  voucher.children = entriesOnce(voucher.children.filter((child) => !READ_ONLY.has(child.name)));
  const guid = childText(voucher, 'GUID') || (voucher.attrs.REMOTEID ?? '');
  voucher.attrs = { ...voucher.attrs, REMOTEID: guid, ACTION: 'Alter' };
  if (!voucher.attrs.VCHTYPE) voucher.attrs.VCHTYPE = childText(voucher, 'VOUCHERTYPENAME');

  for (const field of fields) {
    const [head, tail] = field.path.split('/') as [string, string | undefined];
    if (head.startsWith('UDF:')) {
      voucher.children = voucher.children.filter((child) => child.name !== head);
      voucher.children.push(udfElement(tail ?? head, field.value));
    } else if (tail === undefined) {
      voucher.children = voucher.children.filter((child) => child.name !== head);
      insertAfterGuid(voucher, leaf(head, field.value));
    } else {
      let list = firstChild(voucher, head);
      if (!list) {
        list = { name: head, attrs: {}, text: '', children: [] };
        voucher.children.push(list);
      }
      list.text = '';
      list.children = list.children.filter((child) => child.name !== tail);
      list.children.unshift(leaf(tail, field.value));
    }
  }
  return voucher;
}

const INVENTORY = new Set(['ALLINVENTORYENTRIES.LIST', 'INVENTORYENTRIES.LIST']);

/**
 * One ledger list and each item once. An invoice keeps LEDGERENTRIES.LIST (party, taxes, charges) beside
 * its items; a voucher without items keeps ALLLEDGERENTRIES.LIST, else LEDGERENTRIES.LIST. Ledger entries
 * that carry INVENTORYALLOCATIONS.LIST repeat items already sent and are left out.
 */
function entriesOnce(children: TallyNode[]): TallyNode[] {
  const has = (name: string): boolean => children.some((child) => child.name === name);
  const items = children.some((child) => INVENTORY.has(child.name));
  const kept = items
    ? has('LEDGERENTRIES.LIST')
      ? 'LEDGERENTRIES.LIST'
      : 'ALLLEDGERENTRIES.LIST'
    : has('ALLLEDGERENTRIES.LIST')
      ? 'ALLLEDGERENTRIES.LIST'
      : 'LEDGERENTRIES.LIST';
  const dropped = kept === 'LEDGERENTRIES.LIST' ? 'ALLLEDGERENTRIES.LIST' : 'LEDGERENTRIES.LIST';
  return children.filter(
    (child) =>
      child.name !== dropped &&
      !(items && child.name === kept && firstChild(child, 'INVENTORYALLOCATIONS.LIST') !== undefined),
  );
}

function insertAfterGuid(voucher: TallyNode, node: TallyNode): void {
  const at = voucher.children.findIndex((child) => child.name === 'GUID');
  voucher.children.splice(at + 1, 0, node);
}

/** Value of a written field as read back; '' when absent. */
export function readBackValue(voucher: TallyNode, path: string): string {
  let node: TallyNode | undefined = voucher;
  for (const name of path.split('/')) node = node ? firstChild(node, name) : undefined;
  return node?.text.trim() ?? '';
}

/** IMPORTRESULT (or the legacy RESPONSE) counters and LINEERROR texts. */
export interface ImportResult {
  created: number;
  altered: number;
  errors: number;
  exceptions: number;
  /** LASTVCHID: the MASTERID of the last voucher the import created (0 when none). */
  lastVoucherId: number;
  lineErrors: string[];
}

export function readImportResult(root: TallyNode): ImportResult {
  const result: ImportResult = {
    created: 0,
    altered: 0,
    errors: 0,
    exceptions: 0,
    lastVoucherId: 0,
    lineErrors: [],
  };
  const visit = (node: TallyNode): void => {
    const value = parseInt(node.text.trim(), 10) || 0;
    if (node.name === 'LINEERROR') result.lineErrors.push(node.text.trim());
    if (node.name === 'CREATED') result.created += value;
    if (node.name === 'ALTERED') result.altered += value;
    if (node.name === 'ERRORS') result.errors += value;
    if (node.name === 'EXCEPTIONS') result.exceptions += value;
    if (node.name === 'LASTVCHID') result.lastVoucherId = Math.max(result.lastVoucherId, value);
    node.children.forEach(visit);
  };
  visit(root);
  return result;
}

/**
 * Whether Tally says it altered exactly the `sent` vouchers and nothing else: ALTERED equal to what was
 * sent, nothing created, no LINEERROR. Anything else is not a success, whatever a read-back shows.
 */
export function importAltered(result: ImportResult, sent: number): boolean {
  return result.altered === sent && result.created === 0 && result.lineErrors.length === 0;
}
