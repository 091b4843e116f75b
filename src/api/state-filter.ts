import { FAILURE_STATES } from '../domain';

/**
 * The states a list or a bulk action selects: one state when given, else every failure state when
 * `failing` is set (the failure queue as one filter, so that it pages and bulk-acts as one), else any.
 */
export function statesOf(state: string | undefined, failing: boolean | undefined): string[] | undefined {
  if (state) return [state];
  return failing ? [...FAILURE_STATES] : undefined;
}
