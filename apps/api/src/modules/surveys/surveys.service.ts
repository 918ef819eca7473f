import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  MS_PER_DAY,
  type Survey,
  SURVEY_MESSAGES,
  SURVEY_REMINDER_DAYS,
  type SurveyRequest,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { findAddOns } from '../add-ons/add-ons.repository';
import type { AccessClaims } from '../auth/tokens';
import type { MailService } from '../mail/mail.service';
import { insertNotifications } from '../notifications/notifications.repository';
import type { Clock } from '../../lib/clock';
import type { ProjectAccess } from '../projects/project-access';
import { surveyMails } from './surveys.mail';
import {
  claimDueReminders,
  findSurvey,
  hasUncollected,
  type Invitee,
  inviteCollected,
  listQuestions,
  lockSurvey,
  responseCounts,
} from './surveys.repository';
import { surveyPath, toQuestion } from './surveys.rules';

/** Written any time after launch (DESIGN.md §17). */
const WRITABLE_STATUSES = new Set(['ACTIVE', 'SUCCESSFUL', 'FAILED']);
const BATCH = 500;

/**
 * The backer survey as its creator runs it (DESIGN.md §17): written after launch, sent once the pledges are
 * collected, locked when the creator is done; those who have not answered are reminded every 2 days until then.
 * The backer's side is SurveyAnswerService, add-ons bought in it SurveyChargeService.
 */
