import type { Kysely } from 'kysely';
import {
  type Locale,
  COLLABORATOR_MESSAGES,
  CURRENCY_DECIMALS_MESSAGE,
  hasValidDecimals,
  majorToMinor,
  minorToMajor,
  type Project,
  type ProjectFormFields,
} from '@fundry/shared';
import type { DB, ProjectStatusValue } from '../../db/schema';
import { AppError, forbidden, ListedValues, notFound } from '../../errors';
import { adminIds } from '../admin/admin.repository';
import type { AccessClaims } from '../auth/tokens';
import { findCategory } from '../categories/categories.repository';
import { notificationMessages } from '../notifications/notification-messages';
import { insertNotifications } from '../notifications/notifications.repository';
import { rewardsInCurrency } from '../rewards/rewards.service';
import { stretchGoalsInCurrency } from '../stretch-goals/stretch-goals.service';
import { assertMayPublish } from '../sanctions/sanctions.rules';
import { findUserById } from '../users/users.repository';
import type { DiscoveryService } from './discovery.service';
import { isCreatorOf, may, mayOpenForEditing, teamOf } from './project-access';
import {
  checkLiveLocks,
  checkRules,
  type Errors,
  failValidation,
  merged,
  parseForm,
  projectColumns,
  type ProjectMedia,
} from './project-form';
import type { ProjectPageService } from './project-page.service';
import { hasDonations, insertProject, lockProject, updateProject } from './projects.repository';

