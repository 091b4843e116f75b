export * from './webhook-signature';
export * from './webhook.config';
export * from './webhook.connector';
export type { WebhookBody, WebhookItemResult } from './webhook-body';
