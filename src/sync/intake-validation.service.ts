/**
 * Validation at intake: newly stored submissions are mapped on their own queue (JobName.SubmissionValidate),
 * which never waits behind sending, and those that cannot be mapped move RECEIVED -> MAPPING_FAILED with
 * their field errors (audited, written back to the ERP) within seconds of intake, however many documents
 * are queued for sending ahead of them.
 *
 * Mappable submissions are left RECEIVED and the send job maps them again when it claims them, rather
 * than being moved to READY with this mapping's payload: settings and overrides may change between intake
 * and sending, and mapping is pure and cheap, so sending what the current settings give needs no
 * invalidation of payloads stored earlier. Both jobs move a submission out of RECEIVED by compare-and-set,
 * so whichever comes first decides and the other drops it: a submission is never sent twice, and never
 * sent once it is MAPPING_FAILED.
 */
import { Injectable } from '@nestjs/common';
import type { DocumentEntity } from '../database/entities';
import { DocumentRepository, SubmissionRepository } from '../database/repositories';
import { RegimeRegistry } from '../compliance';
import { SubmissionState } from '../domain';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { StateTransitionsService, type BatchMove } from './state-transitions.service';
import { instanceRegimesOf, mapSubmission } from './submission-mapping';
import { WriteBackService } from './write-back.service';

const S = SubmissionState;

@Injectable()
export class IntakeValidationService {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly regimes: RegimeRegistry,
    private readonly connectors: ConnectorRuntimeService,
    private readonly transitions: StateTransitionsService,
    private readonly writeBack: WriteBackService,
  ) {}

  async validateMany(submissionIds: readonly string[]): Promise<void> {
    const received = (await this.submissions.findByIds([...new Set(submissionIds)])).filter(
      (s) => s.state === S.Received,
    );
    if (received.length === 0) return;
    const documentIds = [...new Set(received.map((s) => s.documentId))];
    const documents = new Map<string, DocumentEntity>(
      (await this.documents.findByIds(documentIds)).map((document) => [document.id, document]),
    );
    const failed: BatchMove[] = [];
    for (const submission of received) {
      const document = documents.get(submission.documentId);
      if (!document) continue;
      const live = this.connectors.byId(document.connectorInstanceId);
      const settings = live?.regimeSettings[submission.regime] ?? {};
      const mapping = mapSubmission(submission, document, this.regimes, settings, instanceRegimesOf(live));
      if (mapping.kind !== 'failed') continue;
      const { audit } = mapping.move;
      failed.push({ ...mapping.move, audit: { ...audit, details: { ...audit.details, stage: 'intake' } } });
    }
    const moved = await this.transitions.moveMany(failed, S.Received, S.MappingFailed);
    // As from the send job: a document that cannot be mapped is reported back to the ERP with its errors.
    await this.writeBack.writeBackNow([...moved.values()], documents);
  }
}
