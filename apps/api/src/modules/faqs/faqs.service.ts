import type { Kysely } from 'kysely';
import { COMMUNITY_MESSAGES, type Faq, type FaqRequest } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { communityAccess, type ReadProject } from '../updates/updates.service';
import { deleteFaq, type FaqRow, insertFaq, listFaqs, updateFaq } from './faqs.repository';

const toFaq = (row: FaqRow): Faq => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** A project's FAQ (DESIGN.md §11): plain-text questions and answers, kept by its creator, read by all. */
export class FaqService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pageRow: ReadProject,
  ) {}

  async list(projectId: number, caller: AccessClaims | null) {
    await communityAccess(this.db, projectId, caller, this.pageRow);
    return (await listFaqs(this.db, projectId)).map(toFaq);
  }

  private async asCreator(projectId: number, caller: AccessClaims) {
    const access = await communityAccess(this.db, projectId, caller);
    // The FAQ is part of the story: its creator and a collaborator with `edit` (DESIGN.md §19).
    if (!access.isCreator && !access.team.includes('edit'))
      throw forbidden(COMMUNITY_MESSAGES.onlyCreatorFaq);
  }

  async create(projectId: number, caller: AccessClaims, input: FaqRequest) {
    await this.asCreator(projectId, caller);
    return toFaq(await insertFaq(this.db, projectId, input));
  }

  async update(projectId: number, faqId: number, caller: AccessClaims, input: FaqRequest) {
    await this.asCreator(projectId, caller);
    const row = await updateFaq(this.db, projectId, faqId, input);
    if (!row) throw notFound('question');
    return toFaq(row);
  }

  async remove(projectId: number, faqId: number, caller: AccessClaims) {
    await this.asCreator(projectId, caller);
    if (!(await deleteFaq(this.db, projectId, faqId))) throw notFound('question');
  }
}
