import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { fakeAccessToken, makeReward } from '@/test/rewards';
import { AllRewardsPage } from './AllRewardsPage';

const open = makeReward({ id: 11, title: 'Postcard', backers_count: 0, quantity_claimed: 0 });
const soldOut = makeReward({
  id: 12,
  title: 'Sold Lamp',
  quantity_available: 3,
  quantity_claimed: 3,
  backers_count: 3,
});
const backed = makeReward({ id: 13, title: 'Backed Lamp', backers_count: 2 });

function renderRewards({
  creator = true,
  routes = {},
}: { creator?: boolean; routes?: Record<string, Responder> } = {}) {
  authStorage.setTokens(fakeAccessToken({ sub: 7, permissions: ['create_reward'] }), 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET rewards/projects/1/rewards': { body: { data: [open, soldOut, backed] } },
    ...routes,
  });
  const project = makeProject({ creator_id: creator ? 7 : 99 });
  return {
    calls,
    ...renderPage(<AllRewardsPage projectId={1} project={project} />, {
      path: '/projects/:id/rewards',
      at: '/projects/1/rewards',
    }),
  };
}

describe('AllRewardsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides sold-out rewards until the toggle shows them', async () => {
    const { user } = renderRewards();
    expect(await screen.findByRole('article', { name: 'Postcard' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Sold Lamp' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Show sold-out rewards/ }));
    const card = await screen.findByRole('article', { name: 'Sold Lamp' });
    expect(within(card).getByText('Sold Out')).toBeInTheDocument();
  });

  it('asks before deleting, deletes, and keeps Delete disabled for a reward with backers', async () => {
    const { user, calls } = renderRewards({
      routes: {
        'DELETE rewards/projects/1/rewards/11': { body: { message: 'Reward deleted successfully' } },
      },
    });
    const backedCard = await screen.findByRole('article', { name: 'Backed Lamp' });
    expect(within(backedCard).getByRole('button', { name: 'Delete Backed Lamp' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete Postcard' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this reward?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reward deleted successfully')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === 'rewards/projects/1/rewards/11'),
    ).toBe(true);
  });

  it('tells why a delete failed', async () => {
    const { user } = renderRewards({
      routes: {
        'DELETE rewards/projects/1/rewards/11': apiError(
          409,
          'CONFLICT',
          'A reward with backers cannot be deleted',
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Postcard' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete reward: A reward with backers cannot be deleted'),
    ).toBeInTheDocument();
  });

  it('offers backing, not editing, to someone else on an active project', async () => {
    renderRewards({ creator: false });
    const card = await screen.findByRole('article', { name: 'Postcard' });
    expect(within(card).getByRole('button', { name: 'Back with this reward' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Edit Postcard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Reward' })).not.toBeInTheDocument();
  });

  it('says so when the rewards cannot be loaded', async () => {
    renderRewards({ routes: { 'GET rewards/projects/1/rewards': { status: 500, body: {} } } });
    expect(await screen.findByText('Could not load project rewards')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Failed to load rewards')).toBeInTheDocument());
  });
});
