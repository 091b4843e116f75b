/**
 * The sandbox keeps connections between calls, as the authorities' front ends do. Node's agent retires a
 * socket one second before the Keep-Alive timeout a server advertises, so a sandbox that advertised one
 * second made every call of the connector a new connection: a load run then measured TCP handshakes the
 * real IRP never costs.
 */
import { get, type IncomingMessage } from 'node:http';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';

/** One GET through Node's global agent (keep-alive, as axios uses it); whether it reused a socket. */
function call(url: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response: IncomingMessage) => {
      response.resume();
      response.on('end', () => resolve(request.reusedSocket));
    });
    request.on('error', reject);
  });
}

describe('sandbox keep-alive', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ only: ['einvoice'] });
  });
  afterAll(() => sandbox?.stop());

  it('answers calls one after another on one connection', async () => {
    const url = `${sandbox.urls.einvoiceApi}/__sandbox/einvoice/public-key`;
    const reused: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      reused.push(await call(url));
      // The agent puts a socket back in its free list on the tick after the answer ends.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reused).toEqual([false, true, true]);
  });
});
