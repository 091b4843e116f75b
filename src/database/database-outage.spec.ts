import { isDatabaseUnavailable } from './database-outage';

function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin shutdown', pgError('terminating connection due to administrator command', '57P01')],
    ['starting or stopping', pgError('the database system is shutting down', '57P03')],
    ['connection exception', pgError('connection failure', '08006')],
    ['refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['pg client cut off', pgError('Connection terminated unexpectedly')],
    ['wrapped', Object.assign(new Error('query failed'), { cause: pgError('x', '57P01') })],
  ])('%s: yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', pgError('syntax error at or near "SELEC"', '42601')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
