/**
 * The print view: one self-contained A4 HTML page (its stylesheet inline, the QR code a data: PNG), so it
 * prints the same from the API, from a saved file or from the console's blob: window. Every value is
 * escaped; the page has no script.
 */
import { createHash } from 'node:crypto';
import { qrPng } from '../../connectors/csv';
import type { PrintableInvoice, PrintFact, PrintLabel } from '../../compliance/printable';

const STYLESHEET = `
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 9.5pt/1.35 "Noto Sans", "DejaVu Sans", Arial, sans-serif; color: #000; }
.sheet { max-width: 186mm; margin: 0 auto; }
h1 { font-size: 15pt; margin: 0 0 3mm; }
h2 { font-size: 10pt; margin: 0 0 1mm; text-transform: uppercase; }
.ar { font-weight: normal; color: #333; margin-inline-start: 0.6em; }
.banner { border: 2px solid #b00; color: #b00; font-weight: bold; text-align: center; padding: 1mm; margin-bottom: 3mm; }
.top { display: flex; justify-content: space-between; gap: 6mm; border: 1px solid #000; padding: 3mm; }
.qr { margin: 0; text-align: center; }
.qr img { width: 42mm; height: 42mm; image-rendering: pixelated; }
.qr figcaption { font-size: 8pt; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 3mm; margin: 0; align-content: start; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
.document, .parties { border: 1px solid #000; border-top: 0; padding: 3mm; }
.parties { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.name { font-weight: bold; margin: 0 0 1mm; }
address { font-style: normal; margin-top: 1mm; }
table { width: 100%; border-collapse: collapse; margin-top: 3mm; font-size: 7.5pt; }
th, td { border: 1px solid #000; padding: 0.8mm; vertical-align: top; }
th { background: #eee; text-align: left; font-size: 7pt; }
th .ar, dt .ar, figcaption .ar { display: block; margin: 0; }
.num { text-align: right; white-space: nowrap; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
.totals { margin: 3mm 0 0 auto; width: 105mm; border: 1px solid #000; padding: 2mm 3mm; }
.totals dd { text-align: right; }
.totals dt:last-of-type, .totals dd:last-of-type { border-top: 1px solid #000; padding-top: 1mm; }
@media screen { body { background: #ccc; } .sheet { background: #fff; padding: 12mm; margin: 5mm auto; min-height: 297mm; max-width: 210mm; } }
`;

/** The Content-Security-Policy hash of the inline stylesheet, for the pages that show the print view. */
export const PRINT_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`;

/** What the print view may load: its own stylesheet and data: images, nothing else. */
export const PRINT_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${PRINT_STYLE_HASH}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function printHtml(invoice: PrintableInvoice): string {
  const qr = qrPng(invoice.qr.payload).toString('base64');
  const header = invoice.columns
    .map((c) => `<th${c.numeric ? ' class="num"' : ''}>${label(c.label)}</th>`)
    .join('');
  const rows = invoice.lines
    .map(
      (cells) =>
        `<tr>${cells.map((cell, i) => `<td${invoice.columns[i].numeric ? ' class="num"' : ''}>${escape(cell)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const parties = invoice.parties
    .map(
      (p) =>
        `<div><h2>${label(p.role)}</h2><p class="name">${escape(p.name)}</p>${facts(p.facts)}` +
        `<address>${p.address.map(escape).join('<br>')}</address></div>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(invoice.title.en)} ${escape(documentNumber(invoice))}</title>
<style>${STYLESHEET}</style>
</head>
<body>
<main class="sheet">
<h1>${label(invoice.title)}</h1>
${invoice.banner ? `<p class="banner">${escape(invoice.banner)}</p>` : ''}
<section class="top">
${facts(invoice.registration)}
<figure class="qr"><img src="data:image/png;base64,${qr}" alt="${escape(invoice.qr.caption.en)}"><figcaption>${label(invoice.qr.caption)}</figcaption></figure>
</section>
<section class="document">${facts(invoice.document)}</section>
<section class="parties">
${parties}
</section>
<table>
<thead><tr>${header}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<section class="totals">${facts(invoice.totals)}</section>
</main>
</body>
</html>
`;
}

function documentNumber(invoice: PrintableInvoice): string {
  return invoice.document.find((f) => /number|no$/i.test(f.label.en))?.value ?? '';
}

function facts(list: PrintFact[]): string {
  return `<dl>${list.map((f) => `<dt>${label(f.label)}</dt><dd>${escape(f.value)}</dd>`).join('')}</dl>`;
}

function label(text: PrintLabel): string {
  const arabic = text.ar ? ` <span class="ar" lang="ar" dir="rtl">${escape(text.ar)}</span>` : '';
  return `${escape(text.en)}${arabic}`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