export class SurveyService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ------------------------------------------------------------------------------------------ the creator's

  async get(projectId: number, caller: AccessClaims): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    return this.view(project);
  }

  /** The whole set of questions from now on: listed ids kept (and their answers), others removed. */
  async put(projectId: number, caller: AccessClaims, input: SurveyRequest): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    if (!WRITABLE_STATUSES.has(project.status)) throw new AppError('CONFLICT', SURVEY_MESSAGES.notLaunched);
    const rewardIds = input.questions.flatMap((q) => (q.reward_id === null ? [] : [q.reward_id]));
    const addOnIds = input.questions.flatMap((q) => (q.add_on_id === null ? [] : [q.add_on_id]));
    const [rewards, addOns] = await Promise.all([
      rewardIds.length === 0
        ? []
        : this.db
            .selectFrom('rewards')
            .select('id')
            .where('project_id', '=', projectId)
            .where('id', 'in', rewardIds)
            .execute(),
      findAddOns(this.db, projectId, addOnIds),
    ]);
    const known = { rewards: new Set(rewards.map((r) => r.id)), addOns: new Set(addOns.map((a) => a.id)) };
    input.questions.forEach((q, index) => {
      if (
        (q.reward_id !== null && !known.rewards.has(q.reward_id)) ||
        (q.add_on_id !== null && !known.addOns.has(q.add_on_id))
      ) {
        throw new AppError('VALIDATION_ERROR', SURVEY_MESSAGES.unknownTarget, {
          [`questions.${index}`]: [SURVEY_MESSAGES.unknownTarget],
        });
      }
    });
    await this.db.transaction().execute(async (trx) => {
      const survey = await lockSurvey(trx, projectId);
      if (survey.locked_at !== null) throw new AppError('CONFLICT', SURVEY_MESSAGES.locked);
      const existing = new Map((await listQuestions(trx, projectId)).map((q) => [q.id, q]));
      const kept = new Set<number>();
      for (const [position, q] of input.questions.entries()) {
        const values = {
          position,
          kind: q.kind,
          prompt: q.prompt,
          options: JSON.stringify(q.kind === 'choice' ? q.options : []),
          required: q.required,
          reward_id: q.reward_id,
          add_on_id: q.add_on_id,
        };
        if (q.id !== undefined) {
          if (!existing.has(q.id) || kept.has(q.id)) {
            throw new AppError('VALIDATION_ERROR', SURVEY_MESSAGES.unknownQuestion, {
              [`questions.${position}.id`]: [SURVEY_MESSAGES.unknownQuestion],
            });
          }
          kept.add(q.id);
          await trx.updateTable('survey_questions').set(values).where('id', '=', q.id).execute();
        } else {
          await trx
            .insertInto('survey_questions')
            .values({ project_id: projectId, ...values })
            .execute();
        }
      }
      const gone = [...existing.keys()].filter((id) => !kept.has(id));
      if (gone.length > 0) {
        // Once sent, a removed question is hidden, not deleted: the answers it had stay in the CSV.
        if (survey.sent_at !== null) {
          await trx
            .updateTable('survey_questions')
            .set({ removed_at: this.clock() })
            .where('id', 'in', gone)
            .execute();
        } else {
          await trx.deleteFrom('survey_questions').where('id', 'in', gone).execute();
        }
      }
      await trx
        .updateTable('surveys')
        .set({ updated_at: this.clock() })
        .where('project_id', '=', projectId)
        .execute();
    });
    return this.view(project);
  }

  /** Sends the survey to every collected backer: 409 before the pledges are collected, or twice. */
  async send(projectId: number, caller: AccessClaims): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    if (!(await this.collected(project))) throw new AppError('CONFLICT', SURVEY_MESSAGES.notCollected);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const survey = await lockSurvey(trx, projectId);
      if (survey.sent_at !== null) throw new AppError('CONFLICT', SURVEY_MESSAGES.alreadySent);
      await trx
        .updateTable('surveys')
        .set({ sent_at: now, updated_at: now })
        .where('project_id', '=', projectId)
        .execute();
      await this.invite(trx, await inviteCollected(trx, now, projectId));
    });
    this.mail.kick();
    return this.view(project);
  }

  /** No more answers or changes; reminders stop. Locking again changes nothing. */
  async lock(projectId: number, caller: AccessClaims): Promise<Survey> {
    const project = await this.manager(projectId, caller);
    await this.db.transaction().execute(async (trx) => {
      const survey = await lockSurvey(trx, projectId);
      if (survey.sent_at === null) throw new AppError('CONFLICT', SURVEY_MESSAGES.notSent);
      if (survey.locked_at === null) {
        await trx
          .updateTable('surveys')
          .set({ locked_at: this.clock(), updated_at: this.clock() })
          .where('project_id', '=', projectId)
          .execute();
      }
    });
    return this.view(project);
  }

  // ------------------------------------------------------------------------------------------ the job

  /**
   * The reminder job: asks collected pledges the survey has not reached yet (late pledges), then reminds those who
   * have not answered, each at most once per 2 days, until the survey is locked. Returns how many mails it queued.
   */
  async remind(): Promise<number> {
    const now = this.clock();
    let queued = 0;
    queued += await this.db.transaction().execute(async (trx) => {
      const invited = await inviteCollected(trx, now);
      await this.invite(trx, invited);
      return invited.length;
    });
    const dueBefore = new Date(now.getTime() - SURVEY_REMINDER_DAYS * MS_PER_DAY);
    for (;;) {
      const claimed = await this.db.transaction().execute(async (trx) => {
        const due = await claimDueReminders(trx, now, dueBefore, BATCH);
        await this.mail.enqueueAll(trx, due, (t, r) =>
          surveyMails.reminder(t, r.email, r.name, r.title, this.link(r.donation_id)),
        );
        return due.length;
      });
      queued += claimed;
      if (claimed < BATCH) break;
    }
    if (queued > 0) {
      this.log.info({ queued }, 'survey invitations and reminders queued');
      this.mail.kick();
    }
    return queued;
  }

  // ------------------------------------------------------------------------------------------ helpers

  /** The project's creator or an admin (SPEC §6's rule for what a project offers), or `fulfilment` (DESIGN.md §19). */
  private manager(projectId: number, caller: AccessClaims) {
    return this.access.authorize(projectId, caller, 'survey', 'api.surveys.onlyCreator');
  }

  /**
   * Collected: every pledge charged. A flexible campaign's pledges were charged at checkout, so once it ended it is;
   * an all-or-nothing one once it succeeded and its collection left nothing PLEDGED or COLLECTING.
   */
  private async collected(project: { id: number; status: string; funding_model: string }) {
    const ended =
      project.status === 'SUCCESSFUL' ||
      (project.status === 'FAILED' && project.funding_model === 'flexible');
    return ended && !(await hasUncollected(this.db, project.id));
  }

  private async view(project: { id: number; status: string; funding_model: string }): Promise<Survey> {
    const [survey, questions, counts, collected] = await Promise.all([
      findSurvey(this.db, project.id),
      listQuestions(this.db, project.id),
      responseCounts(this.db, project.id),
      this.collected(project),
    ]);
    return {
      project_id: project.id,
      questions: questions.map(toQuestion),
      sent_at: survey?.sent_at?.toISOString() ?? null,
      locked_at: survey?.locked_at?.toISOString() ?? null,
      collected,
      ...counts,
    };
  }

  /** Notices and mails of the invitation, in bulk, each in its backer's language. */
  private async invite(trx: Kysely<DB>, invited: Invitee[]) {
    await insertNotifications(
      trx,
      invited.map((i) => ({
        userId: i.donor_id,
        type: 'SURVEY',
        message: { key: 'api.notification.surveySent', values: { title: i.title } },
        projectId: i.project_id,
        link: surveyPath(i.donation_id),
      })),
    );
    await this.mail.enqueueAll(trx, invited, (t, i) =>
      surveyMails.invitation(t, i.email, i.name, i.title, this.link(i.donation_id)),
    );
  }

  private link(donationId: number) {
    return `${this.appUrl}${surveyPath(donationId)}`;
  }
}
