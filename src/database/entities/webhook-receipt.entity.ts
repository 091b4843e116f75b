import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Remembers an Idempotency-Key per webhook instance with the request's hash and the answer given. */
@Entity('webhook_receipt')
export class WebhookReceiptEntity {
  @PrimaryColumn({ name: 'connector_instance_id', type: 'uuid' })
  connectorInstanceId!: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'text' })
  idempotencyKey!: string;

  @Column({ name: 'request_hash', type: 'text' })
  requestHash!: string;

  @Column({ name: 'response_status', type: 'int' })
  responseStatus!: number;

  @Column({ name: 'response_body', type: 'jsonb' })
  responseBody!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
