import { ComplianceHttpLog } from './compliance-http-log';

describe('ComplianceHttpLog', () => {
  const original = process.env.LOG_LEVEL;
  afterEach(() => {
    if (original === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = original;
  });

  it('wants request/response entries only while debug logging is on', () => {
    const log = new ComplianceHttpLog();
    delete process.env.LOG_LEVEL;
    expect(log.enabled()).toBe(false);
    process.env.LOG_LEVEL = 'warn';
    expect(log.enabled()).toBe(false);
    process.env.LOG_LEVEL = 'debug';
    expect(log.enabled()).toBe(true);
    process.env.LOG_LEVEL = 'trace';
    expect(log.enabled()).toBe(true);
  });
});
