import { fromNicDate } from '../../../domain';
import { NIC_EINVOICE_SCHEMA_VERSION } from '../nic-einvoice-v1.1.types';
import { type RuleContext } from './rule-context';

/**
 * NIC's document number: up to 16 characters, letters, digits, "/" and "-", not starting with 0, "/"
 * or "-". NIC's published pattern is upper case, but the IRP accepts and hashes lower case as sent
 * (a NIC-signed invoice carries "9sQ5E2"), so lower case is only a warning.
 */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Z1-9][A-Z0-9/-]{0,15}$/;
const DOCUMENT_NUMBER_ANY_CASE = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

export function checkDocument<V>(context: RuleContext<V>): void {
  const { payload } = context;
  const version: string = payload.Version;
  const expectedVersion: string = NIC_EINVOICE_SCHEMA_VERSION;
  if (version !== expectedVersion) {
    context.fail('Version', 'irn.version', `the schema version must be "${expectedVersion}"`, version);
  }
  checkDocumentNumber(context, 'DocDtls.No', payload.DocDtls.No);
  const documentDate = fromNicDate(payload.DocDtls.Dt);
  if (documentDate === undefined) {
    context.fail(
      'DocDtls.Dt',
      'irn.document.date',
      'the document date must be a real date, dd/mm/yyyy',
      payload.DocDtls.Dt,
    );
  } else if (documentDate > context.options.today) {
    context.fail(
      'DocDtls.Dt',
      'irn.document.futureDate',
      `the document date ${payload.DocDtls.Dt} is after today (${context.options.today})`,
      payload.DocDtls.Dt,
      '2163',
    );
  }
  checkPrecedingDocuments(context, documentDate);
}

function checkDocumentNumber<V>(context: RuleContext<V>, path: string, number: string): void {
  if (!DOCUMENT_NUMBER_ANY_CASE.test(number)) {
    context.fail(
      path,
      'irn.document.number',
      'a document number has 1 to 16 letters, digits, "/" or "-" and does not start with 0, "/" or "-"',
      number,
    );
  } else if (!DOCUMENT_NUMBER_PATTERN.test(number)) {
    context.warn(
      path,
      'irn.document.numberLowerCase',
      "NIC's published pattern is upper case; the IRP accepts lower case and hashes the number as sent",
      number,
    );
  }
}

function checkPrecedingDocuments<V>(context: RuleContext<V>, documentDate: string | undefined): void {
  const preceding = context.payload.RefDtls?.PrecDocDtls ?? [];
  preceding.forEach((document, index) => {
    const path = `RefDtls.PrecDocDtls[${index}]`;
    if (!DOCUMENT_NUMBER_ANY_CASE.test(document.InvNo)) {
      context.fail(
        `${path}.InvNo`,
        'irn.precedingDocument.number',
        'not a valid invoice number',
        document.InvNo,
      );
    }
    const date = fromNicDate(document.InvDt);
    if (date === undefined) {
      context.fail(`${path}.InvDt`, 'irn.precedingDocument.date', 'not a date, dd/mm/yyyy', document.InvDt);
    } else if (documentDate !== undefined && date > documentDate) {
      context.fail(
        `${path}.InvDt`,
        'irn.precedingDocument.date',
        `the original invoice (${document.InvDt}) cannot be dated after this document (${context.payload.DocDtls.Dt})`,
        document.InvDt,
      );
    }
  });
  if (context.isNote && preceding.length === 0) {
    context.warn(
      'RefDtls.PrecDocDtls',
      'irn.note.precedingDocument',
      'a credit or debit note should name the invoice it amends',
    );
  }
}
