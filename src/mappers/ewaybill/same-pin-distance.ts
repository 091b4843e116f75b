/**
 * Goods that start and end in the same PIN code: NIC computes a bill's distance from PIN to PIN when it
 * is sent as 0, which for one PIN gives 0 and is refused ("Invalid Approximate Distance", 221). For a
 * same-PIN movement the distance must be given, from 1 to 100 km (reference/india/NOTES.md: "same-pin
 * 1..100 km"). Answered as a field error on the canonical field before anything is sent.
 */
import { fieldError, type FieldError } from '../../domain';

export const SAME_PIN_MAX_DISTANCE_KM = 100;

export function samePinDistanceError(
  fromPincode: number,
  toPincode: number,
  distanceKm: number,
  path = 'transport.distanceKm',
): FieldError | undefined {
  if (!fromPincode || fromPincode !== toPincode) return undefined;
  if (distanceKm >= 1 && distanceKm <= SAME_PIN_MAX_DISTANCE_KM) return undefined;
  return fieldError(
    path,
    'ewaybill.samePinDistance',
    `dispatch and delivery share PIN ${fromPincode}: give the distance in km, 1 to ${SAME_PIN_MAX_DISTANCE_KM} (the portal cannot compute 0 for one PIN)`,
    distanceKm,
  );
}
