// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The dependency arrows of DESIGN.md (domain <- mappers <- compliance/connectors <- sync), as import
 * zones. A zone lists the top-level parts of src/ its files may not import; an import is matched by its
 * relative path leaving the zone (`../../sync/...`), so a zone's own subfolders never match.
 */
const SRC_PARTS = [
  'api',
  'app.factory',
  'app.module',
  'cli',
  'compliance',
  'config',
  'connectors',
  'console',
  'database',
  'development',
  'domain',
  'http',
  'logging',
  'main',
  'mappers',
  'metrics',
  'ports',
  'queue',
  'reconciliation',
  'regimes',
  'security',
  'sync',
];

/** A no-restricted-imports pattern forbidding `parts` of src/ (`except`: import paths still allowed). */
function forbid(parts, message, except = []) {
  const allowed = except.length > 0 ? `(?!${except.join('|')})` : '';
  return { regex: `^(\\./|(\\.\\./)+)${allowed}(${parts.join('|')})(/|$)`, message };
}

const others = (...kept) => SRC_PARTS.filter((part) => !kept.includes(part));

const SRC = join(import.meta.dirname, 'src');

/**
 * The top-level part of src/ a path is in: its first folder, or a top-level file's name. Each regime under
 * src/regimes is a part of its own (`regimes/sa-zatca`): one regime reaches another only through its face.
 */
function partOf(path) {
  const [first, ...rest] = relative(SRC, path).split(sep);
  if (first === 'regimes' && rest.length > 1) return join(first, rest[0]);
  return rest.length === 0 ? first.replace(/\.ts$/, '') : first;
}

/** The face a path inside a part is reached through: its deepest folder with an index.ts, else the part's. */
function faceFor(path) {
  const partRoot = join(SRC, partOf(path));
  for (let dir = dirname(path); dir.startsWith(partRoot); dir = dirname(dir)) {
    if (existsSync(join(dir, 'index.ts'))) return relative(SRC, dir);
  }
  return `${relative(SRC, partRoot)} (give it an index.ts)`;
}

/**
 * Public faces (DESIGN.md: a folder is a module with one public face). An import that leaves its top-level
 * part of src/ names a face -- a folder with an index.ts (`../domain`, `../compliance/ksa`) or a top-level
 * file (`../logging`) -- never a file inside a folder; and no file imports the face of a folder it is in,
 * which would lead back into the folder in a circle. A regex cannot tell a file from a folder, so the
 * specifier is resolved against the tree.
 */
const importThroughFace = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deep:
        "'{{source}}' reaches into {{target}}: import {{part}}/ through its public face, {{face}}/ " +
        '(add the name to its index.ts if it is not exported yet).',
      ownFace:
        "'{{source}}' is the face of {{face}}/, a folder this file is in: import the file directly " +
        '(a face re-exports its folder, so importing it from inside makes a circle).',
    },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SRC + sep)) return {};
    const part = partOf(file);
    const check = (literal) => {
      if (literal?.type !== 'Literal' || typeof literal.value !== 'string') return;
      const source = literal.value;
      if (!source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (!target.startsWith(SRC + sep)) return;
      const isFolderFace = existsSync(join(target, 'index.ts'));
      // A regime's registration unit (src/regimes/<name>/<name>.module.ts) is a face of its own: the list
      // of regimes imports it, and the regime's index.ts cannot re-export it (it wires the upper floors).
      const isRegimeModule = /\.module$/.test(target) && partOf(target).startsWith(`regimes${sep}`);
      if (isFolderFace && file.startsWith(target + sep)) {
        context.report({
          node: literal,
          messageId: 'ownFace',
          data: { source, face: relative(SRC, target) },
        });
        return;
      }
      const targetPart = partOf(target);
      if (
        targetPart === part ||
        isFolderFace ||
        isRegimeModule ||
        (dirname(target) === SRC && existsSync(`${target}.ts`))
      )
        return;
      context.report({
        node: literal,
        messageId: 'deep',
        data: { source, target: relative(SRC, target), part: targetPart, face: faceFor(target) },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) =>
        check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

/** The sandbox package, by its name or any of its subpaths. */
const NO_SANDBOX = {
  regex: '^@erp-connector/sandbox(/|$)',
  message:
    'The sandbox (packages/sandbox) is development-only and not in the production build: nothing in src/ ' +
    "imports it statically; src/development/ loads it with a dynamic import('@erp-connector/sandbox').",
};

/** One block per zone of src/; each replaces no-restricted-imports for its files (the last match wins), so
 * each carries the sandbox ban too. */
function zone(files, ...patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [NO_SANDBOX, ...patterns] }] } };
}

