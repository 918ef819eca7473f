import type { Kysely } from 'kysely';
import { LIVE_PLEDGE_STATUSES } from '@fundry/shared';
import { addVisits, type VisitCount } from '../../modules/referrals/referrals.repository';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;
/** The live campaign whose creator's "Where backers come from" tab shows something on a fresh start. */
const CAMPAIGN = 'SunCell: a solar lantern for every home';
const TAGS = ['newsletter', 'makers-forum', 'podcast'];
/** Each source's visits a day at most, over the last two weeks, and its part of the campaign's pledges. */
const SOURCES: Array<[source: string, perDay: number, pledgeWeight: number]> = [
  ['newsletter', 40, 4],
  ['makers-forum', 22, 2],
  ['podcast', 9, 1],
  ['home', 30, 1],
  ['explore', 18, 1],
  ['search', 12, 1],
  ['news.ycombinator.com', 25, 1],
  ['direct', 35, 2],
];

/**
 * Referral sources (DESIGN.md §19): three tags on SunCell, two weeks of visits per day and source (a fixed pattern,
 * the same on every fresh start), and its live pledges spread over the sources.
 */
export async function seedReferrals(trx: Kysely<DB>, projectIds: Map<string, { id: number }>) {
  const projectId = projectIds.get(CAMPAIGN)?.id;
  if (projectId === undefined) return;
  await trx
    .insertInto('referral_tags')
    .values(
      TAGS.map((name, index) => ({
        project_id: projectId,
        name,
        created_at: new Date(Date.now() - (14 - index) * DAY_MS),
      })),
    )
    .execute();
  const rows: VisitCount[] = [];
  for (let daysAgo = 13; daysAgo >= 0; daysAgo--) {
    const day = new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    for (const [index, [source, perDay]] of SOURCES.entries()) {
      // A wave per source, so the chart has days that differ.
      const visits = Math.max(1, Math.round(perDay * (0.55 + 0.45 * Math.sin((daysAgo + index * 2) / 2.2))));
      rows.push({ project_id: projectId, day, source, visits });
    }
  }
  await addVisits(trx, rows);
  const weighted = SOURCES.flatMap(([source, , weight]) => Array.from({ length: weight }, () => source));
  const pledges = await trx
    .selectFrom('donations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', 'in', LIVE_PLEDGE_STATUSES)
    .orderBy('id')
    .execute();
  for (const [index, pledge] of pledges.entries()) {
    await trx
      .updateTable('donations')
      .set({ referral_source: weighted[(index * 5) % weighted.length]! })
      .where('id', '=', pledge.id)
      .execute();
  }
}
