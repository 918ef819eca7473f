import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { UpcomingAction } from './NotifyMeButton';

const upcoming = makeProject({ id: 4, start_date: '2099-01-10', end_date: '2099-02-09' });

describe('UpcomingAction (Notify me on launch)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says Upcoming with the start date, and toggles Notify me for a signed-in person', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'POST projects/4/follow': { body: { data: { following: true, followers_count: null } } },
    });
    const { user } = renderPage(<UpcomingAction project={upcoming} isCreator={false} />, {
      path: '/projects/:id',
      at: '/projects/4',
    });
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByText('Launches on January 10, 2099')).toBeInTheDocument();
    // No count below 10 for anyone but the creator and admins: the API gives none.
    expect(screen.queryByTestId('followers-count')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notify me on launch' }));
    expect(await screen.findByText("We'll tell you when it launches")).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === 'projects/4/follow')).toBe(true);
  });

  it('sends a visitor to sign in and back', async () => {
    authStorage.clear();
    mockApi({});
    const { user } = renderPage(<UpcomingAction project={upcoming} isCreator={false} />, {
      path: '/projects/:id',
      at: '/projects/4',
    });
    await user.click(screen.getByRole('button', { name: 'Notify me on launch' }));
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/signin');
    expect(JSON.parse(location.dataset.state!)).toEqual({ from: '/projects/4' });
  });

  it('gives the creator their own action and the exact count instead of the button', () => {
    mockApi({});
    renderPage(
      <UpcomingAction
        project={{ ...upcoming, followers_count: 3 }}
        isCreator
        creatorAction={<button type="button">Launch now</button>}
      />,
      { path: '/projects/:id', at: '/projects/4' },
    );
    expect(screen.getByTestId('followers-count')).toHaveTextContent('3 people are waiting for the launch');
    expect(screen.queryByRole('button', { name: 'Notify me on launch' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch now' })).toBeInTheDocument();
  });
});