/**
 * Regime names (issue 31: "a rule refuses a regime name outside src/regimes and config"). What differs per
 * regime comes through its descriptor; a generic layer that spells `'sa-zatca'` decides by regime name.
 * Allowed: regimes/ (the regimes themselves), config/, the registration list (domain/regime-name.ts),
 * migrations (history, never edited), tests and their fixtures.
 */
const REGIME_NAME_ALLOWED = [
  'src/regimes/**',
  'src/config/**',
  'src/domain/regime-name.ts',
  'src/database/migrations/**',
  'src/**/*.spec.ts',
  'src/**/__fixtures__/**',
];

const REGIME_NAMES = 'in-einvoice|in-ewaybill|sa-zatca';
const REGIME_NAME_MESSAGE =
  'A regime name belongs to its regime (src/regimes/<regime>) and to config: take what differs from ' +
  'the regime descriptor instead of deciding by name here.';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-bench/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'eslint.config.mjs',
      'jest.config.js',
      'packages/*/dist/**',
      'packages/*/jest.config.js',
      // Written by `npm run api:types` (openapi-typescript); a test holds it to the API's document.
      'src/cli/generated/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The console's browser scripts: type-checked by src/console/web/tsconfig.json (checkJs, DOM lib),
    // which also catches undefined names, so no-undef (blind to DOM globals) is off.
    files: ['src/console/web/**/*.js'],
    languageOptions: { sourceType: 'script' },
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.ts', 'src/cli/**/*.ts', 'packages/sandbox/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
  // Import zones (DESIGN.md's arrows). Tests, benches and scripts may import anything.
  zone(['src/**/*.ts']),
  zone(['src/domain/**/*.ts'], forbid(others('domain'), 'domain/ imports nothing else of src/.')),
  zone(['src/http/**/*.ts'], forbid(others('http'), 'http/ (transport facts) imports nothing else of src/.')),
  zone(['src/mappers/**/*.ts'], forbid(others('domain', 'mappers'), 'mappers/ import only domain/.')),
  zone(
    ['src/connectors/**/*.ts'],
    forbid(
      others('domain', 'http', 'connectors', 'security'),
      'connectors/ import only domain/ and http/ (and their own contract and kit).',
    ),
    {
      // Of security/, only the primitives every plugin's config class uses (`@Secret()`, development
      // secrets). Sealing is not among them: the kit's state store is sealed by its repository.
      regex: '^(\\.\\./)+security(/|$)',
      allowImportNames: ['Secret', 'developmentSecret'],
      message:
        'connectors/ import only domain/ and http/ (and of security/ only Secret and developmentSecret).',
    },
  ),
  zone(['src/security/**/*.ts'], forbid(others('security'), 'security/ imports nothing else of src/.')),
  zone(
    ['src/compliance/**/*.ts'],
    forbid(
      // mappers/ sits below compliance/ in DESIGN's arrows; security/ is the shared secret box; ports/
      // the storage interfaces database/ implements.
      others('domain', 'http', 'mappers', 'compliance', 'ports', 'security'),
      'compliance/ imports only domain/, http/, mappers/, ports/ and security/ (and its own http).',
    ),
  ),
  // A regime (src/regimes/<name>) is one folder holding every floor of it: its logic at the top (the
  // compliance floor), storage/ (the database floor), services/ (the pipeline's floor), routes/ (the API's
  // floor), cli/ (the CLI's floor, found by the CLI by folder) and fixtures/ (development). Each floor keeps
  // the arrows of its counterpart outside.
  zone(
    ['src/regimes/**/*.ts'],
    forbid(
      others('domain', 'http', 'mappers', 'compliance', 'ports', 'security', 'regimes'),
      'A regime imports only domain/, http/, mappers/, compliance/, ports/, security/ and, through their ' +
        'faces, the regimes it depends on; its storage/, services/, routes/ and fixtures/ floors reach more.',
    ),
  ),
  zone(
    ['src/regimes/*/storage/**/*.ts'],
    forbid(
      others('database', 'domain', 'ports', 'connectors', 'config', 'security', 'regimes'),
      "A regime's storage/ implements its ports over domain/ like database/: no compliance/, sync/, api/.",
    ),
  ),
  zone(
    ['src/regimes/*/services/**/*.ts', 'src/regimes/*/fixtures/**/*.ts'],
    forbid(
      ['api', 'cli', 'console'],
      "A regime's services/ are the pipeline's floor: no api/, cli/ or console/.",
    ),
  ),
  zone(
    ['src/regimes/*/*.module.ts'],
    forbid(
      ['cli', 'console'],
      "A regime's module wires its floors for the application: no cli/ or console/.",
    ),
  ),
  zone(
    ['src/regimes/*/routes/**/*.ts'],
    forbid(
      ['database', 'cli', 'console'],
      "A regime's routes/ reach the database only through services, like api/: no repository or entity.",
    ),
  ),
  zone(
    ['src/regimes/*/cli/**/*.ts'],
    forbid(
      others('cli', 'domain'),
      "A regime's cli/ is the CLI's floor: it talks to the service over HTTP through cli/'s face.",
    ),
    {
      // Up into its own regime (`../zatca.regime`) or over to another (`../../in-einvoice`).
      regex: '^(\\.\\./){1,2}(?!\\.\\./)',
      message: "A regime's cli/ imports none of its regime's server code: only cli/ and domain/.",
    },
    {
      regex: '^(@nestjs/|typeorm$|pg$|pg-boss$|class-validator$|class-transformer$)',
      message: "A regime's cli/ talks to the service over HTTP: no server frameworks.",
    },
  ),
  zone(
    ['src/ports/**/*.ts'],
    forbid(others('ports', 'domain'), 'ports/ (interfaces database/ implements) import only domain/.'),
  ),
  zone(
    ['src/database/**/*.ts'],
    forbid(
      // connectors/ for its kit's state-store port; config/ and security/ for the master key and sealing.
      others('database', 'domain', 'ports', 'connectors', 'config', 'security'),
      'database/ implements ports (ports/, the connector kit) over domain/: it knows no compliance/, sync/, ' +
        'api/, cli/ or console/ (a database failure a caller must act on is a port error, e.g. ChainSlotRefused).',
    ),
  ),
  zone(
    ['src/api/**/*.ts', 'src/console/**/*.ts'],
    forbid(
      ['database'],
      'api/ and console/ reach the database only through services (sync/): no repository, entity or ' +
        'data source in a controller.',
    ),
  ),
  zone(
    ['src/reconciliation/**/*.ts'],
    forbid(
      ['api', 'cli', 'console', 'development'],
      'reconciliation/ is a product beside sync/: it uses compliance/ (the return gateway), database/ and ' +
        "sync/'s connector runtime (purchase registers), never the API, the console or the CLI.",
    ),
  ),
  zone(
    ['src/cli/**/*.ts'],
    forbid(
      others('cli', 'domain'),
      "cli/ talks to the service over HTTP: it imports only domain/ and the API's types (generated from the " +
        'OpenAPI document into cli/generated/, named in cli/api-types.ts), never server code.',
    ),
    {
      // Nor the server's frameworks, nor the scripts and tests outside src/.
      regex:
        '^(@nestjs/|typeorm$|pg$|pg-boss$|class-validator$|class-transformer$|(\\.\\./)+(scripts|test|bench)/)',
      message:
        "cli/ talks to the service over HTTP: it imports only domain/ and the API's types (generated from the " +
        'OpenAPI document into cli/generated/), never server code or frameworks.',
    },
  ),
  {
    files: ['src/**/*.ts', 'src/console/web/**/*.js'],
    ignores: REGIME_NAME_ALLOWED,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/^(${REGIME_NAMES})$/]`, message: REGIME_NAME_MESSAGE },
        // SQL and other text in template literals: `WHERE regime = 'sa-zatca'`.
        { selector: `TemplateElement[value.raw=/'(${REGIME_NAMES})'/]`, message: REGIME_NAME_MESSAGE },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { faces: { rules: { 'import-through-face': importThroughFace } } },
    rules: { 'faces/import-through-face': 'error' },
  },
  {
    // The sandbox package reaches nothing outside itself (its tsconfig's rootDir also refuses it).
    files: ['packages/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|test|bench|scripts|packages)/',
              message:
                'The sandbox shares nothing with the product: it simulates the outside world from its own code.',
            },
          ],
        },
      ],
    },
  },
);
