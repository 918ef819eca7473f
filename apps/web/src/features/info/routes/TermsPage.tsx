import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'using-fundry',
    title: 'Using Fundry',
    paragraphs: [
      'Fundry connects creators, who run campaigns to fund a project, with backers, who pledge money to the campaigns they want to see happen. By creating an account or pledging you agree to these terms.',
      'You must give a real name and an email address you can read; we send the verification link, receipts and the news of the campaigns you back there. Keep your password to yourself; you can turn on two-factor sign-in in your profile.',
    ],
  },
  {
    id: 'campaigns',
    title: 'Campaigns',
    paragraphs: [
      'A creator sets a goal, a start and an end date (at most 90 days apart) and chooses how the campaign is funded. Every campaign is reviewed by an administrator before it goes live; a campaign that breaks these terms can be rejected or taken down, and the reason is given to the creator.',
      'Once a campaign is live, its goal, start date and funding model are fixed, and its end date can only move later. The creator is responsible for delivering the project and the rewards they promised, and for telling backers through updates when plans change.',
    ],
  },
  {
    id: 'all-or-nothing',
    title: 'All-or-nothing charging',
    paragraphs: [
      'Most campaigns are all-or-nothing. When you back one, your card is saved by our payment provider but nothing is charged. If the campaign reaches its goal by its end date, every pledge is charged the day after the end date. If it does not, no card is charged and every pledge is released.',
      'If a charge is declined, we tell you by notification and email with a link to pay another way. A pledge that is still unpaid 7 days later is dropped and its reward goes back to the creator.',
    ],
  },
  {
    id: 'flexible',
    title: 'Flexible campaigns',
    paragraphs: [
      'A creator may instead choose flexible funding: the creator keeps what is raised whether or not the goal is met. Pledges to a flexible campaign are charged at checkout, and the back dialog says so before you pay.',
    ],
  },
  {
    id: 'cancellations',
    title: 'Changing and cancelling a pledge',
    paragraphs: [
      'Until an all-or-nothing campaign ends you can change the amount, the reward or the shipping address of your pledge, or cancel it, from Manage pledge on the project page. As nothing has been charged yet, no money moves.',
      'In the last 24 hours of a campaign that has reached its goal, a change or cancellation that would take it back below its goal is refused, so that creators are not left short at the last minute.',
      'Pledges to flexible campaigns are charged at once and cannot be changed or cancelled by the backer afterwards.',
    ],
  },
  {
    id: 'refunds',
    title: 'Refunds',
    paragraphs: [
      'A creator can refund a charged pledge in full at any time; the refund goes back to the card that paid. Pledges released because a campaign failed were never charged, so there is nothing to refund. Fundry does not otherwise guarantee refunds: backing a project supports work that may still fail, and the creator, not Fundry, is responsible for keeping their promises.',
    ],
  },
  {
    id: 'fees',
    title: 'Fees and payouts',
    paragraphs: [
      'Fundry keeps a platform fee of 5% of each charged pledge, and the payment provider charges its processing fee (about 2.9% + $0.30 per pledge). Nothing is taken from pledges that are never charged.',
      'Creators connect a bank account through the payment provider and request payouts of what their campaign collected, less these fees, once it is eligible: when the campaign succeeded, or at any time for a flexible campaign.',
    ],
  },
  {
    id: 'conduct',
    title: 'Conduct',
    points: [
      'No fraud, no projects that are illegal where you or your backers live, no misleading descriptions.',
      'Comments are for the project: no harassment, spam or personal data of others. Anyone signed in can report a project or a comment; administrators review reports and may remove content.',
      'Content you post stays yours; you allow Fundry to show it on the site and in the emails that go with it.',
    ],
  },
  {
    id: 'closing',
    title: 'Closing your account',
    paragraphs: [
      <>
        You can delete your account at any time from{' '}
        <Anchor component={Link} to="/settings">
          Settings
        </Anchor>
        . How your data is treated then is explained in the{' '}
        <Anchor component={Link} to="/privacy">
          Privacy policy
        </Anchor>
        .
      </>,
    ],
  },
];

/** /terms: the rules of the platform, in plain words (DESIGN.md §13: a real page). */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of use"
      subtitle="The rules of Fundry for creators and backers: how campaigns run, when cards are charged, and how cancellations and refunds work."
      updated="November 2026"
      sections={SECTIONS}
    />
  );
}
