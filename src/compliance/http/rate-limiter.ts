/** The pacing port lives in ports/, where database/ (its shared limiter) knows it without compliance/. */
export type { RateLimiter } from '../../ports';
