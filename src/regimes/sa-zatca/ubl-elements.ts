/**
 * Reading a UBL 2.1 invoice by paths of direct children (`cac:Party/cac:PartyTaxScheme/cbc:CompanyID`):
 * `cbc:ID` and friends occur at every depth, so a search through all descendants would pick the wrong one.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

const NAMESPACES: Record<string, string> = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
};

export function parseUbl(xml: string): Element {
  const errors: string[] = [];
  const root = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(xml, 'text/xml').documentElement;
  if (errors.length > 0 || !root)
    throw new Error(`the stored invoice XML does not parse: ${errors[0] ?? 'empty'}`);
  return root;
}

/** The elements at the end of a path of direct children, e.g. `cac:InvoiceLine`. */
export function all(from: Element | undefined, path: string): Element[] {
  let current: Element[] = from ? [from] : [];
  for (const step of path.split('/')) {
    const [prefix, local] = step.split(':');
    const namespace = NAMESPACES[prefix];
    current = current.flatMap((element) =>
      Array.from(element.childNodes).filter(
        (node): node is Element =>
          node.nodeType === 1 &&
          (node as Element).localName === local &&
          (node as Element).namespaceURI === namespace,
      ),
    );
  }
  return current;
}

export function one(from: Element | undefined, path: string): Element | undefined {
  return all(from, path)[0];
}

/** The trimmed text at a path; '' when the element is missing. */
export function text(from: Element | undefined, path: string): string {
  return (one(from, path)?.textContent ?? '').trim();
}
