import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyProviders } from '@/test/money';
import { makeProject } from '@/test/projects';
import { StatsCard } from './StatsCard';

// A live campaign with days still to go, whatever day the test runs.
const live = { status: 'ACTIVE', start_date: '2020-01-01', end_date: '2999-12-31' } as const;

function renderCard(locale: 'en' | 'de' | 'ar', backers: number, days = 20) {
  const project = makeProject({ ...live, backers_count: backers, days_left: days });
  return render(
    // Amounts in the visitor's own currency: no approximation beside them.
    <MoneyProviders locale={locale} chosen="USD">
      <StatsCard project={project} />
    </MoneyProviders>,
  );
}

describe('StatsCard in other languages', () => {
  it('reads the same in English as before', () => {
    renderCard('en', 1, 1);
    const card = screen.getByLabelText('Funding');
    expect(card).toHaveTextContent('$1,250');
    expect(card).toHaveTextContent('raised of $5,000 goal');
    expect(card).toHaveTextContent('1backer');
    expect(card).toHaveTextContent('1days to go');
    expect(screen.getByRole('progressbar', { name: '25% funded' })).toBeInTheDocument();
  });

  it('writes amounts the German way and agrees the nouns with the numbers', () => {
    renderCard('de', 1, 1);
    const card = screen.getByLabelText('Finanzierung');
    expect(card).toHaveTextContent('1.250 $');
    expect(card).toHaveTextContent('gesammelt von 5.000 $ Ziel');
    expect(card).toHaveTextContent('1Unterstützer');
    expect(card).toHaveTextContent('1Tag übrig');
  });

  it('uses the Arabic dual and plural forms', () => {
    renderCard('ar', 2, 3);
    const card = screen.getByLabelText('التمويل');
    expect(card).toHaveTextContent('2داعمان');
    expect(card).toHaveTextContent('3أيام متبقية');
    expect(card).toHaveTextContent('جُمعت من هدف قدره');
  });
});

describe('StatsCard after success', () => {
  const renderSent = (locale: 'en' | 'de' | 'ar', sent: number, total: number) =>
    render(
      <MoneyProviders locale={locale} chosen="USD">
        <StatsCard
          project={makeProject({
            status: 'SUCCESSFUL',
            end_date: '2020-01-31',
            rewards_sent: sent,
            rewards_total: total,
          })}
        />
      </MoneyProviders>,
    );

  it('says nothing of rewards until one is sent', () => {
    renderSent('en', 0, 300);
    expect(screen.getByLabelText('Funding')).not.toHaveTextContent(/Rewards sent/);
  });

  it('says how many backers their rewards were sent to', () => {
    renderSent('en', 120, 300);
    expect(screen.getByText('Rewards sent to 120 of 300 backers')).toBeInTheDocument();
  });

  it('agrees the noun with the total', () => {
    renderSent('en', 1, 1);
    expect(screen.getByText('Rewards sent to 1 of 1 backer')).toBeInTheDocument();
  });

  it('in German and in Arabic', () => {
    const german = renderSent('de', 1, 2);
    expect(screen.getByText('Belohnungen an 1 von 2 Unterstützern versendet')).toBeInTheDocument();
    german.unmount();
    renderSent('ar', 1, 2);
    expect(screen.getByText(/أُرسلت المكافآت إلى/)).toHaveTextContent('داعمَين');
  });

  it('counts an upcoming campaign’s days from its start, not from today', () => {
    const project = makeProject({
      status: 'ACTIVE',
      start_date: '2999-01-01',
      end_date: '2999-01-30',
      days_left: 999,
    });
    render(
      <MoneyProviders locale="en" chosen="USD">
        <StatsCard project={project} />
      </MoneyProviders>,
    );
    expect(screen.getByLabelText('Funding')).toHaveTextContent('30days to go');
  });
});
