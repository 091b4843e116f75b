import { LatencyInjector, latencyFor, latencyFromText, latencyProblem } from './latency';

describe('LatencyInjector', () => {
  it('waits nothing unless configured, and the fixed time when no jitter is given', () => {
    expect(new LatencyInjector().nextDelayMs()).toBe(0);
    expect(new LatencyInjector({ ms: 300 }).nextDelayMs()).toBe(300);
  });

  it('spreads evenly over ms ± jitterMs: the ends at random 0 and 1, the mean at 0.5', () => {
    let next = 0;
    const injector = new LatencyInjector({ ms: 300, jitterMs: 100 }, () => next);
    next = 0;
    expect(injector.nextDelayMs()).toBe(200);
    next = 0.5;
    expect(injector.nextDelayMs()).toBe(300);
    next = 0.999999;
    expect(injector.nextDelayMs()).toBeCloseTo(400, 3);
  });

  it('keeps every draw of a real random spread inside the band', () => {
    const injector = new LatencyInjector({ ms: 300, jitterMs: 100 });
    const draws = Array.from({ length: 2000 }, () => injector.nextDelayMs());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...draws)).toBeLessThanOrEqual(400);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(290);
    expect(mean).toBeLessThan(310);
  });

  it('refuses a setting that is not one, and keeps the one it had', () => {
    const injector = new LatencyInjector({ ms: 50 });
    expect(() => injector.configure({ ms: -1 })).toThrow(/latency\.ms/);
    expect(() => injector.configure({ ms: 100, jitterMs: 200 })).toThrow(/jitterMs/);
    expect(injector.settings()).toEqual({ ms: 50, jitterMs: 0 });
    expect(latencyProblem('300')).toMatch(/\{ms, jitterMs\?\}/);
    expect(latencyProblem({ ms: Number.NaN })).toMatch(/latency\.ms/);
  });
});

describe('SANDBOX_LATENCY', () => {
  it('reads a fixed time, a spread, or JSON per service with * for the rest', () => {
    expect(latencyFromText(undefined)).toBeUndefined();
    expect(latencyFromText('300')).toEqual({ '*': { ms: 300, jitterMs: 0 } });
    expect(latencyFromText('300+-100')).toEqual({ '*': { ms: 300, jitterMs: 100 } });
    expect(latencyFromText('300 ± 100')).toEqual({ '*': { ms: 300, jitterMs: 100 } });
    const perService = latencyFromText('{"einvoiceGsp": {"ms": 300, "jitterMs": 100}, "*": {"ms": 20}}');
    expect(latencyFor(perService, 'einvoiceGsp')).toEqual({ ms: 300, jitterMs: 100 });
    expect(latencyFor(perService, 'zatca')).toEqual({ ms: 20 });
  });

  it('names the service and the rule of a setting it cannot use', () => {
    expect(() => latencyFromText('slow')).toThrow(/SANDBOX_LATENCY: expected/);
    expect(() => latencyFromText('{"zatca": {"ms": 10, "jitterMs": 20}}')).toThrow(
      /SANDBOX_LATENCY: zatca: latency\.jitterMs/,
    );
  });
});
