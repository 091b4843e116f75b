/**
 * The PDF of the print view: the same PrintableInvoice drawn on A4 with pdfkit (no browser), the QR code
 * as the same PNG the HTML page shows. Text uses a TrueType font with Latin and Arabic glyphs when one is
 * given (PdfFonts); without one, the PDF's standard Helvetica, which has no Arabic, so Arabic is left out.
 */
import PDFDocument from 'pdfkit';
import { qrPng } from '../../connectors/csv';
import type { PrintableInvoice, PrintFact, PrintLabel } from '../../compliance/printable';
import { hasArabic, textRuns } from './text-runs';

/** Font files (TTF/OTF) for regular and bold text. */
export interface PdfFonts {
  regular: string;
  bold: string;
}

const MARGIN = 34; // 12 mm
const QR_SIDE = 120;
const GAP = 8;
const LINE_GAP = 1;
const SIZE = { title: 14, banner: 11, heading: 8.5, text: 8, identifier: 7, table: 6.5 };

type Face = 'regular' | 'bold';

interface Style {
  face?: Face;
  size?: number;
  align?: 'left' | 'right';
}

export function printPdf(invoice: PrintableInvoice, fonts?: PdfFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title:
        `${invoice.title.en} ${invoice.document.find((f) => /number|no$/i.test(f.label.en))?.value ?? ''}`.trim(),
      Subject: invoice.registration.map((f) => `${f.label.en}: ${f.value}`).join('; '),
      Creator: 'ERP compliance connector',
    },
  });
  doc.registerFont('regular', fonts?.regular ?? 'Helvetica');
  doc.registerFont('bold', fonts?.bold ?? 'Helvetica-Bold');
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new PrintLayout(doc, Boolean(fonts)).draw(invoice);
  doc.end();
  return done;
}

interface FactsLayout {
  width: number;
  labelWidth: number;
  valueSize: number;
}

interface Piece {
  text: string;
  width: number;
  /** Which run of the text it belongs to (text-runs). */
  run: number;
  arabic: boolean;
}

/** A line's pieces as drawn: each Latin piece alone, the words of one Arabic run together (drawn mirrored). */
function visualGroups(line: Piece[]): { arabic: boolean; pieces: Piece[] }[] {
  const groups: { arabic: boolean; pieces: Piece[] }[] = [];
  for (const piece of line) {
    const last = groups.at(-1);
    if (piece.arabic && last?.arabic && last.pieces[0].run === piece.run) last.pieces.push(piece);
    else groups.push({ arabic: piece.arabic, pieces: [piece] });
  }
  return groups;
}

