/** Escapes text for an XML element body or a double-quoted attribute; Tally's U+0004 marker as `&#4;`. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- Tally's U+0004 marker is the character escaped here
  return text.replace(/[&<>"'\u0004]/g, (char) => XML_ESCAPES[char] ?? char);
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\u0004': '&#4;',
};
