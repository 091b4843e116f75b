import { logFormat, loggerOptions } from './logging';

type LogFormatter = (fields: Record<string, unknown>) => Record<string, unknown>;

const formatter = (): LogFormatter => {
  const pinoHttp = loggerOptions().pinoHttp as { formatters: { log: LogFormatter } };
  return pinoHttp.formatters.log;
};

describe('log lines go through the one redaction list', () => {
  it('masks secret fields at any depth, leaving the rest', () => {
    expect(
      formatter()({
        msg: 'token renewed',
        clientSecret: 's3cret',
        meta: { nested: { otp: '123456', irn: 'x' } },
      }),
    ).toEqual({
      msg: 'token renewed',
      clientSecret: '[redacted]',
      meta: { nested: { otp: '[redacted]', irn: 'x' } },
    });
  });

  it('hands errors and other non-plain objects (pino-http req/res) to their serializers untouched', () => {
    const err = new Error('boom');
    class Response {
      statusCode = 200;
    }
    const res = new Response();
    const out = formatter()({ err, res });
    expect(out.err).toBe(err);
    expect(out.res).toBe(res);
  });
});

describe('one log format', () => {
  it('is pretty at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });
});
