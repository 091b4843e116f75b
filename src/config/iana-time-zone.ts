/** class-validator constraint: an IANA time zone this runtime knows ("Asia/Kolkata", "Asia/Riyadh"). */
import { ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

@ValidatorConstraint({ name: 'ianaTimeZone' })
export class IanaTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || value === '') return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }

  defaultMessage(): string {
    return '$property must be an IANA time zone such as Asia/Kolkata or Asia/Riyadh, got "$value"';
  }
}
