// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

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
  'queue',
  'security',
  'sync',
];

/** A no-restricted-imports pattern forbidding `parts` of src/ (`except`: import paths still allowed). */
function forbid(parts, message, except = []) {
  const allowed = except.length > 0 ? `(?!${except.join('|')})` : '';
  return { regex: `^(\\./|(\\.\\./)+)${allowed}(${parts.join('|')})(/|$)`, message };
}

const others = (...kept) => SRC_PARTS.filter((part) => !kept.includes(part));

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
      others('domain', 'http', 'connectors'),
      'connectors/ import only domain/ and http/ (and their own contract and kit).',
      // Exception: the security primitives every plugin's config class uses (`@Secret()`, development
      // secrets). Sealing is not among them: the kit's state store is sealed by its repository.
      ['security/secret\\.decorator$', 'security/development-secret$'],
    ),
  ),
  zone(
    ['src/compliance/**/*.ts'],
    forbid(
      // mappers/ sits below compliance/ in DESIGN's arrows; security/ is the shared secret box.
      others('domain', 'http', 'mappers', 'compliance', 'security'),
      'compliance/ imports only domain/, http/, mappers/ and security/ (and its own http).',
    ),
  ),
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
