import { isoOfNicDate, istDay, parseIrpDay } from './irp-day';

describe('IRP day', () => {
  it('reads dd/mm/yyyy and yyyy-mm-dd as the same day', () => {
    expect(parseIrpDay('05/11/2026')).toEqual({ nic: '05/11/2026', iso: '2026-11-05' });
    expect(parseIrpDay('2026-11-05')).toEqual({ nic: '05/11/2026', iso: '2026-11-05' });
  });

  it('names the rule a bad date breaks', () => {
    for (const bad of ['31/02/2026', '2026/11/05', '5/11/2026', '', undefined]) {
      expect(parseIrpDay(bad)).toEqual({ error: expect.stringContaining('dd/mm/yyyy') as unknown });
    }
    expect(isoOfNicDate('32/01/2026')).toBeUndefined();
  });

  it('counts days in IST: 19:00 UTC is already the next day in India', () => {
    const at = Date.parse('2026-11-26T19:00:00Z');
    expect(istDay(at)).toEqual({ nic: '27/11/2026', iso: '2026-11-27' });
    expect(istDay(at, 1)).toEqual({ nic: '26/11/2026', iso: '2026-11-26' });
    expect(istDay(Date.parse('2026-11-26T18:29:59Z')).nic).toBe('26/11/2026');
  });
});
