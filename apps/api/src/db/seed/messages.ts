import type { Kysely } from 'kysely';
import { insertMessage, markRead, openThread } from '../../modules/messages/messages.repository';
import type { DB } from '../schema';

/** A conversation with a project's creator: who wrote to them, and the messages in order (by username). */
interface DemoMessages {
  project: string;
  person: string;
  messages: [author: string, body: string][];
  /** Whether the person has read the newest messages (the creator reads everything before answering). */
  read?: boolean;
}

const DEMO_MESSAGES: DemoMessages[] = [
  {
    project: 'SunCell: a solar lantern for every home',
    person: 'leo',
    messages: [
      ['leo', 'Hi Maya! Does the SunCell charge on cloudy winter days? I live in Hamburg.'],
      [
        'maya',
        'Hi Leo, yes: a grey day gives about four hours of light. A sunny window sill helps.\nIt also charges over USB-C.',
      ],
    ],
  },
  {
    project: 'Pixel Harbour: a cosy fishing adventure',
    person: 'sofia',
    messages: [
      ['sofia', 'Will Pixel Harbour have subtitles in Spanish?'],
      ['leo', 'Yes! Spanish and Portuguese subtitles are in the first release.'],
      ['sofia', 'Wonderful, thank you.'],
    ],
    read: true,
  },
];

/** A couple of conversations between demo accounts, so /messages has something in it on `npm start`. */
export async function seedMessages(
  trx: Kysely<DB>,
  projects: Map<string, { id: number; creatorId: number }>,
  users: Map<string, number>,
) {
  // Each message a few minutes after the one before it, ending now.
  let at = Date.now() - 60 * 60_000;
  for (const demo of DEMO_MESSAGES) {
    const project = projects.get(demo.project)!;
    const personId = users.get(demo.person)!;
    const id = await openThread(trx, project.id, project.creatorId, personId);
    const thread = { id, project_id: project.id, creator_id: project.creatorId, person_id: personId };
    for (const [author, body] of demo.messages) {
      at += 7 * 60_000;
      // The seed queues no mail: the repository only records when the throttle would have let one go.
      await insertMessage(trx, thread, users.get(author)!, body, new Date(at), new Date(at - 15 * 60_000));
    }
    await markRead(trx, id, 'creator');
    if (demo.read) await markRead(trx, id, 'person');
  }
}
