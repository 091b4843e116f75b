/**
 * A parsed Tally XML element: just enough structure for vouchers and masters. Tally's XML has no mixed
 * content worth keeping, so an element is its attributes, its (concatenated) text and its child elements.
 */
export interface TallyNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: TallyNode[];
}

/**
 * The attributes of every parsed element that has none: one shared, frozen object (a node's attributes are
 * replaced, never changed in place).
 */
export const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

export function firstChild(node: TallyNode, name: string): TallyNode | undefined {
  for (const child of node.children) if (child.name === name) return child;
  return undefined;
}

export function childrenNamed(node: TallyNode, name: string): TallyNode[] {
  return node.children.filter((child) => child.name === name);
}

/** Trimmed text of the first child called `name`, or '' when absent. */
export function childText(node: TallyNode, name: string): string {
  return firstChild(node, name)?.text.trim() ?? '';
}

/** Texts of the repeated children in a Tally list such as `ADDRESS.LIST/ADDRESS`. */
export function listTexts(node: TallyNode, listName: string, itemName: string): string[] {
  const list = firstChild(node, listName);
  if (!list) return [];
  return childrenNamed(list, itemName)
    .map((item) => item.text.trim())
    .filter((text) => text !== '');
}

/** Tally's logical values are "Yes"/"No". */
export function childFlag(node: TallyNode, name: string): boolean {
  return childText(node, name).toLowerCase() === 'yes';
}

/** Finds a descendant by a slash path of element names (`EWAYBILLDETAILS.LIST/TRANSPORTDETAILS.LIST`). */
export function descend(node: TallyNode, path: string): TallyNode | undefined {
  let current: TallyNode | undefined = node;
  for (const name of path.split('/')) {
    if (!current) return undefined;
    current = firstChild(current, name);
  }
  return current;
}
