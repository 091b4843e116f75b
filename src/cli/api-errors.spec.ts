import { apiErrorOf } from './api-errors';

describe('apiErrorOf', () => {
  it("keeps the server's message and its field errors", () => {
    const error = apiErrorOf(
      400,
      JSON.stringify({
        statusCode: 400,
        message: 'request validation failed',
        errors: [{ path: 'reason', rule: 'isLength', message: 'too short', value: '"x"' }, { bogus: true }],
      }),
    );
    expect(error.message).toBe('HTTP 400: request validation failed');
    expect(error.fieldErrors).toEqual([
      { path: 'reason', rule: 'isLength', message: 'too short', value: '"x"' },
    ]);
    expect(error.routeMissing).toBe(false);
  });

  it('joins a message array (class-validator default) and falls back to error, then the status', () => {
    expect(apiErrorOf(400, JSON.stringify({ message: ['a is bad', 'b is bad'] })).serverMessage).toBe(
      'a is bad; b is bad',
    );
    expect(apiErrorOf(401, JSON.stringify({ error: 'bad-signature' })).serverMessage).toBe('bad-signature');
    expect(apiErrorOf(503, '').serverMessage).toBe('server error');
  });

  it("keeps the refusal's code (an authority code such as NIC 2270) and shows it before the message", () => {
    const error = apiErrorOf(
      409,
      JSON.stringify({
        statusCode: 409,
        code: '2270',
        message: 'the IRN can be cancelled only within 24 hours',
      }),
    );
    expect(error.code).toBe('2270');
    expect(error.message).toBe('HTTP 409 (code 2270): the IRN can be cancelled only within 24 hours');
    expect(apiErrorOf(422, JSON.stringify({ code: 2230, message: 'refused' })).code).toBe('2230');
    expect(apiErrorOf(400, JSON.stringify({ code: null, message: 'bad input' })).message).toBe(
      'HTTP 400: bad input',
    );
  });

  it('shows the start of a non-JSON body', () => {
    expect(apiErrorOf(502, '<html>Bad Gateway</html>').message).toBe('HTTP 502: <html>Bad Gateway</html>');
  });

  it('tells a missing route (older server) from a missing resource', () => {
    expect(
      apiErrorOf(404, JSON.stringify({ message: 'Cannot POST /submissions/x/cancel' })).routeMissing,
    ).toBe(true);
    expect(apiErrorOf(405, '').routeMissing).toBe(true);
    expect(apiErrorOf(404, JSON.stringify({ message: 'no submission x' })).routeMissing).toBe(false);
  });
});
