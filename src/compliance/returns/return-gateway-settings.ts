/**
 * Settings of one taxpayer's access to the GST return gateway through a GSP. Response fields the
 * published catalog leaves out ("not shown") are provider configuration with the defaults below,
 * taken from the GSP family this project targets (WhiteBooks/MasterGST: envelope
 * {status_cd, status_desc, header: {txn}, data, error: {error_cd, message}}, 6 h authorization).
 */
export interface ReturnGatewaySettings {
  /** Catalog A base URL (gateway paths /public, /authentication, /gstr1, /gstr, /gstr2b). */
  baseUrl: string;
  /** Catalog B entry point ({base_url}/gst); needed only when GSTR-2B is fetched by variant B. */
  apiBaseUrl?: string;
  /** The e-mail registered with the GSP account, sent as `email` on every call. */
  email: string;
  clientId: string;
  clientSecret: string;
  /** The taxpayer's GSTIN and GST portal user name. */
  gstin: string;
  gstUsername: string;
  /** Two-digit state code of the GSTIN. */
  stateCode: string;
  /** The end user's IP address, sent as `ip_address`. */
  ipAddress: string;
  /**
   * How long an authorization lasts when the gateway's answer carries no `expiry`; default 60 minutes
   * (the published access token lifetime). The answer's `expiry` always wins.
   */
  sessionMinutes?: number;
  /** How long a requested OTP may be submitted; default 10 minutes. */
  otpMinutes?: number;
  /** Which catalog fetches GSTR-2B: A (`GET /gstr2b/all`, default) or B (`POST /api/v1/gstr2b/fetch`). */
  gstr2bCatalog?: 'A' | 'B';
  /**
   * Variant B's token endpoint relative to apiBaseUrl (the catalog does not show it): an OAuth2
   * client-credentials form POST answered {access_token, expires_in}; default `/oauth/token`, and the
   * published 1 hour when expires_in is absent.
   */
  apiTokenPath?: string;
}

export const DEFAULT_API_TOKEN_PATH = '/oauth/token';

export { DEFAULT_SESSION_MINUTES } from './session-expiry';
export const DEFAULT_OTP_MINUTES = 10;
