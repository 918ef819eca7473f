import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadMessage, ThreadSummary } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { renderPage } from '@/test/render';
import { MessageCreatorButton } from './components/MessageCreatorButton';
import { MessagesLink } from './components/MessagesLink';
import { MessagesPage } from './routes/MessagesPage';
import { ThreadPage } from './routes/ThreadPage';

const summary = (extra: Partial<ThreadSummary> = {}): ThreadSummary => ({
  id: 5,
  project: { id: 3, title: 'SunCell' },
  other: { id: 9, name: 'Maya Okafor' },
  last_message: { body: 'Yes, it ships to Chile.', author_id: 9, created_at: new Date().toISOString() },
  unread_count: 0,
  blocked: false,
  ...extra,
});
const meta = (total: number) => ({ total, pages: 1, page: 1, per_page: 20 });

afterEach(() => {
  vi.unstubAllGlobals();
  authStorage.clear();
});

describe('MessagesLink', () => {
  it('says how many messages are unread and leads to the inbox', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET messages': { body: { data: { threads: [] }, meta: { ...meta(4), unread: 2 } } },
    });
    renderPage(<MessagesLink />, { path: '/' });
    const link = await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(link).toHaveAttribute('href', '/messages');
  });
});

describe('MessagesPage', () => {
  it('lists the threads with the unread ones marked, each leading to its conversation', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET messages': {
        body: {
          data: {
            threads: [
              summary({ id: 5, unread_count: 2 }),
              summary({
                id: 6,
                other: { id: 10, name: 'Leo Martins' },
                last_message: {
                  body: 'Thanks!',
                  author_id: testUser.id,
                  created_at: new Date().toISOString(),
                },
              }),
            ],
          },
          meta: { ...meta(2), unread: 2 },
        },
      },
    });
    renderPage(<MessagesPage />, { path: '/messages' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByText('2 unread messages')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Conversations' });
    const [unread, read] = within(list).getAllByRole('link');
    expect(unread).toHaveAttribute('href', '/messages/5');
    expect(unread).toHaveTextContent(/^Unread: Maya Okafor/);
    expect(read).toHaveTextContent(/^Leo Martins.*You: Thanks!/);
  });
});

describe('ThreadPage', () => {
  it('shows the messages as text, sends a trimmed reply, refuses an empty one, and blocks after asking', async () => {
    authStorage.setTokens('access', 'refresh');
    const messages: ThreadMessage[] = [
      {
        id: 1,
        body: 'Does it <b>ship</b>?\nTo Chile?',
        author: { id: testUser.id, name: 'Ada Lovelace' },
        created_at: new Date().toISOString(),
      },
    ];
    let blocked = false;
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET messages/5': () => ({
        body: { data: { thread: summary({ blocked }), messages }, meta: meta(messages.length) },
      }),
      'POST messages/5': (call) => {
        const { body } = call.body as { body: string };
        const message = {
          id: 2,
          body,
          author: { id: 9, name: 'Maya Okafor' },
          created_at: new Date().toISOString(),
        };
        messages.push(message);
        return { status: 201, body: { data: message, message: 'Message sent.' } };
      },
      'POST messages/5/block': () => {
        blocked = true;
        return { body: { message: 'Blocked. This person can no longer write to you.' } };
      },
    });
    const { user } = renderPage(<ThreadPage />, { path: '/messages/:threadId', at: '/messages/5' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation with Maya Okafor' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages of this conversation' });
    // Plain text: the tags are shown as written, never made into markup.
    expect(within(list).getByText(/Does it <b>ship<\/b>\?/)).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reply to Maya Okafor' }), '  Yes, to Chile.  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(list).getByText('Yes, to Chile.')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST' && c.path === 'messages/5')?.body).toEqual({
      body: 'Yes, to Chile.',
    });

    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Maya Okafor?' });
    expect(calls.some((c) => c.path === 'messages/5/block')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(
      await screen.findByText('You blocked Maya Okafor: they can no longer write to you.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'messages/5/block')).toHaveLength(1);
  });
});

describe('MessageCreatorButton', () => {
  it('sends a visitor who is not signed in to sign in, and back here after', async () => {
    mockApi({});
    const { user } = renderPage(
      <MessageCreatorButton projectId={3} projectTitle="SunCell" creatorName="Maya Okafor" />,
      { path: '/projects/3' },
    );
    await user.click(screen.getByRole('button', { name: 'Message the creator' }));
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/signin');
    expect(JSON.parse(location.dataset.state!)).toMatchObject({ from: '/projects/3' });
  });

  it('opens its dialog (loaded then) for someone signed in, and the conversation once the message is sent', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'POST projects/3/messages': { status: 201, body: { data: { thread_id: 9 }, message: 'Message sent.' } },
    });
    const { user } = renderPage(
      <MessageCreatorButton projectId={3} projectTitle="SunCell" creatorName="Maya Okafor" />,
      { path: '/projects/3' },
    );
    await user.click(screen.getByRole('button', { name: 'Message the creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Maya Okafor' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Does it ship to Lisbon?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/messages/9');
    expect(calls.find((call) => call.path === 'projects/3/messages')?.body).toEqual({
      body: 'Does it ship to Lisbon?',
    });
  });
});
