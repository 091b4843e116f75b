/**
 * The e-way bill system writes dates as "dd/mm/yyyy hh:mm:ss AM" (direct API) or "yyyy-MM-dd HH:mm:ss"
 * (by IRN); both are kept as "yyyy-MM-dd HH:mm:ss" IST so write-back and operators see one form.
 */
const DIRECT = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)?)?$/i;

export function ewaybillDateTime(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = DIRECT.exec(text.trim());
  if (!match) return text;
  const [, day, month, year, hourText, minute = '00', second = '00', meridiem] = match;
  let hour = Number(hourText ?? '0');
  if (meridiem) {
    const pm = meridiem.toUpperCase() === 'PM';
    if (hour === 12) hour = pm ? 12 : 0;
    else if (pm) hour += 12;
  }
  return `${year}-${month}-${day} ${String(hour).padStart(2, '0')}:${minute}:${second}`;
}
