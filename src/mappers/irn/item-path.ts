/** NIC allows 1000 items; their paths are made once and reused by every invoice. */
const REMEMBERED_ITEM_PATHS = 1000;
const itemPaths: string[] = [];

/** `ItemList[2]`, the NIC path of the item at `index`. */
export function itemPath(index: number): string {
  const known = itemPaths[index];
  if (known !== undefined) return known;
  const path = `ItemList[${index}]`;
  if (index < REMEMBERED_ITEM_PATHS) itemPaths[index] = path;
  return path;
}
