import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { WebhookReceiptEntity } from '../entities';

@Injectable()
export class WebhookReceiptRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  find(
    connectorInstanceId: string,
    idempotencyKey: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<WebhookReceiptEntity | null> {
    return manager.findOneBy(WebhookReceiptEntity, { connectorInstanceId, idempotencyKey });
  }

  /** Returns false when another request with the same key won the race. */
  async insert(receipt: Omit<WebhookReceiptEntity, 'createdAt'>, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO webhook_receipt (connector_instance_id, idempotency_key, request_hash, response_status, response_body)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING idempotency_key`,
      [
        receipt.connectorInstanceId,
        receipt.idempotencyKey,
        receipt.requestHash,
        receipt.responseStatus,
        JSON.stringify(receipt.responseBody),
      ],
    );
    return rows.length > 0;
  }
}