/** The project form: a new project (a draft, or submitted for review) and the creator's edits. */
export class ProjectFormService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly pages: ProjectPageService,
    private readonly discovery: DiscoveryService,
    private readonly clock: () => Date,
    /** The language of a project whose creator has none yet. */
    private readonly defaultLocale: Locale,
    /** The operator's CURRENCIES; the first is a new project's. */
    private readonly currencies: readonly string[],
  ) {}

  /** POST projects (submit for review, PENDING) and POST projects/drafts (DRAFT). */
  async create(
    caller: AccessClaims,
    fields: ProjectFormFields,
    media: ProjectMedia,
    mode: 'submit' | 'draft',
  ): Promise<Project> {
    if (!caller.permissions.includes('create_project')) throw forbidden('api.projects.mayNotCreate');
    if (mode === 'submit') await assertMayPublish(this.db, caller.userId);
    const requested = fields.status?.toUpperCase();
    if (requested && requested !== (mode === 'draft' ? 'DRAFT' : 'PENDING')) {
      throw new AppError(
        'VALIDATION_ERROR',
        'api.projects.createdAs',
        { status: ['api.projects.statusNotAllowed'] },
        undefined,
        { status: requested },
      );
    }
    const currency = this.offeredCurrency(fields.currency ?? this.currencies[0]!);
    const { changes, errors } = parseForm(fields, media, currency);
    checkRules(merged(undefined, changes), mode, errors);
    await this.checkCategory(this.db, changes.categoryId, errors);
    if (Object.keys(errors).length > 0) failValidation(errors, currency);

    const id = await this.db.transaction().execute(async (trx) => {
      const created = await insertProject(trx, {
        creator_id: caller.userId,
        status: mode === 'draft' ? 'DRAFT' : 'PENDING',
        submitted_at: mode === 'draft' ? null : this.clock(),
        language: await this.creatorLanguage(trx, caller.userId),
        currency,
        ...projectColumns(changes),
        title: changes.title ?? '',
      });
      if (mode === 'submit') await this.notifyAdmins(trx, created, changes.title ?? '');
      return created;
    });
    return this.pages.get(id, caller);
  }

  /** PUT projects/{id}: the creator edits, within what the project's status allows (DESIGN.md §5). */
  async update(
    id: number,
    caller: AccessClaims,
    fields: ProjectFormFields,
    media: ProjectMedia,
  ): Promise<Project> {
    const asked = fields.currency === undefined ? undefined : this.offeredCurrency(fields.currency);
    await this.db.transaction().execute(async (trx) => {
      const existing = await lockProject(trx, id);
      if (!existing) throw notFound('project');
      const team = await teamOf(trx, caller, existing);
      if (!mayOpenForEditing(caller, existing, team)) throw notFound('project');
      if (!may(caller, existing, 'edit', team)) throw forbidden('api.projects.onlyCreatorEdits');
      // Sending it for review is its creator's alone, as launching is (DESIGN.md §19).
      if (fields.status?.toUpperCase() === 'PENDING' && !isCreatorOf(caller, existing)) {
        throw forbidden(COLLABORATOR_MESSAGES.onlyCreatorSubmits);
      }
      const currency = asked ?? existing.currency;
      // A pledge of any status was made, and is kept, in the project's currency (the lock holds new ones back).
      if (currency !== existing.currency && (await hasDonations(trx, id))) {
        throw new AppError('CONFLICT', 'api.projects.currencyLocked', undefined, undefined, {
          currency: existing.currency,
        });
      }
      if (currency !== existing.currency) {
        await rewardsInCurrency(trx, id, existing.currency, currency);
        await stretchGoalsInCurrency(trx, id, existing.currency, currency);
      }
      const { changes, errors } = parseForm(fields, media, currency);
      if (changes.goalCents === undefined && existing.goal_cents !== null && currency !== existing.currency) {
        // The goal the creator typed keeps its figure in the new currency (minor units differ: 5000 USD is 500000
        // cents, 5000 JPY is 5000 yen).
        const figure = minorToMajor(existing.goal_cents, existing.currency);
        if (hasValidDecimals(figure, currency)) changes.goalCents = majorToMinor(figure, currency);
        else errors.goal_amount = CURRENCY_DECIMALS_MESSAGE;
      }

      const requested = fields.status?.toUpperCase();
      let nextStatus: ProjectStatusValue = existing.status;
      let mode: 'draft' | 'submit' | 'live';
      switch (existing.status) {
        case 'DRAFT':
          nextStatus = requested === 'PENDING' ? 'PENDING' : 'DRAFT';
          mode = nextStatus === 'PENDING' ? 'submit' : 'draft';
          break;
        case 'PENDING':
          if (requested === 'DRAFT') throw new AppError('CONFLICT', 'api.projects.submittedToDraft');
          mode = 'submit';
          break;
        case 'ACTIVE':
          if (requested === 'DRAFT') throw new AppError('CONFLICT', 'api.projects.liveToDraft');
          mode = 'live';
          checkLiveLocks(existing, changes, errors);
          break;
        case 'REJECTED':
          // Rejected in review (never live): the creator fixes it and submits it again (decision 013).
          if (existing.activated_at !== null || requested === 'DRAFT') {
            throw new AppError('CONFLICT', 'api.projects.notEditable');
          }
          nextStatus = 'PENDING';
          mode = 'submit';
          break;
        default:
          throw new AppError('CONFLICT', 'api.projects.notEditable');
      }
      checkRules(merged(existing, changes), mode, errors);
      await this.checkCategory(trx, changes.categoryId, errors);
      if (Object.keys(errors).length > 0) failValidation(errors, currency);
      const submitted = nextStatus === 'PENDING' && existing.status !== 'PENDING';
      if (submitted) await assertMayPublish(trx, caller.userId);
      await updateProject(trx, id, {
        ...projectColumns(changes),
        status: nextStatus,
        ...(submitted ? { submitted_at: this.clock() } : {}),
      });
      if (submitted) await this.notifyAdmins(trx, id, changes.title ?? existing.title);
    });
    this.discovery.forgetPublicAnswers();
    return this.pages.get(id, caller);
  }

  /** A project was submitted for review: every admin is told (ADMIN_REVIEW), in the same transaction. */
  private async notifyAdmins(trx: Kysely<DB>, projectId: number, title: string) {
    const admins = await adminIds(trx);
    await insertNotifications(
      trx,
      admins.map((userId) => ({
        userId,
        type: 'ADMIN_REVIEW',
        message: notificationMessages.submitted(title),
        projectId,
        link: '/admin',
      })),
    );
  }

  private async checkCategory(db: Kysely<DB>, categoryId: number | null | undefined, errors: Errors) {
    if (categoryId && !errors.category_id && !(await findCategory(db, categoryId))) {
      errors.category_id = 'api.projects.unknownCategory';
    }
  }

  /** A new project is written in its creator's language until they say otherwise (DESIGN.md §14). */
  private async creatorLanguage(db: Kysely<DB>, userId: number): Promise<string> {
    const creator = await findUserById(db, userId);
    return creator?.locale ?? creator?.last_locale ?? this.defaultLocale;
  }

  /** A currency the operator offers, or 400 listing those that are. */
  private offeredCurrency(code: string): string {
    const currency = code.trim().toUpperCase();
    if (this.currencies.includes(currency)) return currency;
    throw new AppError(
      'VALIDATION_ERROR',
      'api.projects.currencyNotOffered',
      { currency: ['api.projects.currencyNotOffered'] },
      undefined,
      { currency: code, offered: new ListedValues(this.currencies) },
    );
  }
}
