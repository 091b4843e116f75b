/**
 * The IRP's checks on where the parties are: every state code (and the place of supply) must be in the
 * state master, and each PIN must lie in the state given beside it (3039, worded as the IRP words it:
 * "Seller Details:Pincode-560009 does not belong to the state-1").
 */
import { isStateCode, pinInState } from './gst-masters';
import { irpError, irpErrorWith, type IrpError } from './irp-errors';
import { numberAt, objectAt, textAt, type JsonObject } from './json-access';

const PARTIES = [
  { block: 'SellerDtls', name: 'Seller', invalidState: () => irpError('2259') },
  { block: 'BuyerDtls', name: 'Buyer', invalidState: () => irpError('2260') },
  { block: 'DispDtls', name: 'Dispatch', invalidState: (code: string) => irpErrorWith('2200', code) },
  { block: 'ShipDtls', name: 'Ship', invalidState: (code: string) => irpErrorWith('2200', code) },
] as const;

export function checkPlaces(body: JsonObject): IrpError[] {
  const errors: IrpError[] = [];
  for (const party of PARTIES) {
    const details = objectAt(body, party.block);
    const stateText = textAt(details, 'Stcd');
    if (!details || stateText === undefined) continue;
    const state = Number(stateText);
    if (!isStateCode(state)) {
      errors.push(party.invalidState(stateText));
      continue;
    }
    const pin = numberAt(details, 'Pin');
    if (pin !== undefined && pinInState(pin, state) === false) {
      errors.push(irpErrorWith('3039', party.name, pin, state));
    }
  }
  const placeOfSupply = textAt(objectAt(body, 'BuyerDtls'), 'Pos');
  if (placeOfSupply !== undefined && !isStateCode(Number(placeOfSupply))) {
    errors.push(irpErrorWith('2243', textAt(objectAt(body, 'TranDtls'), 'SupTyp')?.toUpperCase() ?? ''));
  }
  return errors;
}
