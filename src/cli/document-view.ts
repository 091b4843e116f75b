/** `documents show`: the document, each submission with identifiers and errors, then the audit trail. */
import type { AuditEvent, DocumentDetail, SubmissionDetail } from './api-types';
import { formatFieldErrors } from './field-errors';
import { formatFields, formatTable } from './table';

export function formatDocumentDetail(document: DocumentDetail): string {
  return [
    formatSummary(document),
    formatSubmissions(document.submissions),
    `Audit trail (${document.audit.length})\n${formatAudit(document.audit)}`,
  ].join('\n');
}

function formatSummary(d: DocumentDetail): string {
  const flags = [d.alteredAfterRegistration && 'ALTERED AFTER REGISTRATION', d.erpDeleted && 'DELETED IN ERP']
    .filter(Boolean)
    .join(', ');
  let text = `Document ${d.id}\n`;
  text += formatFields(
    [
      ['Number', d.docNumber],
      ['Type', d.docType],
      ['Date', d.docDate],
      ['Direction', d.direction],
      ['Seller', d.sellerTaxId],
      ['Buyer', d.buyerTaxId],
      ['ERP id', d.erpId],
      ['Source', d.sourceRef],
      ['Content hash', d.contentHash],
      ['Created', d.createdAt],
      ['Updated', d.updatedAt],
      ['Flags', flags],
    ],
    '  ',
  );
  if (d.overrides && Object.keys(d.overrides).length > 0) {
    text += '  Operator overrides:\n';
    for (const [path, value] of Object.entries(d.overrides))
      text += `    ${path} = ${JSON.stringify(value)}\n`;
  }
  if (d.normalisationErrors?.length) {
    text += `  Normalisation errors (${d.normalisationErrors.length}):\n`;
    text += formatFieldErrors(d.normalisationErrors, '    ');
  }
  return text;
}

function formatSubmissions(submissions: readonly SubmissionDetail[]): string {
  if (submissions.length === 0) return 'Submissions: none\n';
  return `Submissions (${submissions.length})\n${submissions.map(formatSubmission).join('')}`;
}

export function formatSubmission(s: SubmissionDetail): string {
  let text = `  ${s.regime}  ${s.state}  (submission ${s.id})\n`;
  text += formatFields(
    [
      ['Attempts', s.attempts],
      ['Next attempt', s.nextAttemptAt],
      ['Outcome unknown', s.outcomeUnknown ? 'yes: will look up before resending' : null],
      ['Updated', s.updatedAt],
    ],
    '    ',
  );
  const identifiers = identifiersOf(s);
  if (identifiers.length > 0) text += `    Identifiers:\n${formatFields(identifiers, '      ')}`;
  if (s.errorClass || s.errorCode || s.errorMessage) {
    const code = s.errorCode ? ` ${s.errorCode}` : '';
    text += `    Error: [${s.errorClass ?? 'error'}]${code} ${s.errorMessage ?? ''}`.trimEnd() + '\n';
  }
  if (s.fieldErrors?.length) {
    text += `    Field errors (${s.fieldErrors.length}):\n${formatFieldErrors(s.fieldErrors, '      ')}`;
  }
  for (const warning of s.warnings ?? []) {
    text += `    Warning: ${warning.code ? `${warning.code} ` : ''}${warning.message}\n`;
  }
  return text;
}

/** The searchable identifier columns, then anything else the regime put in `identifiers`. */
function identifiersOf(s: SubmissionDetail): [string, string][] {
  const known: [string, string | null][] = [
    ['irn', s.irn],
    // Shown only until the IRP has issued the IRN, under its own name: it is not a registration.
    ['expectedIrn', s.irn ? null : (s.expectedIrn ?? null)],
    ['ackNo', s.ackNo],
    ['ackDate', s.ackDate],
    ['ewbNo', s.ewbNo],
    ['validUpto', s.validUpto],
    ['zatcaUuid', s.zatcaUuid],
    ['zatcaStatus', s.zatcaStatus],
  ];
  const out = known.filter((entry): entry is [string, string] => Boolean(entry[1]));
  // A regime's own kinds (`identifiers.extra`) each on its own line, like the others.
  const { extra, ...rest } = (s.identifiers ?? {}) as Record<string, unknown>;
  const entries = [
    ...Object.entries(rest),
    ...(extra && typeof extra === 'object' ? Object.entries(extra as Record<string, unknown>) : []),
  ];
  for (const [key, value] of entries) {
    if (value === null || value === undefined || value === '' || out.some(([k]) => k === key)) continue;
    if (key === 'signedQr' || key === 'qr') continue;
    out.push([key, shortened(typeof value === 'string' ? value : JSON.stringify(value))]);
  }
  return out;
}

/** Signed tokens run to kilobytes: a terminal gets their start and length (`--json` has them whole). */
const LONGEST_IDENTIFIER = 100;

function shortened(value: string): string {
  if (value.length <= LONGEST_IDENTIFIER) return value;
  return `${value.slice(0, 60)}… (${value.length} characters; --json shows it whole)`;
}

function formatAudit(events: readonly AuditEvent[]): string {
  return formatTable(
    [
      { header: 'AT', value: (e: AuditEvent) => e.at },
      { header: 'ACTOR', value: (e: AuditEvent) => e.actor, maxWidth: 30 },
      { header: 'ACTION', value: (e: AuditEvent) => e.action, maxWidth: 30 },
      { header: 'STATE', value: (e: AuditEvent) => stateChange(e) },
      { header: 'REASON', value: (e: AuditEvent) => e.reason, maxWidth: 80 },
    ],
    events,
  );
}

function stateChange(event: AuditEvent): string | null {
  if (!event.fromState && !event.toState) return null;
  return `${event.fromState ?? '-'} -> ${event.toState ?? '-'}`;
}
