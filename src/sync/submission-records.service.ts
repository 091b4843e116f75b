/** Submissions as stored, read by id or by document, for the routes that render them (QR, print). */
import { Injectable } from '@nestjs/common';
import type { SubmissionEntity } from '../database/entities';
import { SubmissionRepository } from '../database/repositories';

/** A stored submission, as the readers above the database see it. */
export type SubmissionRecord = SubmissionEntity;

@Injectable()
export class SubmissionRecordsService {
  constructor(private readonly submissions: SubmissionRepository) {}

  async find(submissionId: string): Promise<SubmissionRecord | undefined> {
    const [submission] = await this.submissions.findByIds([submissionId]);
    return submission;
  }

  /** Every submission of a document, by regime. */
  forDocument(documentId: string): Promise<SubmissionRecord[]> {
    return this.submissions.forDocument(documentId);
  }
}
