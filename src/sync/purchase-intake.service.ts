/**
 * Takes a verified purchase body (`POST /webhooks/:instance/purchases`): reads each bill with the
 * connector's rules, keeps every readable one and withdraws every cancelled one in one transaction, and
 * answers per item. Keyed by (instance, erpId): a re-push of the same bill changes nothing ("unchanged"), a
 * changed one replaces it ("updated"). A bad item is reported with its field paths and never holds back the
 * others; the body is refused (400) only when it is not a batch or no item in it could be read.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConnectorError, isPushSource, type PushedPurchase } from '../connectors';
import { isTransactionConflict, retryingConflicts } from '../database';
import { PushedPurchaseRepository, type PushedPurchaseResult } from '../database/repositories';
import type { FieldError } from '../domain';
import type { LiveConnector } from './connector-runtime.service';

export type PurchaseItemResult = PushedPurchaseResult | 'cancelled' | 'not-found';

export interface PurchaseIntakeAnswer {
  status: 200 | 400;
  body: {
    /** Each readable item: what it did to the stored register. */
    accepted: { index: number; erpId: string; result: PurchaseItemResult }[];
    /** Items with field errors (paths within the item); nothing of them was stored. */
    rejected: { index: number; errors: FieldError[] }[];
    message?: string;
    errors?: FieldError[];
  };
}

@Injectable()
export class PurchaseIntakeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly purchases: PushedPurchaseRepository,
  ) {}

  async receive(live: LiveConnector, body: unknown): Promise<PurchaseIntakeAnswer> {
    const { connector } = live;
    if (!isPushSource(connector) || !connector.readPurchases) {
      throw new ConnectorError(
        'config',
        `connector ${live.name} (${live.kind}) does not take pushed purchases`,
      );
    }
    const read = connector.readPurchases(body);
    if (!read.ok) {
      return {
        status: 400,
        body: {
          accepted: [],
          rejected: [],
          message: 'the body is not a purchase batch',
          errors: read.errors,
        },
      };
    }
    const rejected = read.items
      .filter((item) => item.errors !== undefined)
      .map((item) => ({ index: item.index, errors: item.errors ?? [] }));
    const readable = read.items.filter(
      (item): item is typeof item & { purchase: PushedPurchase } => item.purchase !== undefined,
    );
    if (readable.length === 0) {
      return {
        status: 400,
        body: {
          accepted: [],
          rejected,
          message: 'no purchase in the body could be read; each item names its errors',
          errors: rejected.flatMap((item) => item.errors),
        },
      };
    }
    const results = await retryingConflicts(() => this.store(live.name, readable)).catch((error: unknown) => {
      if (!isTransactionConflict(error)) throw error;
      throw new ConnectorError(
        'transient',
        'the batch met concurrent work in the database (deadlock) three times; nothing was stored, send it again',
      );
    });
    return {
      status: 200,
      body: {
        accepted: readable.map((item) => {
          const erpId = erpIdOf(item.purchase);
          return { index: item.index, erpId, result: results.get(erpId) ?? 'unchanged' };
        }),
        rejected,
      },
    };
  }

  /** One transaction: every bill kept and every cancellation done, or none. */
  private store(
    connector: string,
    items: readonly { purchase: PushedPurchase }[],
  ): Promise<Map<string, PurchaseItemResult>> {
    return this.dataSource.transaction(async (manager) => {
      const bills = items.flatMap(({ purchase }) => (purchase.kind === 'bill' ? [purchase] : []));
      const cancelled = items.flatMap(({ purchase }) =>
        purchase.kind === 'cancelled' ? [purchase.erpId] : [],
      );
      const results = new Map<string, PurchaseItemResult>(
        await this.purchases.store(connector, bills, manager),
      );
      const deleted = await this.purchases.cancel(connector, cancelled, manager);
      for (const erpId of cancelled) results.set(erpId, deleted.has(erpId) ? 'cancelled' : 'not-found');
      return results;
    });
  }
}

function erpIdOf(purchase: PushedPurchase): string {
  return purchase.kind === 'bill' ? purchase.record.erpId : purchase.erpId;
}
