import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyProviders } from '@/test/money';
import { makeProject } from '@/test/projects';
import { StatsCard } from './StatsCard';

// A live campaign with days still to go, whatever day the test runs.
const live = { status: 'ACTIVE', end_date: '2999-12-31' } as const;

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
