import type { Kysely } from 'kysely';
import {
  LATE_PLEDGE_MESSAGES,
  type LatePledgesRequest,
  type LatePledgesState,
  minorToMajor,
  parseCalendarDate,
  todayUtc,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { Clock } from '../../lib/clock';
import type { ProjectAccess } from '../projects/project-access';
import { lockLatePledges, setLatePledges } from './late-pledges.repository';
import { latePledgesOpenNow, latePledgesRefusal } from './late-pledges.rules';

/**
 * Late pledges (DESIGN.md §16): the creator (or an admin, as for rewards) opens them after an all-or-nothing
 * campaign succeeded or a flexible one ended, optionally until a date, and closes them. The pledges themselves go
 * through the usual Back call (PledgeCheckoutService) and the payment path (PaymentService).
 */
export class LatePledgeService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
  ) {}

  async set(projectId: number, caller: AccessClaims, input: LatePledgesRequest): Promise<LatePledgesState> {
    await this.access.authorize(projectId, caller, 'offer', LATE_PLEDGE_MESSAGES.onlyCreator);
    const now = this.clock();
    const until = input.open ? (input.until ?? null) : null;
    if (until !== null) {
      if (Number.isNaN(parseCalendarDate(until)))
        throw new AppError('VALIDATION_ERROR', LATE_PLEDGE_MESSAGES.untilInvalid, {
          until: [LATE_PLEDGE_MESSAGES.untilInvalid],
        });
      if (until <= todayUtc(now))
        throw new AppError('VALIDATION_ERROR', LATE_PLEDGE_MESSAGES.untilPast, {
          until: [LATE_PLEDGE_MESSAGES.untilPast],
        });
    }
    const row = await this.db.transaction().execute(async (trx) => {
      // The project's row lock: its status is read as settlement left it, and nothing settles it meanwhile.
      const project = await lockLatePledges(trx, projectId);
      if (!project) throw notFound('project');
      if (input.open) {
        const refusal = latePledgesRefusal(project);
        if (refusal) throw new AppError('CONFLICT', refusal);
      }
      return setLatePledges(trx, projectId, input.open, until);
    });
    return {
      open: latePledgesOpenNow(row, now),
      until: row.late_pledges_until,
      late_amount: minorToMajor(row.late_cents, row.currency),
      late_backers_count: row.late_backers_count,
      currency: row.currency,
    };
  }
}
