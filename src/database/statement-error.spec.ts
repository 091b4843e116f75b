import { StatementFailedError, statementFailure, statementName, withoutQueryValues } from './statement-error';

describe('failed statements', () => {
  it('names a statement by verb and table', () => {
    expect(
      statementName('INSERT INTO document (id, raw)\n SELECT id, raw FROM json_to_recordset($1::json)'),
    ).toBe('INSERT INTO document');
    expect(statementName('UPDATE "submission" SET "state" = $1 WHERE id = $2')).toBe('UPDATE submission');
    expect(statementName('SELECT s.irn FROM submission s JOIN document d ON true')).toBe('SELECT submission');
    expect(statementName('BEGIN')).toBe('SQL');
  });

  const queryFailed = Object.assign(
    new Error('duplicate key value violates unique constraint "document_erp"'),
    {
      query: 'INSERT INTO document (raw) SELECT raw FROM json_to_recordset($1::json)',
      parameters: ['{"buyer":{"legalName":"Secret Buyer"}}'],
      detail: 'Key (erp_id)=(x) already exists.',
      code: '23505',
      constraint: 'document_erp',
    },
  );

  it('turns a query failure into one naming the statement and the documents only', () => {
    const failure = statementFailure(queryFailed, ['order-1']);
    expect(failure).toBeInstanceOf(StatementFailedError);
    const error = failure as StatementFailedError;
    expect(error.message).toBe(
      'INSERT INTO document failed (23505): duplicate key value violates unique constraint "document_erp"; documents: order-1',
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'document_erp' });
    expect(JSON.stringify(error)).not.toContain('Secret Buyer');
    const other = new Error('not SQL');
    expect(statementFailure(other, [])).toBe(other);
  });

  it('strips parameters, query text and detail from a serialised error, and a trailing quoted value', () => {
    const serialised = {
      type: 'QueryFailedError',
      stack: 's',
      ...queryFailed,
      message: 'invalid input: "Secret"',
    };
    expect(withoutQueryValues(serialised)).toEqual({
      type: 'QueryFailedError',
      message: 'invalid input: (value not shown)',
      stack: 's',
      code: '23505',
      constraint: 'document_erp',
      statement: 'INSERT INTO document',
    });
    const plain = { type: 'Error', message: 'm', stack: 's' };
    expect(withoutQueryValues(plain)).toBe(plain);
  });
});