class PrintLayout {
  private y = MARGIN;
  private readonly width: number;
  private readonly bottom: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly arabicGlyphs: boolean,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
    this.bottom = doc.page.height - MARGIN;
  }

  draw(invoice: PrintableInvoice): void {
    this.y +=
      this.text(this.label(invoice.title), MARGIN, this.y, this.width, { face: 'bold', size: SIZE.title }) +
      4;
    if (invoice.banner) {
      this.doc.fillColor('#b00000');
      this.y +=
        this.text(invoice.banner, MARGIN, this.y, this.width, { face: 'bold', size: SIZE.banner }) + 4;
      this.doc.fillColor('#000000');
    }
    this.registration(invoice);
    this.facts(invoice.document, MARGIN, this.width);
    this.parties(invoice);
    this.table(invoice);
    this.totals(invoice.totals);
  }

  private registration(invoice: PrintableInvoice): void {
    const top = this.y;
    const factsWidth = this.width - QR_SIDE - 2 * GAP;
    // Narrow labels and smaller values: a 64-character IRN fits on one line beside the QR code.
    const layout: FactsLayout = { width: factsWidth - GAP, labelWidth: 90, valueSize: SIZE.identifier };
    const factsHeight = this.factsHeight(invoice.registration, layout);
    this.drawFacts(invoice.registration, MARGIN + GAP / 2, top + GAP / 2, layout);
    const qrLeft = MARGIN + this.width - QR_SIDE - GAP / 2;
    this.doc.image(qrPng(invoice.qr.payload), qrLeft, top + GAP / 2, { width: QR_SIDE, height: QR_SIDE });
    const caption = this.text(this.label(invoice.qr.caption), qrLeft, top + GAP / 2 + QR_SIDE + 2, QR_SIDE, {
      size: SIZE.table,
    });
    const height = Math.max(factsHeight, QR_SIDE + 2 + caption) + GAP;
    this.doc.rect(MARGIN, top, this.width, height).stroke();
    this.y = top + height + GAP;
  }

  private facts(list: PrintFact[], left: number, width: number): void {
    const layout: FactsLayout = { width, labelWidth: Math.min(150, width * 0.35), valueSize: SIZE.text };
    const height = this.factsHeight(list, layout);
    this.ensure(height);
    this.drawFacts(list, left, this.y, layout);
    this.y += height + GAP;
  }

  private parties(invoice: PrintableInvoice): void {
    const columnWidth = (this.width - GAP) / 2;
    for (let i = 0; i < invoice.parties.length; i += 2) {
      const pair = invoice.parties.slice(i, i + 2);
      const blocks = pair.map((party): { text: string; style: Style }[] => [
        { text: this.label(party.role), style: { face: 'bold', size: SIZE.heading } },
        { text: party.name, style: { face: 'bold', size: SIZE.text } },
        ...party.facts.map((f) => ({ text: `${this.label(f.label)}: ${f.value}`, style: {} })),
        ...party.address.map((line) => ({ text: line, style: {} })),
      ]);
      const heights = blocks.map((block) =>
        block.reduce((sum, line) => sum + this.measure(line.text, columnWidth, line.style), 0),
      );
      this.ensure(Math.max(...heights));
      blocks.forEach((block, column) => {
        let y = this.y;
        for (const line of block) {
          y += this.text(line.text, MARGIN + column * (columnWidth + GAP), y, columnWidth, line.style);
        }
      });
      this.y += Math.max(...heights) + GAP;
    }
  }

  private table(invoice: PrintableInvoice): void {
    const totalWeight = invoice.columns.reduce((sum, c) => sum + c.weight, 0);
    const widths = invoice.columns.map((c) => (c.weight / totalWeight) * this.width);
    const header = invoice.columns.map((c) => this.label(c.label));
    const headerStyle = (i: number): Style => ({
      face: 'bold',
      size: SIZE.table,
      align: invoice.columns[i].numeric ? 'right' : 'left',
    });
    const drawRow = (cells: string[], styleOf: (column: number) => Style, fill?: string) => {
      const height = Math.max(...cells.map((cell, i) => this.measure(cell, widths[i] - 4, styleOf(i)))) + 4;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        if (fill)
          this.doc.rect(x, this.y, widths[i], height).fillAndStroke(fill, '#000000').fillColor('#000000');
        else this.doc.rect(x, this.y, widths[i], height).stroke();
        this.text(cell, x + 2, this.y + 2, widths[i] - 4, styleOf(i));
        x += widths[i];
      });
      this.y += height;
    };
    const rowHeight = (cells: string[], styleOf: (column: number) => Style) =>
      Math.max(...cells.map((cell, i) => this.measure(cell, widths[i] - 4, styleOf(i)))) + 4;
    this.ensure(rowHeight(header, headerStyle) + 20);
    drawRow(header, headerStyle, '#eeeeee');
    for (const line of invoice.lines) {
      const style = (i: number): Style => ({
        size: SIZE.table,
        align: invoice.columns[i].numeric ? 'right' : 'left',
      });
      if (this.y + rowHeight(line, style) > this.bottom) {
        this.newPage();
        drawRow(header, headerStyle, '#eeeeee');
      }
      drawRow(line, style);
    }
    this.y += GAP;
  }

  private totals(list: PrintFact[]): void {
    const width = 260;
    const left = MARGIN + this.width - width;
    const rows = list.map((f) => ({
      label: this.label(f.label),
      value: f.value,
      height: Math.max(
        this.measure(this.label(f.label), width * 0.62, {}),
        this.measure(f.value, width * 0.38, {}),
      ),
    }));
    const height = rows.reduce((sum, row) => sum + row.height, 0) + GAP;
    this.ensure(height);
    this.doc.rect(left, this.y, width, height).stroke();
    let y = this.y + GAP / 2;
    rows.forEach((row, i) => {
      const style: Style = { face: i === rows.length - 1 ? 'bold' : 'regular' };
      this.text(row.label, left + 4, y, width * 0.62 - 4, style);
      this.text(row.value, left + width * 0.62, y, width * 0.38 - 4, { ...style, align: 'right' });
      y += row.height;
    });
    this.y += height + GAP;
  }

  private factsHeight(list: PrintFact[], { width, labelWidth, valueSize }: FactsLayout): number {
    return list.reduce(
      (sum, f) =>
        sum +
        Math.max(
          this.measure(this.label(f.label), labelWidth - 4, { face: 'bold' }),
          this.measure(f.value, width - labelWidth, { size: valueSize }),
        ),
      0,
    );
  }

  private drawFacts(list: PrintFact[], left: number, top: number, layout: FactsLayout): void {
    const { width, labelWidth, valueSize } = layout;
    let y = top;
    for (const f of list) {
      const labelHeight = this.text(this.label(f.label), left, y, labelWidth - 4, { face: 'bold' });
      const valueHeight = this.text(f.value, left + labelWidth, y, width - labelWidth, { size: valueSize });
      y += Math.max(labelHeight, valueHeight);
    }
  }

  private label(label: PrintLabel): string {
    return label.ar && this.arabicGlyphs ? `${label.en}  ${label.ar}` : label.en;
  }

  private ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** Draws text at (x, y) within width and returns the height it took. */
  private text(value: string, x: number, y: number, width: number, style: Style): number {
    this.use(style);
    const shown = this.shown(value);
    if (!hasArabic(shown)) {
      this.doc.text(shown, x, y, { width, align: style.align ?? 'left', lineGap: LINE_GAP });
      return this.doc.heightOfString(shown, { width, lineGap: LINE_GAP });
    }
    const lines = this.runLines(shown, width);
    const lineHeight = this.doc.currentLineHeight(true) + LINE_GAP;
    lines.forEach((line, i) => {
      const lineWidth = line.reduce((sum, piece) => sum + piece.width, 0);
      let at = style.align === 'right' ? x + width - lineWidth : x;
      for (const group of visualGroups(line)) {
        if (!group.arabic) {
          this.doc.text(group.pieces[0].text, at, y + i * lineHeight, { lineBreak: false });
        } else {
          // The words of an Arabic run, right to left: the last one leftmost, a space between each.
          let wordAt = at;
          for (const piece of [...group.pieces].reverse()) {
            this.doc.text(piece.text, wordAt, y + i * lineHeight, { lineBreak: false });
            wordAt += this.doc.widthOfString(piece.text) + this.doc.widthOfString(' ');
          }
        }
        at += group.pieces.reduce((sum, piece) => sum + piece.width, 0);
      }
    });
    return lines.length * lineHeight;
  }

  private measure(value: string, width: number, style: Style): number {
    this.use(style);
    const shown = this.shown(value);
    if (!hasArabic(shown)) return this.doc.heightOfString(shown, { width, lineGap: LINE_GAP });
    return this.runLines(shown, width).length * (this.doc.currentLineHeight(true) + LINE_GAP);
  }

  /**
   * Text with Arabic in it, as lines of pieces: Latin runs broken after spaces, Arabic runs into words (each
   * counted with the space after it), filled in logical order; a piece wider than the line gets one to itself.
   */
  private runLines(value: string, width: number): Piece[][] {
    const space = this.doc.widthOfString(' ');
    const pieces = textRuns(value).flatMap((run, index): Piece[] => {
      if (!run.arabic) {
        return run.text
          .split(/(?<= )/)
          .map((text) => ({ text, width: this.doc.widthOfString(text), run: index, arabic: false }));
      }
      const words = run.text.split(/\s+/);
      return words.map((text, i) => ({
        text,
        width: this.doc.widthOfString(text) + (i < words.length - 1 ? space : 0),
        run: index,
        arabic: true,
      }));
    });
    const lines: Piece[][] = [[]];
    let used = 0;
    for (const piece of pieces) {
      if (used + piece.width > width && used > 0) {
        lines.push([]);
        used = 0;
      }
      lines[lines.length - 1].push(piece);
      used += piece.width;
    }
    return lines;
  }

  /** Helvetica has no Arabic: without a font that has, Arabic is left out rather than drawn as garbage. */
  private shown(value: string): string {
    if (this.arabicGlyphs) return value;
    return textRuns(value)
      .filter((run) => !run.arabic)
      .map((run) => run.text)
      .join('')
      .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
      .trim();
  }

  private use(style: Style): void {
    this.doc.font(style.face ?? 'regular').fontSize(style.size ?? SIZE.text);
  }
}
