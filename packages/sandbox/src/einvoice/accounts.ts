/** Who may call the simulated IRP: API clients, their users and the GSTINs each may act for. */
export interface SandboxEinvoiceAccount {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  gstins: string[];
  /** The e-mail registered with the account; catalog B's seed-literal mode demands it in the `email` header. */
  email?: string;
}

/** The e-mail of the default account. */
export const SANDBOX_ACCOUNT_EMAIL = 'accounts@sandbox.example';

/** Check-digit-valid GSTINs made up for the sandbox (not real taxpayers). */
export const SANDBOX_GSTINS = {
  karnatakaSeller: '29AABCS1429B1ZQ',
  maharashtraSeller: '27AAACR5055K1Z7',
  delhiBuyer: '07AAACI1681G1ZR',
  tamilNaduBuyer: '33AAACT2727Q1Z3',
  gujaratBuyer: '24AAACC1206D1ZM',
  karnatakaBuyer: '29AAACW4202F1ZM',
} as const;

export const DEFAULT_EINVOICE_ACCOUNTS: SandboxEinvoiceAccount[] = [
  {
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    username: 'sandbox_user',
    password: 'Sandbox@123',
    email: SANDBOX_ACCOUNT_EMAIL,
    gstins: [SANDBOX_GSTINS.karnatakaSeller, SANDBOX_GSTINS.maharashtraSeller],
  },
];
