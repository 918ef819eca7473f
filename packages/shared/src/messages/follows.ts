/** The answers of following projects and creators, and of a launch (DESIGN.md §19), as catalog keys. */
export const FOLLOW_MESSAGES = {
  notYourself: 'api.follows.notYourself',
  notFollowable: 'api.follows.notFollowable',
  onlyCreatorLaunches: 'api.projects.onlyCreatorLaunches',
  cannotLaunch: 'api.projects.cannotLaunch',
  launched: 'api.projects.launched',
} as const;

/** Below this many, a project's followers are counted for its creator and admins only (DESIGN.md §19). */
export const FOLLOWERS_SHOWN_FROM = 10;

/** The follower count a caller sees: exact for the creator and admins, for others null until it is 10 or more. */
export function shownFollowersCount(count: number, exact: boolean): number | null {
  return exact || count >= FOLLOWERS_SHOWN_FROM ? count : null;
}

/**
 * An upcoming project: live (ACTIVE) and its start date not come yet (`today` is the UTC date, DESIGN.md §3). Its
 * page says "Upcoming" with "Notify me on launch", and its creator may launch it now.
 */
export function isUpcoming(project: { status: string; start_date: string | null }, today: string): boolean {
  return project.status === 'ACTIVE' && project.start_date !== null && project.start_date > today;
}
