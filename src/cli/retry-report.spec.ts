import { chunk, formatRetryReport, mergeRetryAnswers } from './retry-report';

describe('retry report', () => {
  it('merges chunk answers in order', () => {
    const merged = mergeRetryAnswers([
      { retried: [{ submissionId: 'a', from: 'REJECTED', to: 'RECEIVED' }], skipped: [] },
      { retried: [], skipped: [{ submissionId: 'b', state: 'READY', why: 'not in a retryable state' }] },
    ]);
    expect(merged.retried.map((r) => r.submissionId)).toEqual(['a']);
    expect(merged.skipped.map((s) => s.submissionId)).toEqual(['b']);
  });

  it('prints the totals, each retried transition and each skip with its reason', () => {
    const text = formatRetryReport({
      retried: [{ submissionId: 'a', from: 'REJECTED', to: 'RECEIVED' }],
      skipped: [{ submissionId: 'b', state: 'READY', why: 'not in a retryable state' }],
    });
    expect(text).toBe(
      'retried 1, skipped 1\n  retried  a  REJECTED -> RECEIVED\n  skipped  b  READY: not in a retryable state\n',
    );
  });

  it('stops listing after the limit and counts the rest by reason', () => {
    const skipped = [
      ...Array.from({ length: 3 }, (_, i) => ({
        submissionId: `u${i}`,
        state: 'unknown',
        why: 'no such submission',
      })),
      { submissionId: 'r', state: 'READY', why: 'not in a retryable state' },
    ];
    const text = formatRetryReport({ retried: [], skipped }, 2);
    expect(text).toContain('skipped  u1');
    expect(text).not.toContain('skipped  u2');
    expect(text).toContain(
      '... and 2 more skipped (in all: 3 no such submission, 1 not in a retryable state)',
    );
  });
});

describe('chunk', () => {
  it('splits into pieces of at most the size, keeping order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 100)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});
