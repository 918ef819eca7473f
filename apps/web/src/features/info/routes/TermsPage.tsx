import { useI18n } from '@/lib/i18n';
import { LegalPage, type LegalSection } from '../components/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    id: 'using-fundry',
    title: 'info.terms.usingFundry.title',
    paragraphs: ['info.terms.usingFundry.agreement', 'info.terms.usingFundry.account'],
  },
  {
    id: 'campaigns',
    title: 'info.terms.campaigns.title',
    paragraphs: ['info.terms.campaigns.review', 'info.terms.campaigns.live'],
  },
  {
    id: 'all-or-nothing',
    title: 'info.terms.allOrNothing.title',
    paragraphs: ['info.terms.allOrNothing.charging', 'info.terms.allOrNothing.declined'],
  },
  {
    id: 'flexible',
    title: 'info.terms.flexible.title',
    paragraphs: ['info.terms.flexible.charging'],
  },
  {
    id: 'cancellations',
    title: 'info.terms.cancellations.title',
    paragraphs: [
      'info.terms.cancellations.change',
      'info.terms.cancellations.lastDay',
      'info.terms.cancellations.flexible',
    ],
  },
  {
    id: 'refunds',
    title: 'info.terms.refunds.title',
    paragraphs: ['info.terms.refunds.text'],
  },
  {
    id: 'fees',
    title: 'info.terms.fees.title',
    paragraphs: ['info.terms.fees.amounts', 'info.terms.fees.payouts'],
  },
  {
    id: 'conduct',
    title: 'info.terms.conduct.title',
    points: ['info.terms.conduct.honesty', 'info.terms.conduct.comments', 'info.terms.conduct.content'],
  },
  {
    id: 'closing',
    title: 'info.terms.closing.title',
    paragraphs: ['info.terms.closing.text'],
  },
];

/** /terms: the rules of the platform, in plain words (DESIGN.md §13: a real page). */
export function TermsPage() {
  const i18n = useI18n();
  return (
    <LegalPage
      title={i18n.t('info.terms.title')}
      subtitle={i18n.t('info.terms.subtitle')}
      updated="2026-11"
      sections={SECTIONS}
    />
  );
}
