import {
  campaignEnd,
  type ProjectCard,
  daysLeft,
  MS_PER_DAY,
  parseCalendarDate,
  percentFunded,
  type Translator,
} from '@fundry/shared';
import { isClosedAccount } from './people';

/**
 * How long a campaign has, as the lists say it (SPEC §4): 'Starts in N days', 'Not scheduled', 'Ended' or
 * 'N days left', with the day counts of the shared rules.
 */
export function timeLeftText(
  i18n: Translator,
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  now: number = Date.now(),
): string {
  if (startDate) {
    const start = parseCalendarDate(startDate);
    if (!Number.isNaN(start) && now < start) {
      return i18n.t('common.project.startsIn', { count: Math.ceil((start - now) / MS_PER_DAY) });
    }
  }
  if (!endDate) return i18n.t('common.project.notScheduled');
  if (now > campaignEnd(endDate)) return i18n.t('common.project.ended');
  return i18n.t('common.project.daysLeft', { count: daysLeft(endDate, now) });
}

/**
 * Percent funded as people read it, for every card and page alike: whole percents rounded down, but "<1%" when
 * some money was raised and it is under 1% of the goal (a project with backers never reads "0%").
 */
export function percentFundedText(
  i18n: Translator,
  current: number | null | undefined,
  goal: number | null | undefined,
): string {
  const percent = percentFunded(current, goal);
  if (percent > 0 && percent < 1) return i18n.t('common.funding.underOnePercent');
  return i18n.number(Math.floor(percent) / 100, { style: 'percent' });
}

/** A project's status as its badge says it (DRAFT, ACTIVE…); a status the catalog does not know shows as it is. */
export function projectStatusText(i18n: Translator, status: string): string {
  const key = `common.projectStatus.${status}`;
  return i18n.has(key) ? i18n.t(key) : status;
}

/** What a revoked project's reason is read from: the admin's words, if any, and whether its creator is still here. */
export type Revocation = Pick<ProjectCard, 'revocation_reason'> & { creator: { name: string } | null };

/**
 * Why a project was rejected, as every page and badge says it: the admin's words as they wrote them, else, in the
 * reader's language, that its creator closed their account or that it does not meet the guidelines (a rejection
 * with no written reason stores none: migrations 0043 and 0045).
 */
export function revocationReasonText(i18n: Translator, project: Revocation): string {
  if (project.revocation_reason?.trim()) return project.revocation_reason;
  return i18n.t(
    isClosedAccount(project.creator)
      ? 'projects.detail.creatorClosedAccount'
      : 'projects.detail.rejectedNoReason',
  );
}
