import { sampleIndiaInvoice } from '../../../domain/__fixtures__';
import { buildNicEinvoiceV11 } from '../irn-v1.1.mapper';
import { validateNicEinvoiceV11 } from '../irn-v1.1.rules';
import { ITEM_LIMITS } from '../nic-einvoice-v1.1.limits';
import { type NicItem } from '../nic-einvoice-v1.1.types';

const AMOUNT_FIELDS = Object.entries(ITEM_LIMITS.fields)
  .filter(([, limit]) => limit.kind === 'number')
  .map(([field]) => field as keyof NicItem);

describe('item amounts are not negative', () => {
  it.each(AMOUNT_FIELDS)('reports a negative %s', (field) => {
    const payload = structuredClone(buildNicEinvoiceV11(sampleIndiaInvoice()).payload);
    (payload.ItemList[0] as Record<keyof NicItem, unknown>)[field] = -1;
    const { errors } = validateNicEinvoiceV11(payload, { today: '2024-08-01' });
    expect(errors).toContainEqual(
      expect.objectContaining({ path: `ItemList[0].${field}`, rule: 'irn.amount.negative', value: '-1' }),
    );
  });
});
