/** Calls the sandbox's catalog A (GSP gateway) over real HTTP the way a GSP customer does. */
import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { DEFAULT_EINVOICE_ACCOUNTS, SANDBOX_GSTINS, type RunningSandbox } from '@erp-connector/sandbox';

export const EMAIL = 'ops@example.test';
const account = DEFAULT_EINVOICE_ACCOUNTS[0];

export interface GspEnvelope {
  status_cd: string;
  status_desc: string;
  data: Record<string, unknown> | null;
  info?: unknown;
}

export class GspCaller {
  private headers: Record<string, string> = {};

  constructor(
    private readonly sandbox: Pick<RunningSandbox, 'urls'>,
    readonly gstin: string = SANDBOX_GSTINS.karnatakaSeller,
  ) {}

  credentialHeaders(): Record<string, string> {
    return {
      client_id: account.clientId,
      client_secret: account.clientSecret,
      username: account.username,
      password: account.password,
      gstin: this.gstin,
      ip_address: '127.0.0.1',
    };
  }

  async authenticate(): Promise<void> {
    const auth = await axios.get<GspEnvelope>(`${this.sandbox.urls.einvoiceGsp}/einvoice/authenticate`, {
      params: { email: EMAIL },
      headers: this.credentialHeaders(),
    });
    this.headers = { ...this.credentialHeaders(), 'auth-token': String(auth.data.data?.AuthToken) };
  }

  /** An e-invoice operation (`/einvoice/type/{operation}/version/V1_03`): POST with a body, else GET. */
  einvoice(
    operation: string,
    body?: unknown,
    extra: AxiosRequestConfig = {},
  ): Promise<AxiosResponse<GspEnvelope>> {
    const url = `${this.sandbox.urls.einvoiceGsp}/einvoice/type/${operation}/version/V1_03`;
    const config: AxiosRequestConfig = {
      validateStatus: () => true,
      ...extra,
      headers: { ...this.headers, ...extra.headers },
      params: { email: EMAIL, ...extra.params },
    };
    return body === undefined ? axios.get(url, config) : axios.post(url, body, config);
  }
}

/** NIC's error codes out of a failed envelope's status_desc. */
export function errorCodes(envelope: GspEnvelope): string[] {
  return errorsOf(envelope).map((error) => error.ErrorCode);
}

export function errorsOf(envelope: GspEnvelope): { ErrorCode: string; ErrorMessage: string }[] {
  if (envelope.status_cd !== '0') return [];
  return JSON.parse(envelope.status_desc) as { ErrorCode: string; ErrorMessage: string }[];
}
