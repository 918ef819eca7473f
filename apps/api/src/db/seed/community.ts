import type { Kysely } from 'kysely';
import { DEFAULT_HIDE_AFTER_REPORTS } from '@fundry/shared';
import { insertReport } from '../../modules/admin/reports.repository';
import { recordAudit } from '../../modules/admin/audit.repository';
import {
  countCommentReport,
  insertComment,
  moveUpdateCommentCount,
  removeComment,
} from '../../modules/comments/comments.repository';
import { insertFaq } from '../../modules/faqs/faqs.repository';
import { notificationMessages } from '../../modules/notifications/notification-messages';
import { insertNotifications } from '../../modules/notifications/notifications.repository';
import {
  findCommunityProject,
  insertUpdate,
  notifyBackersOfUpdate,
} from '../../modules/updates/updates.repository';
import type { DB } from '../schema';

/** A comment and the replies it got, by username. */
interface DemoThread {
  author: string;
  body: string;
  replies?: [author: string, body: string][];
}

interface DemoConversation {
  project: string;
  updates?: { title: string; body: string; visibility: 'public' | 'backers'; threads?: DemoThread[] }[];
  threads?: DemoThread[];
  faq?: [question: string, answer: string][];
}

/** Updates, comments and FAQs on the demo campaigns, written by their creators and backers. */
const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    project: 'SunCell: a solar lantern for every home',
    updates: [
      {
        title: 'The first prototype batch is in',
        body: '<p>Twenty hand-built SunCells arrived from the workshop this week. Ten are already lighting homes in Ibadan, where families test them every night.</p><p>Next: the drop test and the battery certification.</p>',
        visibility: 'public',
        threads: [
          { author: 'leo', body: 'Great to see them in real homes! How long do they last on one charge?' },
        ],
      },
      {
        title: 'Backer survey: choose your colour',
        body: '<p>Thank you for backing SunCell. Vote for the colour of your lantern: sunflower yellow, sea blue or charcoal. The survey closes in two weeks.</p>',
        visibility: 'backers',
        threads: [{ author: 'sofia', body: 'Sea blue for both of mine, please!' }],
      },
    ],
    threads: [
      {
        author: 'sofia',
        body: 'Will the two lanterns of the “Two SunCells” reward ship in one box?',
        replies: [
          ['maya', 'Yes, in one box with one charging cable each. Shipping costs the same as for one.'],
        ],
      },
      { author: 'leo', body: 'Love the swappable battery. Repairable hardware is the way to go.' },
    ],
    faq: [
      [
        'How long does a full charge last?',
        'About ten hours on the middle setting, and three nights on the lowest.',
      ],
      [
        'Can I buy a spare battery?',
        'Yes. Spare batteries will be sold at cost once the lanterns have shipped.',
      ],
    ],
  },
  {
    project: 'Pixel Harbour: a cosy fishing adventure',
    updates: [
      {
        title: 'New fish, new friends',
        body: '<p>Twelve new fish and the lighthouse keeper joined the game this month. Here is how the night fishing works.</p>',
        visibility: 'public',
      },
    ],
    threads: [
      {
        author: 'maya',
        body: 'Will the game have a photo mode? My kids would love it.',
        replies: [['leo', 'It will! It is one of the stretch goals we can already promise.']],
      },
    ],
    faq: [
      ['Which platforms will it run on?', 'Windows, macOS and Linux at launch; the Switch port follows.'],
    ],
  },
  {
    project: 'Quiet Streets: a photo book',
    updates: [
      {
        title: 'The books are printed',
        body: '<p>All copies are printed and bound. They leave the studio next week; every backer gets a mail with the tracking number.</p>',
        visibility: 'public',
      },
    ],
  },
];

/**
 * The demo's community and moderation: updates (public and for backers), comments with replies, FAQs, the
 * notifications they sent, a removed comment, open reports for the admin, and a rejection in the audit log.
 */
