/**
 * No import circles among the product's files or the sandbox's, type-only imports included: a circle
 * means two files are one concept split in two, or a contract that leans on what implements it. Imports
 * are read with TypeScript's own pre-processor (import/export ... from, import(), require); relative ones
 * are resolved to their .ts file or folder index.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { preProcessFile } from 'typescript';

const ROOT = resolve(__dirname, '../..');
const TREES = ['src', 'packages/sandbox/src'];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName));
      return [file, [...new Set(targets.filter((target): target is string => target !== undefined))]];
    }),
  );
}

/** The strongly connected groups of more than one file (Tarjan), each a set of files that import in a circle. */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('import circles', () => {
  it('finds a circle, type-only imports included (the detector itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const { importedFiles } = preProcessFile("import type { X } from './x';\nexport type { Y } from './y';");
    expect(importedFiles.map((imported) => imported.fileName)).toEqual(['./x', './y']);
  });

  it.each(TREES)('there are none among the files of %s', (tree) => {
    const graph = importGraph(typeScriptFiles(join(ROOT, tree)));
    const circles = importCircles(graph).map((group) => group.map((file) => relative(ROOT, file)));
    expect(circles).toEqual([]);
  });
});
