import { escapeXml } from './xml-escape';
import type { TallyNode } from './tally-node';

/** Serialises a parsed node back to XML (for Alter requests, which must carry the whole voucher). */
export function serializeTallyNode(node: TallyNode, indent = ''): string {
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (node.children.length === 0) {
    return `${indent}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>\n`;
  }
  const inner = node.children.map((child) => serializeTallyNode(child, `${indent} `)).join('');
  return `${indent}<${node.name}${attrs}>\n${inner}${indent}</${node.name}>\n`;
}

/** A leaf node, for building request fragments. */
export function leaf(name: string, text: string, attrs: Record<string, string> = {}): TallyNode {
  return { name, attrs, text, children: [] };
}
