import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { ReportButton } from './ReportButton';

describe('ReportButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('reports a person with a reason and the chosen category', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'POST users/9/report': {
        status: 201,
        body: { data: {}, message: 'Thank you. An administrator will review your report.' },
      },
    });
    const { user } = renderPage(<ReportButton kind="user" id={9} name="Report Rex" />, { path: '/' });
    await user.click(screen.getByRole('button', { name: 'Report Rex' }));
    expect(await screen.findByText('Report this person')).toBeInTheDocument();
    const category = screen.getByRole('combobox', { name: 'What is it about?' });
    expect(category).toHaveValue('other');
    expect(Array.from((category as HTMLSelectElement).options).map((option) => option.textContent)).toEqual([
      'Fraud',
      'Spam',
      'Prohibited content',
      'Intellectual property',
      'Other',
    ]);
    await user.selectOptions(category, 'fraud');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Sells fake lanterns');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        reason: 'Sells fake lanterns',
        category: 'fraud',
      }),
    );
    expect(
      await screen.findByText('Thank you. An administrator will review your report.'),
    ).toBeInTheDocument();
  });
});
