/**
 * Transport facts shared by both sides of the service (connectors' kit and compliance clients): how to
 * read a network failure and a Retry-After header, and the clock in-process waits are measured on. Imports nothing else of src/.
 */
export { readNetworkFailure } from './network-failure';
export type { NetworkFailure } from './network-failure';
export { retryAfterMs } from './retry-after';
