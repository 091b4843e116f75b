export * from './india-invoice.fixture';
export * from './saudi-invoice.fixture';
