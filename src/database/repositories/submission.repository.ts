import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { HeldSubmissions } from '../../ports';
import { type SubmissionIdentifierColumns, SubmissionState } from '../../domain';
import { SubmissionEntity } from '../entities';
import { insertFromJson } from './insert-from-json';
import { returnedRows } from './returned-rows';

export interface SubmissionFilter {
  ids?: string[];
  state?: string;
  states?: string[];
  regime?: string;
  errorClass?: string;
  connectorInstanceId?: string;
  dateFrom?: string;
  dateTo?: string;
  limit: number;
  offset: number;
}

/** A document whose registration holds an IRN. */
export interface IrnHolder {
  irn: string;
  documentId: string;
  erpId: string;
  docNumber: string | null;
}

export type SubmissionPatch = Partial<Omit<SubmissionEntity, 'id' | 'documentId' | 'regime' | 'createdAt'>>;

/**
 * A regime's identifier projection (RegimeDescriptor.projectIdentifiers) as submission columns: only the
 * columns the regime projects are set; the others keep their values.
 */
export function identifierColumnsPatch(columns: SubmissionIdentifierColumns): SubmissionPatch {
  const patch: SubmissionPatch = {};
  for (const [column, value] of Object.entries(columns) as [keyof SubmissionIdentifierColumns, unknown][]) {
    if (value !== undefined) Object.assign(patch, { [column]: value });
  }
  return patch;
}

export interface SubmissionMove {
  id: string;
  patch: SubmissionPatch;
}

interface PatchColumn {
  property: keyof SubmissionPatch;
  name: string;
  type: string;
}

const HEAVY_COLUMNS = new Set(['request_payload', 'response']);

/** Moves grouped by the set of columns their patches set: each group is one UPDATE. */
function groupByShape(moves: readonly SubmissionMove[]): SubmissionMove[][] {
  const shapes = new Map<string, SubmissionMove[]>();
  for (const move of moves) {
    const shape = Object.keys(move.patch).sort().join(',');
    const group = shapes.get(shape);
    if (group) group.push(move);
    else shapes.set(shape, [move]);
  }
  return [...shapes.values()];
}

