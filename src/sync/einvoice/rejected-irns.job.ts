/**
 * How often the scheduler enqueues the GETREJECTEDIRNS pass (one job across instances: keyed, stately
 * queue). Hourly: the list is a day's, and refusals already show on the submissions the pipeline sent;
 * the pass adds the ones sent by other channels and those whose answer was lost.
 */
export const REJECTED_IRNS_EVERY_SECONDS = 3600;
