/**
 * Issues 29 and 31: the CLI reads the API only through the types generated from its OpenAPI document
 * (src/cli/generated/openapi.ts, `npm run api:types`). The committed file must be what the generator
 * writes from today's application, so a route, DTO or response class changed without regenerating fails
 * here instead of leaving the CLI typed against an API that no longer exists.
 */
import { readFileSync } from 'node:fs';
import { API_TYPES_FILE, generateApiTypes } from '../../scripts/api-types';

describe('the API types the CLI is typed by (generated from the OpenAPI document)', () => {
  it('are up to date with the application (run `npm run api:types` after changing src/api)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const generated = await generateApiTypes();
    // A line-level difference reads better in a failure than two 6,000-line strings.
    const differing = generated
      .split('\n')
      .map((line, index) => ({ line: index + 1, generated: line, committed: committed.split('\n')[index] }))
      .filter((row) => row.generated !== row.committed)
      .slice(0, 5);
    expect(differing).toEqual([]);
    expect(committed).toBe(generated);
  }, 120_000);

  it('declare what the CLI reads that the hand-typed copy had and the document lacked', () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const schema = (name: string) => {
      const start = committed.indexOf(`        ${name}: {`);
      return committed.slice(start, committed.indexOf('\n        };', start));
    };
    // `upload --wait` finds its own refused file by the content hash the upload answered.
    expect(schema('RefusedFileResponse')).toContain('contentHash: string;');
    // Field errors name the authority's path beside the canonical one, and old ones the field to fix.
    expect(schema('FieldErrorResponse')).toContain('authorityPath?: string;');
    expect(schema('FieldErrorResponse')).toContain('canonicalPath?: string;');
    // An override's values are any JSON, not an empty object.
    expect(schema('OverrideRequestDto')).toMatch(/overrides: \{\s+\[key: string\]: unknown;/);
  });
});
