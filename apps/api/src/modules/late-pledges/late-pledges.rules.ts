import { campaignEnd, LATE_PLEDGE_MESSAGES } from '@fundry/shared';

/**
 * Why late pledges may not be opened on this project now, or null when they may (DESIGN.md §16): an all-or-nothing
 * campaign that succeeded, or a flexible one that ended (whatever it raised).
 */
export function latePledgesRefusal(project: { status: string; funding_model: string }): string | null {
  if (project.status === 'SUCCESSFUL') return null;
  if (project.status === 'FAILED')
    return project.funding_model === 'flexible' ? null : LATE_PLEDGE_MESSAGES.failed;
  if (project.status === 'ACTIVE') return LATE_PLEDGE_MESSAGES.running;
  return LATE_PLEDGE_MESSAGES.notEnded;
}

/** Whether late pledges are taken now: opened, on an ended campaign that allows them, and `until` not past. */
export function latePledgesOpenNow(
  project: {
    status: string;
    funding_model: string;
    late_pledges_open: boolean;
    late_pledges_until: string | null;
  },
  now: Date,
) {
  return (
    project.late_pledges_open &&
    latePledgesRefusal(project) === null &&
    (project.late_pledges_until === null || now.getTime() <= campaignEnd(project.late_pledges_until))
  );
}
