import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-keep',
    title: 'What we keep and why',
    points: [
      'Your account: name, username, email address and a hash of your password (never the password itself), to let you sign in and to write to you.',
      'What you choose to add to your profile: photo, location, bio, website and social handle, shown on your public profile and beside your projects.',
      'If you sign in with a third-party provider, the id that provider gives you, to recognise you next time.',
      'If you turn on two-factor sign-in, its secret, to check your codes.',
      'Your pledges: amount, reward, status, dates and, for rewards that ship, your shipping address, so that the creator can deliver and you can manage your pledge.',
      'Your projects, updates, comments, saved projects, notifications and email preferences, as you made them.',
      'Records of money that moved (charges, fees, refunds, payouts), kept because accounting law requires it.',
    ],
  },
  {
    id: 'cards',
    title: 'Cards and bank accounts',
    paragraphs: [
      'Card numbers and bank details are entered on the payment provider’s pages and kept by the provider, never by Fundry. We keep only the references the provider gives us to charge a saved card or pay out to a connected account.',
    ],
  },
  {
    id: 'who-sees-it',
    title: 'Who sees what',
    points: [
      'Everyone: your public profile, your projects once they are live, and your comments.',
      'The creators of projects you back: your name, email address, pledge, reward and shipping address, to deliver your reward.',
      'Administrators: what they need to review projects, resolve reports and help with payments; every administrative action is recorded.',
      'No one else: we do not sell your data or share it with advertisers.',
    ],
  },
  {
    id: 'emails',
    title: 'Emails',
    paragraphs: [
      'We send the emails your account needs (verification, password reset, sign-in codes, receipts, the result of a campaign you backed). Updates, comment replies, pledge news and reminders follow your email preferences in Settings, and every such email has a one-click unsubscribe link.',
    ],
  },
  {
    id: 'your-data',
    title: 'Getting a copy of your data',
    paragraphs: [
      <>
        In{' '}
        <Anchor component={Link} to="/settings">
          Settings
        </Anchor>{' '}
        you can download everything we hold about you as a file.
      </>,
    ],
  },
  {
    id: 'delete',
    title: 'Deleting your account',
    paragraphs: [
      <>
        Open{' '}
        <Anchor component={Link} to="/settings">
          Settings
        </Anchor>{' '}
        (or your profile&apos;s Account Settings) and choose Delete account. If you still have pledges that
        are not charged yet, cancel them first or wait until their campaigns end.
      </>,
      'Deleting removes your name, email address, password, profile, photo and sign-in links, and signs you out everywhere. Your drafts and projects awaiting review are deleted and your running campaigns are closed. Records of money that moved and your comments stay, without your name, so that other people’s histories and the accounts stay correct.',
    ],
  },
  {
    id: 'contact',
    title: 'Questions',
    paragraphs: [
      <>
        Fundry is open-source software: the operator of this site is responsible for your data. The{' '}
        <Anchor component={Link} to="/faqs">
          FAQs
        </Anchor>{' '}
        answer the common questions about accounts and pledges.
      </>,
    ],
  },
];

/** /privacy: what data is kept, why, and how to take it away (DESIGN.md §13: a real page). */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      subtitle="What Fundry keeps about you, why it keeps it, who sees it, and how to get a copy or delete your account."
      updated="November 2026"
      sections={SECTIONS}
    />
  );
}
