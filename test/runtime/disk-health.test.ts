/**
 * The data folder's disk filling up is said where an operator looks (issue 30, "the data disk full: the
 * service says so"): /health lists `disk` as degraded with the free space and the minimum kept
 * (schedule.minFreeDiskMb), while readiness stays 200 (the database still answers; a load balancer keeps
 * the service). Here the minimum is set above any real disk, so the check fails as a full disk would.
 */
import { json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

describe('health: the data folder disk', () => {
  let full: TestApp;
  beforeAll(async () => {
    full = await startTestApp({
      regimes: [],
      connectors: [],
      config: { schedule: { minFreeDiskMb: 2 ** 40 } },
    });
  });
  afterAll(async () => {
    await full?.close();
  });

  it('lists the disk as degraded with its figures, and stays ready', async () => {
    const body = await eventually(async () => {
      const answer = await json(
        await fetch(`${full.url}/health`, { headers: { 'X-API-Key': TEST_API_KEY } }),
      );
      return answer.details?.disk ? answer : undefined;
    });
    expect(body.degraded).toEqual(['disk']);
    expect(body.details.disk.status).toBe('down');
    expect(body.details.disk.message).toMatch(
      /^\d+ MB free on the data folder's disk \(.+\); at least \d+ MB kept: writes will fail \(disk full\)$/,
    );
    const anonymous = await json(await fetch(`${full.url}/health`));
    expect(anonymous.details.disk).toEqual({ status: 'down' });
    expect((await fetch(`${full.url}/health/ready`)).status).toBe(200);
  });
});
