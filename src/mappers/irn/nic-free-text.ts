import { type IrnFieldError, irnError } from './irn-field-error';
import { type FreeTextLimit } from './nic-einvoice-v1.1.limits';
import { nicText } from './nic-text';

/**
 * Free text (a description, remarks) as NIC takes it, cut to the field's maximum as NIC practice allows,
 * with a warning on `path`.`field` saying so. Identifiers and names over their limit are refused by the
 * rules instead: cutting them would change what they identify.
 */
export function nicFreeText(
  value: string | undefined,
  limit: FreeTextLimit,
  path: string,
  field: string,
  warnings: IrnFieldError[],
): string | undefined {
  const text = nicText(value);
  // Not text at all (an override can put anything here): left for the rules to refuse.
  if (typeof text !== 'string' || text.length <= limit.max) return text;
  // Never split a surrogate pair (a character outside the BMP, such as an emoji).
  const end = isHighSurrogate(text.charCodeAt(limit.max - 1)) ? limit.max - 1 : limit.max;
  warnings.push(
    irnError(
      `${path}.${field}`,
      'irn.text.truncated',
      `NIC takes at most ${limit.max} characters: ${text.length - end} were cut from the end`,
      value,
    ),
  );
  return text.slice(0, end).trimEnd();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