@Injectable()
export class SubmissionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<SubmissionEntity | null> {
    return manager.findOneBy(SubmissionEntity, { id });
  }

  async findByIds(
    ids: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity[]> {
    if (ids.length === 0) return [];
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT * FROM submission WHERE id = ANY($1::uuid[])`,
      [[...ids]],
    );
    return rows.map((row) => manager.create(SubmissionEntity, this.fromRaw(row)));
  }

  forDocument(
    documentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity[]> {
    return manager.find(SubmissionEntity, { where: { documentId }, order: { regime: 'ASC' } });
  }

  forDocuments(documentIds: string[]): Promise<SubmissionEntity[]> {
    if (documentIds.length === 0) return Promise.resolve([]);
    return this.dataSource.manager.find(SubmissionEntity, { where: { documentId: In(documentIds) } });
  }

  async insert(submission: Partial<SubmissionEntity>, manager: EntityManager): Promise<SubmissionEntity> {
    return manager.save(manager.create(SubmissionEntity, submission));
  }

  /** One multi-row INSERT; returns the new ids in the order of the rows. */
  /** The registrations (IRN with an AckNo) holding any of `irns`, with their documents' ERP ids and numbers. */
  async registrationsHolding(
    irns: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<IrnHolder[]> {
    if (irns.length === 0) return [];
    const rows: { irn: string; document_id: string; erp_id: string; doc_number: string | null }[] =
      await manager.query(
        `SELECT s.irn, s.document_id, d.erp_id, d.doc_number
         FROM submission s JOIN document d ON d.id = s.document_id
         WHERE s.irn = ANY($1::text[]) AND s.ack_no IS NOT NULL`,
        [[...irns]],
      );
    return rows.map((row) => ({
      irn: row.irn,
      documentId: row.document_id,
      erpId: row.erp_id,
      docNumber: row.doc_number,
    }));
  }

  insertMany(rows: Partial<SubmissionEntity>[], manager: EntityManager): Promise<string[]> {
    return insertFromJson(manager, SubmissionEntity, rows);
  }

  /**
   * Compare-and-set: moves the submission to `to` only if it is still in one of `from`. Returns the
   * updated row, or null when another process got there first. This is what makes every step safe to
   * run twice.
   */
  async transition(
    id: string,
    from: readonly SubmissionState[],
    to: SubmissionState,
    patch: SubmissionPatch,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity | null> {
    const result = await manager
      .createQueryBuilder()
      .update(SubmissionEntity)
      .set({ ...patch, state: to })
      .where('id = :id', { id })
      .andWhere('state IN (:...from)', { from })
      .returning('*')
      .execute();
    const rows = result.raw as Record<string, unknown>[];
    if (rows.length === 0) return null;
    return manager.create(SubmissionEntity, this.fromRaw(rows[0]));
  }

  /**
   * Compare-and-set for many submissions at once: each moves to `to` with its own patch only if it is
   * still in one of `from`. Moves whose patches set the same columns share one UPDATE, which reads the
   * per-row values from a single JSON parameter. Returns the rows that moved, without their request
   * and response documents (see findLightByIds).
   */
  async transitionMany(
    moves: readonly SubmissionMove[],
    from: readonly SubmissionState[],
    to: SubmissionState,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity[]> {
    const moved: SubmissionEntity[] = [];
    for (const group of groupByShape(moves)) {
      const columns = this.patchColumns(group);
      // What the patch set comes back from the patch, not from the database: a registration's signed
      // tokens are kilobytes a row, read back only to be parsed again.
      const echoed = columns.filter((column) => !HEAVY_COLUMNS.has(column.name));
      const returning = this.lightColumns('s.', new Set(echoed.map((column) => column.name)));
      const rows = await this.updateGroup(group, columns, from, to, returning, manager);
      const patches = new Map(group.map((move) => [move.id, move.patch]));
      for (const row of rows) {
        const values: Record<string, unknown> = this.fromRaw(row);
        const patch = patches.get(row.id as string) ?? {};
        for (const column of echoed) values[column.property] = patch[column.property] ?? null;
        moved.push(manager.create(SubmissionEntity, values));
      }
    }
    return moved;
  }

  /**
   * The same compare-and-set, for callers that only need to know which submissions moved: the UPDATE
   * returns their ids and nothing else (a registered row's identifiers alone are kilobytes).
   */
  async transitionManyIds(
    moves: readonly SubmissionMove[],
    from: readonly SubmissionState[],
    to: SubmissionState,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Set<string>> {
    const moved = new Set<string>();
    for (const group of groupByShape(moves)) {
      const rows = await this.updateGroup(group, this.patchColumns(group), from, to, 's.id', manager);
      for (const row of rows) moved.add(row.id as string);
    }
    return moved;
  }

  /** One UPDATE for moves whose patches set the same columns, the values read from one JSON parameter. */
  private async updateGroup(
    group: readonly SubmissionMove[],
    columns: readonly PatchColumn[],
    from: readonly SubmissionState[],
    to: SubmissionState,
    returning: string,
    manager: EntityManager,
  ): Promise<Record<string, unknown>[]> {
    const records = group.map((move) => {
      const record: Record<string, unknown> = { id: move.id };
      for (const column of columns) record[column.name] = move.patch[column.property] ?? null;
      return record;
    });
    const assignments = columns.map((column) =>
      column.type === 'jsonb'
        ? `${column.name} = NULLIF(v.${column.name}, 'null'::jsonb)`
        : `${column.name} = v.${column.name}`,
    );
    // Entering SUBMITTING is a claim, as in claimManyForSubmit: one more attempt, the lease starts now.
    if (to === SubmissionState.Submitting) {
      assignments.push('attempts = s.attempts + 1', 'submitting_since = now()');
    }
    // A write-back claim (claimWriteBacks) holds only in WRITEBACK_PENDING: leaving it gives the claim back.
    if (to !== SubmissionState.WritebackPending) assignments.push('writeback_claimed_until = NULL');
    const definitions = ['id uuid', ...columns.map((column) => `${column.name} ${column.type}`)];
    // The rows are locked in id order before they are changed: two batches that share rows (a batch job
    // and the sweep's jobs for the same waiting submissions) would otherwise lock them in the order of
    // their own lists and deadlock when those cross (test/database/batch-move-lock-order.test.ts).
    // The compare-and-set on `from` is the lock's: a locked row is changed by nobody else meanwhile.
    const result: unknown = await manager.query(
      `WITH v AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(${definitions.join(', ')})),
            locked AS MATERIALIZED (
              SELECT s.id FROM submission s
               WHERE s.id IN (SELECT v.id FROM v) AND s.state = ANY($3::text[])
               ORDER BY s.id FOR UPDATE OF s)
       UPDATE submission s SET ${['state = $2', 'updated_at = now()', ...assignments].join(', ')}
       FROM v JOIN locked ON locked.id = v.id
       WHERE s.id = v.id
       RETURNING ${returning}`,
      [JSON.stringify(records), to, [...from]],
    );
    return returnedRows<Record<string, unknown>>(result);
  }

  /** The columns a group's patches set (they all set the same ones). */
  private patchColumns(group: readonly SubmissionMove[]): PatchColumn[] {
    return Object.keys(group[0]?.patch ?? {})
      .sort()
      .map((property) => this.column(property));
  }

  /** Claims every one of `ids` that is due for sending (READY, or RETRY whose time has come). */
  async claimManyForSubmit(
    ids: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity[]> {
    if (ids.length === 0) return [];
    const result: unknown = await manager.query(
      `UPDATE submission SET state = $2, attempts = attempts + 1, submitting_since = now(), updated_at = now()
       WHERE id = ANY($1::uuid[]) AND state IN ($3, $4) AND (next_attempt_at IS NULL OR next_attempt_at <= now())
       RETURNING *`,
      [[...ids], SubmissionState.Submitting, SubmissionState.Ready, SubmissionState.Retry],
    );
    return returnedRows<Record<string, unknown>>(result).map((row) =>
      manager.create(SubmissionEntity, this.fromRaw(row)),
    );
  }

  /**
   * Sets when each RETRY submission is next due as a delay from the database's clock, the clock that
   * claimManyForSubmit and the sweep judge it by: a time computed by the service would be off by however
   * far the service's clock is from the database's (an hour ahead: a 2 s backoff waited an hour).
   */
  async scheduleNextAttempts(
    delays: readonly { id: string; delayMs: number }[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (delays.length === 0) return;
    await manager.query(
      `UPDATE submission s SET next_attempt_at = now() + v.ms * interval '1 millisecond'
         FROM unnest($1::uuid[], $2::float8[]) AS v(id, ms)
        WHERE s.id = v.id AND s.state = $3`,
      [delays.map((d) => d.id), delays.map((d) => d.delayMs), SubmissionState.Retry],
    );
  }

  /**
   * Whether the submission's row changed less than `seconds` ago, by the database's clock (updated_at is
   * the database's now(); the service's clock may be off from it). A row not found: false.
   */
  async updatedWithin(id: string, seconds: number): Promise<boolean> {
    const rows: { within: boolean }[] = await this.dataSource.query(
      `SELECT updated_at > now() - make_interval(secs => $2) AS within FROM submission WHERE id = $1`,
      [id, seconds],
    );
    return rows[0]?.within === true;
  }

  /**
   * Renews the SUBMITTING lease of submissions whose call is still in progress, so that the sweep does not
   * take a slow but live send for a dead worker's. Rows that have left SUBMITTING are not touched.
   */
  async renewSubmittingLease(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE submission SET submitting_since = now() WHERE id = ANY($1::uuid[]) AND state = $2`,
      [[...ids], SubmissionState.Submitting],
    );
  }

  /** Submissions the sweep should (re)enqueue: work waiting in a state a job moves on. */
  /**
   * How many `regime` submissions wait in RETRY with `errorCode` and a request payload naming
   * `payloadKey` = `value` (ZATCA: held for an EGS unit whose CSID was refused).
   */
  async countHeld(held: HeldSubmissions): Promise<number> {
    const rows: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM submission
        WHERE regime = $1 AND state = $2 AND error_code = $3 AND request_payload->>$4 = $5`,
      [held.regime, SubmissionState.Retry, held.errorCode, held.payloadKey, held.value],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Makes those submissions due now; returns their ids. */
  async releaseHeld(held: HeldSubmissions): Promise<string[]> {
    const result: unknown[] = await this.dataSource.query(
      `UPDATE submission SET next_attempt_at = now(), updated_at = now()
        WHERE regime = $1 AND state = $2 AND error_code = $3 AND request_payload->>$4 = $5
        RETURNING id`,
      [held.regime, SubmissionState.Retry, held.errorCode, held.payloadKey, held.value],
    );
    const rows = (Array.isArray(result[0]) ? result[0] : result) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * The `regime` submission of the oldest sales document with this seller, type, number and ISO date (of
   * one connector instance when given), with the document's id, instance and number.
   */
  async ofSalesDocument(
    regime: string,
    key: { sellerGstin: string; docType: string; docNo: string; isoDate: string },
    connectorInstanceId: string | undefined,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<
    | { submission: SubmissionEntity; documentId: string; connectorInstanceId: string; docNumber: string }
    | undefined
  > {
    const rows: {
      submission_id: string;
      document_id: string;
      connector_instance_id: string;
      doc_number: string;
    }[] = await manager.query(
      `SELECT s.id AS submission_id, d.id AS document_id, d.connector_instance_id, d.doc_number
         FROM document d JOIN submission s ON s.document_id = d.id AND s.regime = $6
         WHERE d.direction = 'sales' AND d.seller_tax_id = $1 AND d.doc_type = $2 AND d.doc_number = $3
           AND d.doc_date = $4::date AND ($5::uuid IS NULL OR d.connector_instance_id = $5::uuid)
         ORDER BY d.created_at LIMIT 1`,
      [key.sellerGstin, key.docType, key.docNo, key.isoDate, connectorInstanceId ?? null, regime],
    );
    const row = rows[0];
    if (!row) return undefined;
    const submission = await this.findById(row.submission_id, manager);
    if (!submission) return undefined;
    return {
      submission,
      documentId: row.document_id,
      connectorInstanceId: row.connector_instance_id,
      docNumber: row.doc_number,
    };
  }

  async findActionable(limit: number): Promise<Pick<SubmissionEntity, 'id' | 'state'>[]> {
    const rows: { id: string; state: SubmissionState }[] = await this.dataSource.query(
      `SELECT id, state FROM submission
       WHERE state IN ('RECEIVED', 'READY', 'REGISTERED', 'WRITEBACK_PENDING')
          OR (state = 'RETRY' AND (next_attempt_at IS NULL OR next_attempt_at <= now()))
       ORDER BY updated_at ASC LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /**
   * Takes the write-back of these WRITEBACK_PENDING submissions for `leaseSeconds`; returns the ids this
   * caller may write back now. One another writer holds (the sweep's job beside the in-process
   * write-back after registration) is left to it; a claim of a writer that died lapses with its lease.
   */
  async claimWriteBacks(ids: readonly string[], leaseSeconds: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result: unknown = await this.dataSource.query(
      `UPDATE submission SET writeback_claimed_until = now() + make_interval(secs => $2)
        WHERE id = ANY($1::uuid[]) AND state = 'WRITEBACK_PENDING'
          AND (writeback_claimed_until IS NULL OR writeback_claimed_until < now())
        RETURNING id`,
      [[...ids], leaseSeconds],
    );
    return new Set(returnedRows<{ id: string }>(result).map((row) => row.id));
  }

  /** Keeps the write-back claims of `ids` while their ERP call runs (a dead writer's lapse one lease later). */
  async renewWriteBackClaims(ids: readonly string[], leaseSeconds: number): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE submission SET writeback_claimed_until = now() + make_interval(secs => $2)
        WHERE id = ANY($1::uuid[]) AND state = 'WRITEBACK_PENDING' AND writeback_claimed_until IS NOT NULL`,
      [[...ids], leaseSeconds],
    );
  }

  /**
   * Gives claims back for write-backs that failed or did not move on (a retry takes them again); a move
   * out of WRITEBACK_PENDING gives its claim back itself (updateGroup).
   */
  async releaseWriteBacks(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE submission SET writeback_claimed_until = NULL
        WHERE id = ANY($1::uuid[]) AND writeback_claimed_until IS NOT NULL`,
      [[...ids]],
    );
  }

  /** SUBMITTING for longer than the lease: the process that held it died mid-call. */
  async releaseStale(leaseSeconds: number): Promise<SubmissionEntity[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE submission SET state = 'RETRY', outcome_unknown = true, next_attempt_at = now(),
         error_class = 'unknown-outcome', error_message = 'worker stopped while submitting; will look up before resending',
         updated_at = now()
       WHERE state = 'SUBMITTING' AND submitting_since < now() - make_interval(secs => $1)
       RETURNING *`,
      [leaseSeconds],
    );
    return returnedRows<Record<string, unknown>>(result).map((row) =>
      this.dataSource.manager.create(SubmissionEntity, this.fromRaw(row)),
    );
  }

  async list(filter: SubmissionFilter): Promise<{ items: SubmissionEntity[]; total: number }> {
    const query = this.filtered(filter)
      .orderBy('s.updatedAt', 'DESC')
      .addOrderBy('s.id', 'ASC')
      .take(filter.limit)
      .skip(filter.offset);
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  /**
   * The page after `afterId` of the submissions `filter` selects, in id order, each with its document's
   * connector instance. Walked page by page it sees every row once, however rows change meanwhile; pages by
   * offset over `list`'s order (latest change first) see a row updated during the walk twice and skip one
   * that leaves the filter.
   */
  async pageById(
    filter: Omit<SubmissionFilter, 'limit' | 'offset'>,
    afterId: string | undefined,
    limit: number,
  ): Promise<{ submission: SubmissionEntity; connectorInstanceId: string }[]> {
    const query = this.filtered(filter)
      .addSelect('d.connector_instance_id', 'connector_instance_id')
      .orderBy('s.id', 'ASC')
      .limit(limit);
    if (afterId) query.andWhere('s.id > :afterId', { afterId });
    const { entities, raw } = await query.getRawAndEntities<{ connector_instance_id: string }>();
    return entities.map((submission, i) => ({
      submission,
      connectorInstanceId: raw[i].connector_instance_id,
    }));
  }

  private filtered(filter: Omit<SubmissionFilter, 'limit' | 'offset'>) {
    const query = this.dataSource.manager
      .createQueryBuilder(SubmissionEntity, 's')
      .innerJoin('document', 'd', 'd.id = s.document_id');
    if (filter.ids?.length) query.andWhere('s.id IN (:...ids)', { ids: filter.ids });
    if (filter.state) query.andWhere('s.state = :state', { state: filter.state });
    if (filter.states?.length) query.andWhere('s.state IN (:...states)', { states: filter.states });
    if (filter.regime) query.andWhere('s.regime = :regime', { regime: filter.regime });
    if (filter.errorClass) query.andWhere('s.error_class = :ec', { ec: filter.errorClass });
    if (filter.connectorInstanceId)
      query.andWhere('d.connector_instance_id = :ci', { ci: filter.connectorInstanceId });
    if (filter.dateFrom) query.andWhere('d.doc_date >= :from', { from: filter.dateFrom });
    if (filter.dateTo) query.andWhere('d.doc_date <= :to', { to: filter.dateTo });
    return query;
  }

  /**
   * Submissions without their two large documents (the request sent and the authority's response, some
   * kilobytes each): what a batch step needs to decide and record, at a fraction of the parsing.
   */
  findLightByIds(
    ids: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubmissionEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager
      .query(`SELECT ${this.lightColumns('')} FROM submission WHERE id = ANY($1::uuid[])`, [[...ids]])
      .then((rows: Record<string, unknown>[]) =>
        rows.map((row) => manager.create(SubmissionEntity, this.fromRaw(row))),
      );
  }

  /** Every column but request_payload, response and any of `except`, as a select list. */
  private lightColumns(prefix: string, except: ReadonlySet<string> = new Set()): string {
    return this.dataSource
      .getMetadata(SubmissionEntity)
      .columns.map((column) => column.databaseName)
      .filter((name) => !HEAVY_COLUMNS.has(name) && !except.has(name))
      .map((name) => prefix + name)
      .join(', ');
  }

  /** A patchable property's column name and SQL type, from TypeORM's metadata. */
  private column(property: string): PatchColumn {
    const column = this.dataSource.getMetadata(SubmissionEntity).findColumnWithPropertyName(property);
    if (!column) throw new Error(`submission has no property ${property}`);
    const type = typeof column.type === 'string' ? column.type : 'text';
    return { property: property as keyof SubmissionPatch, name: column.databaseName, type };
  }

  /**
   * Maps a raw snake_case row to entity property names using TypeORM's metadata. The pg driver already
   * gives every submission column its entity type (no `date` column here; see hydrateRows for those).
   */
  private fromRaw(row: Record<string, unknown>): Partial<SubmissionEntity> {
    const metadata = this.dataSource.getMetadata(SubmissionEntity);
    const out: Record<string, unknown> = {};
    for (const column of metadata.columns) {
      if (column.databaseName in row) out[column.propertyName] = row[column.databaseName];
    }
    return out;
  }
}
