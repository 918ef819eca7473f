import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReferralsReport, ReferralTag } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { ReferralSources } from './ReferralSources';

const REPORT: ReferralsReport = {
  currency: 'USD',
  totals: { visits: 50, pledges: 3, amount: 100 },
  sources: [
    {
      source: 'newsletter',
      kind: 'tag',
      visits: 40,
      pledges: 2,
      amount: 80,
      share_of_amount: 0.8,
      conversion: 0.05,
    },
    {
      source: 'direct',
      kind: 'direct',
      visits: 10,
      pledges: 1,
      amount: 20,
      share_of_amount: 0.2,
      conversion: 0.1,
    },
  ],
  days: [
    { day: '2026-05-01', source: 'newsletter', visits: 40, pledges: 2, amount: 80 },
    { day: '2026-05-02', source: 'direct', visits: 10, pledges: 1, amount: 20 },
  ],
};
const tag = (name: string): ReferralTag => ({
  id: 1,
  name,
  link: `https://fundry.example/projects/1?ref=${name}`,
  created_at: '2026-05-01T00:00:00.000Z',
});

describe('Where backers come from (creator tools)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('shows each source with its visits, pledges, amount, share and conversion, and makes a tag', async () => {
    authStorage.setTokens('access', 'refresh');
    let tags: ReferralTag[] = [];
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/referrals': { body: { data: REPORT } },
      'GET projects/1/referral-tags': () => ({ body: { data: tags } }),
      'POST projects/1/referral-tags': () => {
        tags = [tag('podcast')];
        return { status: 201, body: { data: tags[0], message: 'Tag podcast created' } };
      },
    });
    const { user } = renderPage(<ReferralSources projectId={1} mayCreateTags />, { path: '/' });
    const table = await screen.findByRole('table', { name: 'By source' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SourceVisitsPledgesAmountShareConversion',
      'newsletteryour tag402$8080%5%',
      'Direct101$2020%10%',
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Tag name' }), 'podcast');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('https://fundry.example/projects/1?ref=podcast')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the link of podcast' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'podcast' });
  });

  it('leaves tag making to the creator', async () => {
    mockApi({
      'GET projects/1/referrals': { body: { data: REPORT } },
      'GET projects/1/referral-tags': { body: { data: [tag('newsletter')] } },
    });
    renderPage(<ReferralSources projectId={1} mayCreateTags={false} />, { path: '/' });
    expect(await screen.findByRole('table', { name: 'By source' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Tag name' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copy the link of newsletter' })).toBeInTheDocument();
  });
});
