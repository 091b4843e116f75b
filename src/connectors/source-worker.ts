/**
 * Starts a worker thread on a module of this project, compiled (.js) or from TypeScript sources (ts-node,
 * jest). From sources, the worker does not load ts-node: that would put a second TypeScript compiler in
 * the process (some 50 MB of heap and over a second of CPU per worker). Instead this thread transpiles the
 * module and the project files it requires (TypeScript's transpileModule, no type checking) and hands the
 * JavaScript to the worker, which registers it for the .ts files it requires.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `file` without its extension: the .js beside this module when compiled, the .ts from sources. */
export function startSourceWorker(
  file: string,
  workerData: object,
  options: Pick<WorkerOptions, 'transferList' | 'resourceLimits'> = {},
): Worker {
  if (extname(__filename) !== '.ts') return new Worker(`${file}.js`, { ...options, workerData });
  const sources = transpiledGraph(`${file}.ts`);
  return new Worker(SOURCE_LOADER, {
    ...options,
    eval: true,
    workerData: { ...workerData, [SOURCES]: { entry: `${file}.ts`, sources: [...sources] } },
  });
}

const SOURCES = '__transpiledSources';

/** Runs in the worker: serves the transpiled sources for .ts files, then loads the entry module. */
const SOURCE_LOADER = `
const { workerData } = require('node:worker_threads');
const { entry, sources } = workerData.${SOURCES};
const javascript = new Map(sources);
require.extensions['.ts'] = (module, filename) => {
  const code = javascript.get(filename);
  if (code === undefined) throw new Error('no transpiled source for ' + filename);
  module._compile(code, filename);
};
require(entry);
`;

interface TypeScriptApi {
  transpileModule(
    input: string,
    options: { compilerOptions: Record<string, unknown>; fileName: string },
  ): { outputText: string };
  ModuleKind: { CommonJS: number };
  ScriptTarget: { ES2022: number };
}

/** The entry and every project .ts file it requires, directly or not, as JavaScript by path. */
function transpiledGraph(entry: string): Map<string, string> {
  // Loaded only when running from sources, where TypeScript is installed (ts-node, jest).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as TypeScriptApi;
  const compilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    esModuleInterop: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    isolatedModules: true,
  };
  const out = new Map<string, string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (out.has(file)) continue;
    const code = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions,
      fileName: file,
    }).outputText;
    out.set(file, code);
    for (const [, specifier] of code.matchAll(RELATIVE_REQUIRE)) {
      const required = sourceFile(resolve(dirname(file), specifier));
      if (required) pending.push(required);
    }
  }
  return out;
}

const RELATIVE_REQUIRE = /require\("(\.\.?\/[^"]*)"\)/g;

function sourceFile(path: string): string | undefined {
  return [`${path}.ts`, `${path}/index.ts`, path].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(candidate),
  );
}
