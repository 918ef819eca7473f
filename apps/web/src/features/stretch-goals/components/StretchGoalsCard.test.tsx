import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StretchGoal } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { fakeAccessToken } from '@/test/rewards';
import { StretchGoalsCard } from './StretchGoalsCard';

const goals: StretchGoal[] = [
  {
    id: 3,
    amount: 6000,
    currency: 'USD',
    title: 'Second colour',
    description: 'Sea blue.',
    reached_at: '2026-11-20T10:00:00.000Z',
  },
  { id: 4, amount: 9000, currency: 'USD', title: 'Solar upgrade', description: '', reached_at: null },
];

describe('the stretch goals list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('shows a visitor each amount and title, the reached ones marked, and no controls', async () => {
    mockApi({ 'GET projects/1/stretch-goals': { body: { data: { stretch_goals: goals } } } });
    renderPage(<StretchGoalsCard project={makeProject()} isCreator={false} />, { path: '/' });
    const card = await screen.findByRole('region', { name: 'Stretch goals' });
    const [first, second] = await within(card).findAllByTestId('stretch-goal');
    expect(first).toHaveTextContent('$6,000');
    expect(first).toHaveTextContent('Second colour');
    expect(within(first!).getByText('Reached')).toBeInTheDocument();
    expect(second).toHaveTextContent('$9,000');
    expect(within(second!).queryByText('Reached')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing to a visitor of a project without stretch goals', async () => {
    const calls = mockApi({ 'GET projects/1/stretch-goals': { body: { data: { stretch_goals: [] } } } });
    renderPage(<StretchGoalsCard project={makeProject()} isCreator={false} />, { path: '/' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Stretch goals' })).not.toBeInTheDocument();
  });

  it('lets the creator add one, checked against the goal before it is sent', async () => {
    authStorage.setTokens(fakeAccessToken({ sub: 7, permissions: ['create_reward'] }), 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/stretch-goals': { body: { data: { stretch_goals: [] } } },
      'POST projects/1/stretch-goals': (call) => ({
        status: 201,
        body: {
          data: { id: 9, currency: 'USD', reached_at: null, ...(call.body as object) },
          message: 'Stretch goal added',
        },
      }),
    });
    const { user } = renderPage(<StretchGoalsCard project={makeProject({ creator_id: 7 })} isCreator />, {
      path: '/',
    });
    await user.click(await screen.findByRole('button', { name: 'Add stretch goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a stretch goal' });
    expect(within(dialog).getByText('Above your goal of $5,000')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save stretch goal' }));
    expect(
      await within(dialog).findByText('A stretch goal must be above the project’s goal of 5,000 USD'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Amount/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '7500');
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), ' Gift box ');
    await user.click(within(dialog).getByRole('button', { name: 'Save stretch goal' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: 7500,
      title: 'Gift box',
      description: '',
    });
  });
});
