/**
 * What an operator does with the verdicts: accept (a pair as matched, or a missing document as it is),
 * ignore, unlink a pair (both documents then stand alone and the engine leaves them so), link a purchase
 * and a 2B document by hand. Every action is audited; decided rows survive re-runs of the period.
 * Bulk: several match ids in one call, all or nothing.
 */
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditRepository, ReconciliationRepository } from '../database/repositories';
import type { RecoMatchEntity } from '../database/entities';
import { comparePair } from './matching';
import { purchaseForMatching, gstr2bForMatching } from './reconciliation-rows';
import { ReconciliationService, toMatchRow } from './reconciliation.service';

export type BulkAction = 'accept' | 'ignore' | 'unlink';

export interface OperatorNote {
  operator: string;
  reason?: string;
}

@Injectable()
export class ReconciliationActionsService {
  constructor(
    private readonly repository: ReconciliationRepository,
    private readonly audit: AuditRepository,
    private readonly reconciliation: ReconciliationService,
  ) {}

  async act(
    action: BulkAction,
    ids: readonly string[],
    note: OperatorNote,
  ): Promise<{ id: string; action: BulkAction }[]> {
    const unique = [...new Set(ids)];
    return this.repository.transaction(async (manager) => {
      const matches = await this.repository.matchesByIds(manager, unique);
      const missing = unique.filter((id) => !matches.some((m) => m.id === id));
      if (missing.length > 0) throw new NotFoundException(`no reconciliation match ${missing.join(', ')}`);
      if (action === 'unlink') {
        const single = matches.filter((m) => !m.purchaseId || !m.gstr2bId).map((m) => m.id);
        if (single.length > 0)
          throw new BadRequestException(`only pairs can be unlinked; ${single.join(', ')} name one document`);
      }
      const actor = `operator:${note.operator}`;
      const events = [];
      for (const match of matches) {
        if (action === 'unlink') {
          await this.repository.deleteMatches(manager, [match.id]);
          await this.repository.insertMatches(manager, null, match.gstin, match.period, [
            {
              category: 'missing-in-2b',
              rule: 'unlinked',
              purchaseId: match.purchaseId,
              gstr2bId: null,
              supplierGstin: match.supplierGstin,
              differences: [],
              explanation: ['unlinked by an operator from a 2B document'],
              itcAtStake: '0',
              decision: 'unlinked',
              decidedBy: actor,
              decisionReason: note.reason ?? null,
            },
            {
              category: 'missing-in-books',
              rule: 'unlinked',
              purchaseId: null,
              gstr2bId: match.gstr2bId,
              supplierGstin: match.supplierGstin,
              differences: [],
              explanation: ['unlinked by an operator from a purchase'],
              itcAtStake: '0',
              decision: 'unlinked',
              decidedBy: actor,
              decisionReason: note.reason ?? null,
            },
          ]);
        } else {
          await this.repository.decide(
            manager,
            match.id,
            action === 'accept' ? 'accepted' : 'ignored',
            actor,
            note.reason ?? null,
          );
        }
        events.push(auditEvent(actor, `reco-${action}`, match, note.reason));
      }
      await this.audit.appendMany(events, manager);
      return matches.map((m) => ({ id: m.id, action }));
    });
  }

  /** Links a purchase and a 2B document of the same GSTIN and period, replacing whatever rows named either. */
  async link(
    purchaseId: string,
    gstr2bId: string,
    note: OperatorNote,
  ): Promise<{ id: string; category: string }> {
    return this.repository.transaction(async (manager) => {
      const purchase = await this.repository.purchaseById(manager, purchaseId);
      const document = await this.repository.gstr2bById(manager, gstr2bId);
      if (!purchase) throw new NotFoundException(`no purchase ${purchaseId}`);
      if (!document) throw new NotFoundException(`no GSTR-2B document ${gstr2bId}`);
      const { gstin, period } = purchase;
      if (gstin !== document.gstin || period !== document.period) {
        throw new BadRequestException(
          `purchase is of ${gstin} ${period}, the 2B document of ${document.gstin} ${document.period}`,
        );
      }
      const book = purchaseForMatching(purchase);
      if (!book)
        throw new BadRequestException(
          `purchase ${purchase.erpId} has field errors; fix it in the books first`,
        );
      const previous = await this.repository.matchesOfDocuments(manager, purchaseId, gstr2bId);
      await this.repository.deleteMatches(
        manager,
        previous.map((m) => m.id),
      );
      const actor = `operator:${note.operator}`;
      const compared = comparePair(book, gstr2bForMatching(document), this.reconciliation.matchConfig());
      const [id] = await this.repository.insertMatches(manager, null, gstin, period, [
        {
          ...toMatchRow(compared),
          decision: 'linked',
          decidedBy: actor,
          decisionReason: note.reason ?? null,
        },
      ]);
      await this.audit.append(
        {
          actor,
          action: 'reco-link',
          reason: note.reason ?? null,
          details: {
            matchId: id,
            gstin,
            period,
            purchaseId,
            gstr2bId,
            replaced: previous.map((m) => m.id),
            category: compared.category,
          },
        },
        manager,
      );
      return { id, category: compared.category };
    });
  }
}

function auditEvent(actor: string, action: string, match: RecoMatchEntity, reason?: string) {
  return {
    actor,
    action,
    reason: reason ?? null,
    details: {
      matchId: match.id,
      gstin: match.gstin,
      period: match.period,
      category: match.category,
      purchaseId: match.purchaseId,
      gstr2bId: match.gstr2bId,
    },
  };
}
