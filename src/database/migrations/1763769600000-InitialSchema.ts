import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE connector_instance (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL UNIQUE,
        kind text NOT NULL,
        config jsonb NOT NULL DEFAULT '{}',
        enabled boolean NOT NULL DEFAULT true,
        cursor jsonb,
        last_pull_at timestamptz,
        last_pull_stats jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE document (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connector_instance_id uuid NOT NULL REFERENCES connector_instance(id),
        erp_id text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('sales', 'purchase')),
        doc_type text,
        doc_number text,
        doc_date date,
        seller_tax_id text,
        buyer_tax_id text,
        canonical jsonb,
        normalisation_errors jsonb,
        raw jsonb,
        source_ref text,
        content_hash text NOT NULL,
        altered_after_registration boolean NOT NULL DEFAULT false,
        erp_deleted boolean NOT NULL DEFAULT false,
        overrides jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT document_instance_erp_id UNIQUE (connector_instance_id, erp_id)
      )`);
    await q.query(`CREATE INDEX document_doc_date ON document (doc_date)`);
    await q.query(`CREATE INDEX document_doc_number ON document (doc_number)`);
    await q.query(`
      CREATE TABLE submission (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        document_id uuid NOT NULL REFERENCES document(id) ON DELETE CASCADE,
        regime text NOT NULL,
        state text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        outcome_unknown boolean NOT NULL DEFAULT false,
        submitting_since timestamptz,
        request_payload jsonb,
        response jsonb,
        identifiers jsonb NOT NULL DEFAULT '{}',
        irn text,
        ack_no text,
        ack_date text,
        signed_qr text,
        ewb_no text,
        valid_upto text,
        zatca_uuid text,
        zatca_hash text,
        zatca_icv int,
        zatca_status text,
        error_class text,
        error_code text,
        error_message text,
        field_errors jsonb,
        warnings jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT submission_document_regime UNIQUE (document_id, regime)
      )`);
    await q.query(`CREATE INDEX submission_state ON submission (state, next_attempt_at)`);
    await q.query(
      `CREATE UNIQUE INDEX submission_irn ON submission (irn) WHERE irn IS NOT NULL AND ack_no IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX submission_ewb_no ON submission (ewb_no) WHERE ewb_no IS NOT NULL`);
    await q.query(`
      CREATE TABLE audit_event (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        action text NOT NULL,
        document_id uuid,
        submission_id uuid,
        from_state text,
        to_state text,
        reason text,
        details jsonb
      )`);
    await q.query(`CREATE INDEX audit_event_document ON audit_event (document_id, at)`);
    await q.query(`
      CREATE RULE audit_event_no_update AS ON UPDATE TO audit_event DO INSTEAD NOTHING`);
    await q.query(`
      CREATE RULE audit_event_no_delete AS ON DELETE TO audit_event DO INSTEAD NOTHING`);
    await q.query(`
      CREATE TABLE gsp_session (
        key text PRIMARY KEY,
        token text,
        expires_at timestamptz,
        refreshed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_receipt (
        connector_instance_id uuid NOT NULL REFERENCES connector_instance(id),
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        response_status int NOT NULL,
        response_body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connector_instance_id, idempotency_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'webhook_receipt',
      'gsp_session',
      'audit_event',
      'submission',
      'document',
      'connector_instance',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
