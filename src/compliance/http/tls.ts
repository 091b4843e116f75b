/** Every call to a tax authority or GSP goes over TLS 1.2 or newer. */
import { Agent } from 'node:https';

export const TLS12_AGENT = new Agent({ keepAlive: true, minVersion: 'TLSv1.2' });