export async function seedCommunity(
  trx: Kysely<DB>,
  projects: Map<string, { id: number; creatorId: number }>,
  users: Map<string, number>,
) {
  const person = (username: string) => users.get(username)!;
  const project = (title: string) => projects.get(title)!;
  const writeThreads = async (
    target: { projectId: number; updateId: number | null },
    threads: DemoThread[],
  ) => {
    const ids: number[] = [];
    for (const thread of threads) {
      const id = await insertComment(trx, {
        target,
        parentId: null,
        authorId: person(thread.author),
        body: thread.body,
      });
      ids.push(id);
      for (const [author, body] of thread.replies ?? []) {
        await insertComment(trx, { target, parentId: id, authorId: person(author), body });
      }
      if (target.updateId !== null) {
        for (let i = 0; i <= (thread.replies?.length ?? 0); i += 1) {
          await moveUpdateCommentCount(trx, target.updateId, 1);
        }
      }
    }
    return ids;
  };

  for (const conversation of DEMO_CONVERSATIONS) {
    const { id: projectId, creatorId } = project(conversation.project);
    for (const update of conversation.updates ?? []) {
      const inserted = await insertUpdate(trx, {
        projectId,
        authorId: creatorId,
        title: update.title,
        body: update.body,
        visibility: update.visibility,
      });
      await notifyBackersOfUpdate(
        trx,
        (await findCommunityProject(trx, projectId))!,
        notificationMessages.updatePosted(conversation.project, inserted.number, update.title),
        `/projects/${projectId}/updates/${inserted.id}`,
      );
      await writeThreads({ projectId, updateId: inserted.id }, update.threads ?? []);
    }
    await writeThreads({ projectId, updateId: null }, conversation.threads ?? []);
    for (const [question, answer] of conversation.faq ?? []) {
      await insertFaq(trx, projectId, { question, answer });
    }
  }

  // Moderation: a spam comment an admin already removed, one waiting in the reports queue, a reported project.
  const suncell = project('SunCell: a solar lantern for every home');
  const [removed, spam] = await writeThreads({ projectId: suncell.id, updateId: null }, [
    { author: 'leo', body: 'Follow my channel for free game keys!' },
    { author: 'leo', body: 'Cheap lanterns at lantern-deals.example, half the price!' },
  ]);
  await removeComment(trx, removed!, person('admin'));
  await recordAudit(trx, {
    actorId: person('admin'),
    action: 'comment.remove',
    targetType: 'comment',
    targetId: removed!,
    projectId: suncell.id,
    reason: 'Advertising is not allowed in comments.',
  });
  // Three people reported the advertisement: it is hidden while an admin reviews it (HIDE_AFTER_REPORTS is 3).
  const spamReports = [
    ['sofia', 'spam', 'Advertising another shop.'],
    ['yuki', 'spam', 'This is an advert, not a comment.'],
    ['lena', 'fraud', 'The link looks like a scam selling copies of this lantern.'],
  ] as const;
  for (const [reporter, category, reason] of spamReports) {
    await insertReport(trx, {
      reporterId: person(reporter),
      thing: { type: 'comment', projectId: suncell.id, commentId: spam! },
      reason,
      category,
    });
    await countCommentReport(trx, spam!, {
      hideAfter: DEFAULT_HIDE_AFTER_REPORTS,
      byCreator: false,
      at: new Date(),
      reporterId: person(reporter),
    });
  }
  const cookbook = project('The Neighbourhood Cookbook');
  await insertReport(trx, {
    reporterId: person('leo'),
    thing: { type: 'project', projectId: cookbook.id },
    reason: 'The recipes look copied from a published book.',
    category: 'intellectual_property',
  });
  const capsules = project('Miracle Diet Capsules');
  await recordAudit(trx, {
    actorId: person('admin'),
    action: 'project.reject',
    targetType: 'project',
    targetId: capsules.id,
    projectId: capsules.id,
    reason: 'Health claims without evidence are not allowed on Fundry.',
  });

  // The admin is told about the projects waiting for review, as a submission does.
  const pending = await trx
    .selectFrom('projects')
    .select(['id', 'title'])
    .where('status', '=', 'PENDING')
    .execute();
  await insertNotifications(
    trx,
    pending.map((row) => ({
      userId: person('admin'),
      type: 'ADMIN_REVIEW',
      message: notificationMessages.submitted(row.title),
      projectId: row.id,
    })),
  );
}
