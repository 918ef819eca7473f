import { useI18n } from '@/lib/i18n';
import { LegalPage, type LegalSection } from '../components/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-keep',
    title: 'info.privacy.whatWeKeep.title',
    points: [
      'info.privacy.whatWeKeep.account',
      'info.privacy.whatWeKeep.profile',
      'info.privacy.whatWeKeep.provider',
      'info.privacy.whatWeKeep.twoFactor',
      'info.privacy.whatWeKeep.pledges',
      'info.privacy.whatWeKeep.content',
      'info.privacy.whatWeKeep.money',
    ],
  },
  {
    id: 'cards',
    title: 'info.privacy.cards.title',
    paragraphs: ['info.privacy.cards.text'],
  },
  {
    id: 'who-sees-it',
    title: 'info.privacy.whoSees.title',
    points: [
      'info.privacy.whoSees.everyone',
      'info.privacy.whoSees.creators',
      'info.privacy.whoSees.admins',
      'info.privacy.whoSees.noOne',
    ],
  },
  {
    id: 'emails',
    title: 'info.privacy.emails.title',
    paragraphs: ['info.privacy.emails.text'],
  },
  {
    id: 'your-data',
    title: 'info.privacy.yourData.title',
    paragraphs: ['info.privacy.yourData.text'],
  },
  {
    id: 'delete',
    title: 'info.privacy.delete.title',
    paragraphs: ['info.privacy.delete.how', 'info.privacy.delete.what'],
  },
  {
    id: 'contact',
    title: 'info.privacy.contact.title',
    paragraphs: ['info.privacy.contact.text'],
  },
];

/** /privacy: what data is kept, why, and how to take it away (DESIGN.md §13: a real page). */
export function PrivacyPage() {
  const i18n = useI18n();
  return (
    <LegalPage
      title={i18n.t('info.privacy.title')}
      subtitle={i18n.t('info.privacy.subtitle')}
      updated="2026-11"
      sections={SECTIONS}
    />
  );
}
