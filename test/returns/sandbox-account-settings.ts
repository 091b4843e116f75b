/** The return gateway settings of the sandbox's first account, at the sandbox's base URL. */
import type { ReturnGatewaySettings } from '../../src/compliance/returns';
import { DEFAULT_RETURNS_ACCOUNTS } from '@erp-connector/sandbox/returns';

export const SANDBOX_RETURNS_ACCOUNT = DEFAULT_RETURNS_ACCOUNTS[0];

export function sandboxAccountSettings(base: string): ReturnGatewaySettings {
  const account = SANDBOX_RETURNS_ACCOUNT;
  return {
    baseUrl: base,
    apiBaseUrl: `${base}/gst`,
    email: account.email,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    gstin: account.gstin,
    gstUsername: account.gstUsername,
    stateCode: account.gstin.slice(0, 2),
    ipAddress: '10.0.0.7',
  };
}
