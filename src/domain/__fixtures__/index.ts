export * from './india-invoice.fixture';
export * from './saudi-invoice.fixture';
export { pick, randomDecimalText, randomSource } from './random-source';
