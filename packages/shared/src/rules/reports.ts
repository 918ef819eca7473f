import { SUSPENSION_REASONS, type SuspensionReason } from './projects';

/**
 * What a report is about (DESIGN.md §18): the admin's reasons for suspending a project or an account, so a report's
 * category and the action taken on it are the same values (worded for a reporter by REPORT_CATEGORY_LABEL).
 */
export const REPORT_CATEGORIES = SUSPENSION_REASONS;
export type ReportCategory = SuspensionReason;

/** A report that names no category is filed as `other`. */
export const DEFAULT_REPORT_CATEGORY: ReportCategory = 'other';

/** What can be reported: a project, a comment, a private message (its thread's newest) and a person. */
export const REPORT_TARGETS = ['project', 'comment', 'message', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGETS)[number];

/** How many distinct people must report a comment before it is hidden while reviewed, unless configured. */
export const DEFAULT_HIDE_AFTER_REPORTS = 3;
