/**
 * The text drawn on the pages of a PDF as pdfkit writes it, read the way a viewer's text layer reads it:
 * FlateDecode streams inflated, each font's ToUnicode CMap applied to the codes its show-text operators
 * draw (Identity-H two-byte codes for embedded fonts, single bytes for the standard 14). One string per
 * text object (BT ... ET), in drawing order. Enough for pdfkit's output; not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export function pdfTextRuns(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const fontMaps = new Map<string, { map: Map<string, string>; width: number }>();
  for (const { dictionary } of objects.values()) {
    for (const [, name, ref] of dictionary.matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
      const font = objects.get(Number(ref));
      const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font?.dictionary ?? '')?.[1];
      if (toUnicode) fontMaps.set(name, { map: cmapOf(objects.get(Number(toUnicode))!.stream), width: 4 });
      else if (font) fontMaps.set(name, { map: new Map(), width: 2 });
    }
  }
  const runs: string[] = [];
  for (const { dictionary, stream } of objects.values()) {
    if (/\/Type\s*\/XObject|\/Subtype|\/Length1|begincmap/.test(dictionary + stream.slice(0, 200))) continue;
    let font = fontMaps.values().next().value;
    for (const [block] of stream.matchAll(/BT[\s\S]*?ET/g)) {
      let text = '';
      for (const [, fontName, shown] of block.matchAll(
        /\/(F\d+)\s+[\d.]+\s+Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g,
      )) {
        if (fontName) font = fontMaps.get(fontName);
        else if (shown && font) text += decode(shown, font);
      }
      if (text) runs.push(text);
    }
  }
  return runs;
}

interface PdfObject {
  dictionary: string;
  stream: string;
}

function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const latin1 = pdf.toString('latin1');
  for (const match of latin1.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2];
    const streamAt = body.indexOf('stream\n');
    const dictionary = streamAt >= 0 ? body.slice(0, streamAt) : body;
    let stream = '';
    if (streamAt >= 0) {
      const start = match.index + match[0].indexOf(body) + streamAt + 'stream\n'.length;
      const length = Number(/\/Length\s+(\d+)/.exec(dictionary)?.[1] ?? 0);
      const raw = pdf.subarray(start, start + length);
      stream = (/\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw).toString('latin1');
    }
    objects.set(Number(match[1]), { dictionary, stream });
  }
  return objects;
}

/** bfrange entries with arrays or a start value, and bfchar entries, as code -> text. */
function cmapOf(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  // A target may be several UTF-16 units, written with spaces (a ligature: <0644 0625>).
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');
  for (const [, ranges] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, targets] of ranges.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const first = parseInt(from, 16);
      const last = parseInt(to, 16);
      const list = [...targets.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => m[1]);
      for (let code = first; code <= last; code++) {
        const key = code.toString(16).padStart(from.length, '0').toLowerCase();
        if (targets.startsWith('[')) map.set(key, utf16(list[code - first] ?? ''));
        else map.set(key, String.fromCharCode(parseInt(list[0], 16) + code - first));
      }
    }
  }
  for (const [, chars] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, target] of chars.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(code.toLowerCase(), utf16(target));
    }
  }
  return map;
}

function decode(shown: string, font: { map: Map<string, string>; width: number }): string {
  let text = '';
  for (const [, hex] of shown.matchAll(/<([0-9a-fA-F]*)>/g)) {
    for (let at = 0; at < hex.length; at += font.width) {
      const code = hex.slice(at, at + font.width).toLowerCase();
      text += font.map.get(code) ?? String.fromCharCode(parseInt(code, 16));
    }
  }
  return text;
}
