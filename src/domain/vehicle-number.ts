/**
 * A vehicle number as the e-way bill portal keeps it: upper case, without spaces or hyphens
 * (`KA 01 AB-1234` -> `KA01AB1234`). The one normalisation of a vehicle number: the webhook's canonical
 * invoice (mappers/ewaybill) and the operator API's Part-B, extension and consolidation requests both use it,
 * so a number one accepts the other accepts too.
 */
export function normaliseVehicleNumber(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}
