/**
 * The CLI keeps no server code (its import zone refuses sync/): the categories `reco report --category`
 * offers come from the API's OpenAPI document (the generated types), held here to the list the service
 * validates against.
 */
import { RECO_CATEGORIES } from '../../src/cli/api-types';
import { MATCH_CATEGORY_NAMES } from '../../src/api/reconciliation.dto';

describe('CLI reconciliation categories', () => {
  it("are the API's, in its order", () => {
    expect([...RECO_CATEGORIES]).toEqual([...MATCH_CATEGORY_NAMES]);
  });
});
