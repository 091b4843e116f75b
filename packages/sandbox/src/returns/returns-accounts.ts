/** Who may use the simulated return gateway: a GSP client, its registered e-mail and taxpayer users. */
export interface SandboxReturnsAccount {
  clientId: string;
  clientSecret: string;
  email: string;
  /** GST portal user name and the GSTIN it acts for. */
  gstUsername: string;
  gstin: string;
}

export const DEFAULT_RETURNS_ACCOUNTS: SandboxReturnsAccount[] = [
  {
    clientId: 'returns-client',
    clientSecret: 'returns-secret',
    email: 'tax@example.com',
    gstUsername: 'karnataka_buyer',
    gstin: '29AAACW4202F1ZM',
  },
];

/** The OTP the sandbox accepts, as GSP sandboxes publish one (WhiteBooks: 575757). */
export const SANDBOX_OTP = '575757';
