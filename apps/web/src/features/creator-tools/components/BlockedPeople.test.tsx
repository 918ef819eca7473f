import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockedUser } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { BlockedPeople } from './BlockedPeople';
import { BlockPersonButton } from './BlockPersonButton';

const person = (id: number, name: string): BlockedUser => ({
  id,
  name,
  profile_image: null,
  blocked_at: '2026-05-03T10:00:00.000Z',
});
const page = (people: BlockedUser[]) => ({
  body: { data: people, meta: { total: people.length, pages: 1, page: 1, per_page: 20 } },
});

describe('Blocked people (creator tools)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStorage.clear();
  });

  it('lists the creator’s blocks with their names and unblocks one', async () => {
    authStorage.setTokens('access', 'refresh');
    let blocked = [person(9, 'Troll Tom'), person(10, 'Spam Sam')];
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/blocked-users': () => page(blocked),
      'DELETE projects/1/blocked-users/9': () => {
        blocked = blocked.filter((p) => p.id !== 9);
        return { body: { message: 'The block was lifted.' } };
      },
    });
    const { user } = renderPage(<BlockedPeople projectId={1} mayUnblock />, { path: '/' });
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Troll Tom'), expect.stringContaining('Spam Sam')]);
    await user.click(screen.getByRole('button', { name: 'Unblock Troll Tom' }));
    expect(await screen.findByText('The block was lifted.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === 'projects/1/blocked-users/9')).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByText('Troll Tom')).not.toBeInTheDocument());
  });

  it('says when nobody is blocked', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/blocked-users': page([]),
    });
    renderPage(<BlockedPeople projectId={1} mayUnblock />, { path: '/' });
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('shows an admin the list without Unblock (only the creator lifts a block)', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET projects/1/blocked-users': page([person(9, 'Troll Tom')]),
    });
    renderPage(<BlockedPeople projectId={1} mayUnblock={false} />, { path: '/' });
    expect(await screen.findByText('Troll Tom')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unblock/ })).not.toBeInTheDocument();
  });

  it('blocks a comment’s author only after a confirmation that says what it does', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'POST projects/1/blocked-users': {
        status: 201,
        body: {
          data: person(9, 'Troll Tom'),
          message: 'Troll Tom can no longer comment on your projects or message you.',
        },
      },
    });
    const { user } = renderPage(<BlockPersonButton projectId={1} userId={9} name="Troll Tom" />, {
      path: '/',
    });
    await user.click(screen.getByRole('button', { name: 'Block Troll Tom from your projects' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Troll Tom will no longer be able to comment on any of your projects');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText('Troll Tom can no longer comment on your projects or message you.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ user_id: 9 });
  });
});
