/**
 * Splits text into runs of Arabic and of everything else, for the PDF. The PDF library shapes a run as one
 * script and, for Arabic, lays its glyphs out right to left; a run that mixed Latin and Arabic would come
 * out with the Latin reversed. A line of the print view is left-to-right, so its runs are drawn in their
 * order, each Arabic run mirrored on its own (the order bidi gives an isolated run in a left-to-right line).
 * Spaces and punctuation between two Arabic letters belong to the Arabic run; digits never do, since they
 * keep their left-to-right order inside Arabic text.
 */
const ARABIC = /[\u0600-\u065f\u066a-\u06ef\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const ARABIC_RUN =
  /[\u0600-\u065f\u066a-\u06ef\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff](?:[\s.,،؛:()-]*[\u0600-\u065f\u066a-\u06ef\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff])*/g;

export interface TextRun {
  text: string;
  arabic: boolean;
}

export function hasArabic(text: string): boolean {
  return ARABIC.test(text);
}

export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const match of text.matchAll(ARABIC_RUN)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), arabic: false });
    runs.push({ text: match[0], arabic: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), arabic: false });
  return runs;
}
