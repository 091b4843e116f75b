import { isTransactionConflict, retryingConflicts } from './transaction-conflict';
import { StatementFailedError } from './statement-error';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
const noPause = () => Promise.resolve();

describe('transaction conflicts', () => {
  it('recognises a deadlock and a serialization failure, bare, wrapped by TypeORM or named by statement', () => {
    expect(isTransactionConflict(deadlock)).toBe(true);
    expect(isTransactionConflict({ code: '40001' })).toBe(true);
    expect(isTransactionConflict({ query: 'INSERT', driverError: deadlock })).toBe(true);
    expect(
      isTransactionConflict(new StatementFailedError('INSERT INTO document', '40P01', undefined, [], 'x')),
    ).toBe(true);
    expect(isTransactionConflict({ code: '23505' })).toBe(false);
    expect(isTransactionConflict(new Error('connection terminated'))).toBe(false);
    expect(isTransactionConflict(undefined)).toBe(false);
  });

  it('runs the transaction again after a conflict and answers its result', async () => {
    let calls = 0;
    const result = await retryingConflicts(
      () => (++calls < 3 ? Promise.reject(deadlock) : Promise.resolve('ok')),
      3,
      noPause,
    );
    expect([result, calls]).toEqual(['ok', 3]);
  });

  it('gives up after the attempts, throwing the last conflict', async () => {
    let calls = 0;
    await expect(retryingConflicts(() => (calls++, Promise.reject(deadlock)), 3, noPause)).rejects.toBe(
      deadlock,
    );
    expect(calls).toBe(3);
  });

  it('never repeats a transaction that failed otherwise', async () => {
    let calls = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(retryingConflicts(() => (calls++, Promise.reject(unique)), 3, noPause)).rejects.toBe(unique);
    expect(calls).toBe(1);
  });
});
