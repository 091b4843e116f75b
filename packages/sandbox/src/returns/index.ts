export { RETURNS_SERVICE, returnsSimulator } from './returns-simulator';
export type {
  ReturnsSandboxOptions,
  ReturnsSimulatorHandle,
  ReturnsSimulatorOptions,
} from './returns-simulator';
export { DEFAULT_RETURNS_ACCOUNTS, SANDBOX_OTP } from './returns-accounts';
export type { SandboxReturnsAccount } from './returns-accounts';
export { seedPurchaseBook } from './seeded-purchase-book';
export type { ExpectedCategory, ExpectedOutcome, SeededPeriod, SeededPurchase } from './seeded-purchase-book';
