import type { Kysely } from 'kysely';
import { followProject, followUser } from '../../modules/follows/follows.repository';
import type { DB } from '../schema';

/** Who waits for the upcoming demo campaign (Notify me on launch), by its title. */
const WAITING: Record<string, string[]> = {
  'Loop: a modular synthesizer for beginners': ['maya', 'sofia', 'yuki', 'lena', 'rafael'],
};
/** Creators and who follows them. */
const FOLLOWED: Record<string, string[]> = { maya: ['leo', 'sofia', 'yuki', 'lena'], leo: ['sofia'] };

/** An upcoming project with followers and a creator followed by others (DESIGN.md §19), counters and all. */
export async function seedFollows(
  trx: Kysely<DB>,
  projects: Map<string, { id: number; creatorId: number }>,
  users: Map<string, number>,
) {
  for (const [title, people] of Object.entries(WAITING)) {
    const project = projects.get(title)!;
    for (const person of people) await followProject(trx, project.id, users.get(person)!);
  }
  for (const [creator, people] of Object.entries(FOLLOWED)) {
    for (const person of people) await followUser(trx, users.get(creator)!, users.get(person)!);
  }
}
