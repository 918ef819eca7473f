import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '@/lib/auth-storage';
import { apiError, type ApiCall, mockApi, type Responder, testUser } from '@/test/api';
import { makeProject, projectList } from '@/test/projects';
import { renderPage } from '@/test/render';
import { MyProjectsPage } from './MyProjectsPage';

const LONG_TEXT = 'A very long description of a lantern that keeps going well past eighty characters.';
const draft = makeProject({
  id: 1,
  title: 'Lantern draft',
  status: 'DRAFT',
  description: `<p>${LONG_TEXT}</p>`,
});
const active = makeProject({ id: 2, title: 'Live lantern', status: 'ACTIVE' });
const revoked = makeProject({
  id: 3,
  title: 'Rejected lantern',
  status: 'REJECTED',
  revocation_date: '2030-01-05T12:00:00.000Z',
  revocation_reason: 'Needs a safety certificate',
});
const ALL = [draft, active, revoked];
/** A campaign its creator cancelled (DESIGN.md §18): in no tab but its own here. */
const canceled = makeProject({
  id: 4,
  title: 'Cancelled lantern',
  status: 'CANCELED',
  ended_at: '2030-01-10T12:00:00.000Z',
  end_message: 'The factory closed.',
});
const BY_STATUS: Record<string, typeof ALL> = {
  draft: [draft],
  active: [active],
  revoked: [revoked],
  canceled: [canceled],
};

function renderMyProjects(at = '/my-projects', list?: Responder, routes: Record<string, Responder> = {}) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET projects/':
      list ??
      ((call: ApiCall) => {
        const status = call.query.get('status');
        return projectList(status ? (BY_STATUS[status] ?? []) : ALL);
      }),
    ...routes,
  });
  return { calls, ...renderPage(<MyProjectsPage />, { path: '/my-projects', at }) };
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === 'projects/');

describe('MyProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists all of my projects newest first, with a count badge and the card details', async () => {
    const { calls } = renderMyProjects();
    const card = await screen.findByRole('article', { name: 'Lantern draft' });
    const query = listCalls(calls)[0]!.query;
    expect(query.get('my_projects')).toBe('true');
    expect(query.get('sort_by')).toBe('created_at');
    expect(query.get('sort_order')).toBe('desc');
    expect(query.has('status')).toBe(false);
    expect(within(screen.getByRole('tab', { name: /All/ })).getByLabelText('3 projects')).toHaveTextContent(
      '3',
    );

    expect(within(card).getByText('DRAFT')).toBeInTheDocument();
    expect(within(card).getByText('Technology')).toBeInTheDocument();
    // 80 characters, then an ellipsis.
    expect(within(card).getByText(`${LONG_TEXT.slice(0, 80).trimEnd()}…`)).toBeInTheDocument();
    expect(LONG_TEXT.length).toBeGreaterThan(80);
    expect(within(card).getByText('12 backers')).toBeInTheDocument();
    expect(within(card).getByText('Goal $5,000')).toBeInTheDocument();
    expect(within(card).getByText(/^Starts in \d+ days$/)).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: '25% funded' })).toBeInTheDocument();
  });

  it('gives drafts Edit and Preview, and other projects View', async () => {
    renderMyProjects();
    const draftCard = await screen.findByRole('article', { name: 'Lantern draft' });
    expect(within(draftCard).getByRole('link', { name: 'Edit Lantern draft' })).toHaveAttribute(
      'href',
      '/projects/drafts/edit/1',
    );
    expect(within(draftCard).getByRole('link', { name: 'Preview Lantern draft' })).toHaveAttribute(
      'href',
      '/projects/drafts/1',
    );
    expect(within(draftCard).queryByRole('link', { name: /^View/ })).not.toBeInTheDocument();
    const activeCard = screen.getByRole('article', { name: 'Live lantern' });
    expect(within(activeCard).getByRole('link', { name: 'View Live lantern' })).toHaveAttribute(
      'href',
      '/projects/2',
    );
    expect(within(activeCard).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('filters through the status parameter when a tab is chosen, and keeps the tab in the address', async () => {
    const { user, calls, router } = renderMyProjects();
    await screen.findByRole('article', { name: 'Live lantern' });
    await user.click(screen.getByRole('tab', { name: /Active/ }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Lantern draft' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Live lantern' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.query.get('status')).toBe('active');
    expect(router.state.location.search).toBe('?tab=active');
    expect(
      within(screen.getByRole('tab', { name: /Active/ })).getByLabelText('1 project'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(await screen.findByText('No pending projects.')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.query.get('status')).toBe('pending');
  });

  it('opens the Drafts tab from ?tab=drafts', async () => {
    const { calls } = renderMyProjects('/my-projects?tab=drafts');
    await screen.findByRole('article', { name: 'Lantern draft' });
    expect(screen.getByRole('tab', { name: /Drafts/ })).toHaveAttribute('aria-selected', 'true');
    expect(listCalls(calls)[0]?.query.get('status')).toBe('draft');
  });

  it('tells when and why a revoked project was revoked', async () => {
    const { user } = renderMyProjects('/my-projects?tab=revoked');
    const card = await screen.findByRole('article', { name: 'Rejected lantern' });
    await user.hover(within(card).getByText('REJECTED'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^Revoked on .*2030.*\. Reason: Needs a safety certificate$/);
  });

  it('says "Failed to load your projects" when the list fails', async () => {
    renderMyProjects('/my-projects', apiError(500, 'INTERNAL_ERROR', 'Boom'));
    await waitFor(() => expect(screen.getAllByText('Failed to load your projects')).toHaveLength(2));
  });

  it('lists campaigns ended early under Cancelled and Suspended', async () => {
    const { user, calls, router } = renderMyProjects('/my-projects?tab=canceled');
    const card = await screen.findByRole('article', { name: 'Cancelled lantern' });
    expect(screen.getByRole('tab', { name: /Cancelled/ })).toHaveAttribute('aria-selected', 'true');
    expect(listCalls(calls)[0]?.query.get('status')).toBe('canceled');
    expect(within(card).getByText('CANCELLED')).toBeInTheDocument();
    // Its end date is weeks away, but the campaign is over.
    expect(within(card).getByText('Ended')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Cancel campaign/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Suspended/ }));
    expect(await screen.findByText('No suspended projects.')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.query.get('status')).toBe('suspended');
    expect(router.state.location.search).toBe('?tab=suspended');
  });

  it('lets the creator cancel an active campaign from its card, then opens its page (the tombstone)', async () => {
    const { user, calls, router } = renderMyProjects('/my-projects', undefined, {
      'POST projects/2/cancel': {
        body: {
          data: { ...active, status: 'CANCELED', end_message: 'Out of parts.' },
          message: 'Campaign cancelled: pledges are released and collected ones refunded',
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Live lantern' });
    expect(
      within(screen.getByRole('article', { name: 'Lantern draft' })).queryByRole('button', {
        name: /Cancel campaign/,
      }),
    ).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel campaign: Live lantern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Message to your backers/ }),
      'Out of parts.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the campaign' }));
    expect(
      await screen.findByText('Campaign cancelled: pledges are released and collected ones refunded'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'projects/2/cancel')?.body).toEqual({
      message: 'Out of parts.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/2'));
  });
});
