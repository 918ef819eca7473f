import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackedProject } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { mockApi, testUser } from '@/test/api';
import { testConfig } from '@/test/money';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { BackedProjectsPage } from './BackedProjectsPage';

function backed(id: number, title: string): BackedProject {
  return {
    ...makeProject({ id, title }),
    on_hold: false,
    total_amount: 42.5,
    first_backed_at: '2030-01-05T10:00:00.000Z',
    pledge: {
      donation_id: 900 + id,
      currency: 'USD',
      status: 'PLEDGED',
      amount: 42.5,
      reward: { id: 3, title: 'Early bird' },
      charge_date: '2030-02-01',
      fulfilment_status: null,
      tracking_url: null,
      add_ons: [],
      survey: null,
      instalments: [],
    },
  };
}

describe('BackedProjectsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the person’s own contribution, filters by tab and pages through', async () => {
    authStorage.setTokens('access', 'refresh');
    const calls = mockApi({
      'GET config': { body: { data: testConfig() } },
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': (call) => {
        const page = Number(call.query.get('page'));
        return {
          body: {
            data: [backed(page, `Project on page ${page}`)],
            meta: {
              total: 45,
              pages: 3,
              page,
              per_page: 20,
              total_amount: 310,
              first_backed_at: '2030-01-05T10:00:00.000Z',
            },
          },
        };
      },
    });
    const lastList = () => calls.filter((call) => call.path === 'backers/me/backed-projects').at(-1);
    const { user } = renderPage(<BackedProjectsPage />, { path: '/backed-projects' });
    const card = await screen.findByRole('article', { name: 'Project on page 1' });
    expect(within(card).getByText('$42.50')).toBeInTheDocument();
    expect(within(card).getByText('Pledged')).toBeInTheDocument();
    expect(within(card).getByText('Early bird')).toBeInTheDocument();
    expect(within(card).getByText(/Charged on February 1, 2030 if funded/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pledge details for Project on page 1' })).toHaveAttribute(
      'href',
      '/donation/success?donation_id=901',
    );
    expect(await screen.findByText('$310')).toBeInTheDocument();
    expect(lastList()?.query.get('per_page')).toBe('20');
    expect(lastList()?.query.get('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Project on page 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Project on page 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('article', { name: 'Project on page 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Successful' }));
    await waitFor(() => expect(lastList()?.query.get('status')).toBe('SUCCESSFUL'));
    expect(lastList()?.query.get('page')).toBe('1');
    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    await waitFor(() => expect(lastList()?.query.get('status')).toBe('FAILED'));
  });

  it('says where each pledge stands: charged with a receipt, a declined card to fix, cancelled', async () => {
    authStorage.setTokens('access', 'refresh');
    const withPledge = (
      id: number,
      title: string,
      pledge: Partial<NonNullable<BackedProject['pledge']>>,
    ): BackedProject => {
      const project = backed(id, title);
      return { ...project, pledge: { ...project.pledge!, ...pledge } };
    };
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': {
        body: {
          data: [
            withPledge(1, 'Charged one', { status: 'SUCCEEDED', reward: null }),
            withPledge(2, 'Declined one', { status: 'PAYMENT_FAILED' }),
            withPledge(3, 'Cancelled one', { status: 'CANCELED' }),
          ],
          meta: { total: 3, pages: 1, page: 1, per_page: 20, total_amount: 85, first_backed_at: null },
        },
      },
    });
    renderPage(<BackedProjectsPage />, { path: '/backed-projects' });

    const charged = await screen.findByRole('article', { name: 'Charged one' });
    expect(within(charged).getByText('Charged')).toBeInTheDocument();
    expect(within(charged).getByText('No reward')).toBeInTheDocument();
    expect(within(charged).queryByText(/if funded/)).not.toBeInTheDocument();
    const receipt = within(charged).getByRole('link', { name: 'Receipt for Charged one' });
    expect(receipt).toHaveTextContent('Receipt');
    expect(receipt).toHaveAttribute('href', '/donation/success?donation_id=901');

    const declined = screen.getByRole('article', { name: 'Declined one' });
    expect(within(declined).getByText('Payment failed')).toBeInTheDocument();
    expect(within(declined).getByRole('link', { name: /fix it/ })).toHaveAttribute(
      'href',
      '/projects/2?manage_pledge=1',
    );

    const cancelled = screen.getByRole('article', { name: 'Cancelled one' });
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('link', { name: /fix it/ })).not.toBeInTheDocument();
  });

  it('follows each reward: sent with its tracking link and "I received it", then received', async () => {
    authStorage.setTokens('access', 'refresh');
    const withPledge = (
      id: number,
      title: string,
      pledge: Partial<NonNullable<BackedProject['pledge']>>,
    ): BackedProject => {
      const project = backed(id, title);
      return { ...project, pledge: { ...project.pledge!, status: 'SUCCEEDED', ...pledge } };
    };
    let confirmed = false;
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': () => ({
        body: {
          data: [
            withPledge(1, 'Not sent yet', {}),
            withPledge(2, 'Sent one', {
              fulfilment_status: confirmed ? 'received' : 'sent',
              tracking_url: 'https://tracking.example.com/RR1',
            }),
            withPledge(3, 'Sent untracked', { fulfilment_status: 'sent' }),
          ],
          meta: { total: 3, pages: 1, page: 1, per_page: 20, total_amount: 85, first_backed_at: null },
        },
      }),
      'POST backers/donations/902/received': () => {
        confirmed = true;
        return { body: { data: {}, message: 'Thank you! The creator now knows your reward arrived.' } };
      },
    });
    const { user } = renderPage(<BackedProjectsPage />, { path: '/backed-projects' });

    const waiting = await screen.findByRole('article', { name: 'Not sent yet' });
    expect(within(waiting).queryByText('Reward sent')).not.toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /I received it/ })).not.toBeInTheDocument();

    const untracked = screen.getByRole('article', { name: 'Sent untracked' });
    expect(within(untracked).getByText('Reward sent')).toBeInTheDocument();
    expect(within(untracked).queryByRole('link', { name: /Track your parcel/ })).not.toBeInTheDocument();

    const sent = screen.getByRole('article', { name: 'Sent one' });
    expect(within(sent).getByText('Reward sent')).toBeInTheDocument();
    const track = within(sent).getByRole('link', {
      name: 'Track your parcel from Sent one (opens in a new tab)',
    });
    expect(track).toHaveAttribute('href', 'https://tracking.example.com/RR1');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(within(sent).getByRole('button', { name: 'I received it: my reward from Sent one' }));
    expect(
      calls.some((call) => call.method === 'POST' && call.path === 'backers/donations/902/received'),
    ).toBe(true);
    expect(
      await screen.findByText('Thank you! The creator now knows your reward arrived.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(sent).getByText('Received')).toBeInTheDocument());
    expect(within(sent).queryByRole('button', { name: /I received it/ })).not.toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: /Track your parcel/ })).toBeInTheDocument();
  });

  it('links to the backer survey only when there is one to answer or answered', async () => {
    authStorage.setTokens('access', 'refresh');
    const collected = (
      id: number,
      title: string,
      survey: 'answered' | 'unanswered' | null,
    ): BackedProject => {
      const project = backed(id, title);
      return {
        ...project,
        status: 'SUCCESSFUL',
        pledge: { ...project.pledge!, status: 'SUCCEEDED', survey },
      };
    };
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': {
        body: {
          data: [
            collected(1, 'No survey sent', null),
            collected(2, 'Survey to answer', 'unanswered'),
            collected(3, 'Survey answered', 'answered'),
          ],
          meta: { total: 3, pages: 1, page: 1, per_page: 20, total_amount: 85, first_backed_at: null },
        },
      },
    });
    renderPage(<BackedProjectsPage />, { path: '/backed-projects' });
    const none = await screen.findByRole('article', { name: 'No survey sent' });
    expect(within(none).queryByRole('link', { name: /Backer survey/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Survey to answer' })).getByRole('link', {
        name: 'Backer survey of “Survey to answer”',
      }),
    ).toHaveAttribute('href', '/backed-projects/902/survey');
    expect(
      within(screen.getByRole('article', { name: 'Survey answered' })).getByRole('link', {
        name: 'Backer survey of “Survey answered”',
      }),
    ).toHaveAttribute('href', '/backed-projects/903/survey');
  });

  it('shows a campaign on hold as "On hold", with no page to open, and cancels its pledge there', async () => {
    authStorage.setTokens('access', 'refresh');
    let cancelled = false;
    const held: BackedProject = {
      ...backed(1, 'Open Atlas'),
      status: 'REJECTED',
      on_hold: true,
    };
    const calls = mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': () => ({
        body: {
          data: cancelled ? [] : [{ ...held, pledge: { ...held.pledge!, charge_date: null } }],
          meta: {
            total: cancelled ? 0 : 1,
            pages: 1,
            page: 1,
            per_page: 20,
            total_amount: 0,
            first_backed_at: null,
          },
        },
      }),
      'POST backers/donations/901/cancel': () => {
        cancelled = true;
        return { body: { message: 'Pledge cancelled' } };
      },
    });
    const { user } = renderPage(<BackedProjectsPage />, { path: '/backed-projects' });
    const card = await screen.findByRole('article', { name: 'Open Atlas' });
    expect(within(card).getByText('On hold')).toBeInTheDocument();
    expect(within(card).queryByText('REJECTED')).not.toBeInTheDocument();
    expect(within(card).getByText('Pledged')).toBeInTheDocument();
    expect(within(card).getByText(/nothing is charged while it lasts/)).toBeInTheDocument();
    expect(within(card).queryByText(/if funded/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Open Atlas' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /View/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel the pledge to Open Atlas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your pledge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pledge' }));
    expect(
      await screen.findByText('Your pledge was cancelled. You have not been charged.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === 'backers/donations/901/cancel')).toBe(
      true,
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Open Atlas' })).not.toBeInTheDocument(),
    );
  });

  it('says "Error fetching backed projects" when the list fails', async () => {
    authStorage.setTokens('access', 'refresh');
    mockApi({
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': { status: 500, body: {} },
    });
    renderPage(<BackedProjectsPage />, { path: '/backed-projects' });
    await waitFor(() => expect(screen.getAllByText('Error fetching backed projects').length).toBe(2));
  });

  it('shows a campaign ended early with its status, the tombstone in short and what became of the pledge', async () => {
    authStorage.setTokens('access', 'refresh');
    const ended = (
      id: number,
      title: string,
      status: 'CANCELED' | 'SUSPENDED',
      pledge: { status: 'RELEASED' | 'REFUNDED'; amount: number },
    ): BackedProject => {
      const card = backed(id, title);
      return {
        ...card,
        status,
        currency: 'EUR',
        end_message: status === 'CANCELED' ? 'The factory closed.' : null,
        suspension_reason: status === 'SUSPENDED' ? 'fraud' : null,
        pledge: { ...card.pledge!, ...pledge, currency: 'EUR', charge_date: null },
      };
    };
    mockApi({
      'GET config': { body: { data: testConfig() } },
      'GET profile/': { body: { data: { user: testUser } } },
      'GET backers/me/backed-projects': {
        body: {
          data: [
            ended(1, 'Cancelled lamp', 'CANCELED', { status: 'RELEASED', amount: 40 }),
            ended(2, 'Suspended lamp', 'SUSPENDED', { status: 'REFUNDED', amount: 25.5 }),
          ],
          meta: { total: 2, pages: 1, page: 1, per_page: 20, total_amount: 0, first_backed_at: null },
        },
      },
    });
    renderPage(<BackedProjectsPage />, { path: '/backed-projects', locale: 'es' });
    const canceled = await screen.findByRole('article', { name: 'Cancelled lamp' });
    expect(within(canceled).getByText('CANCELADO')).toBeInTheDocument();
    expect(within(canceled).getByText('Financiación cancelada por su creador')).toBeInTheDocument();
    expect(within(canceled).getByText('Liberado: no se cobró nada')).toBeInTheDocument();
    expect(within(canceled).getByText('Finalizado')).toBeInTheDocument();
    expect(within(canceled).queryByText(/Se cobra el/)).not.toBeInTheDocument();

    const suspended = screen.getByRole('article', { name: 'Suspended lamp' });
    expect(within(suspended).getByText('SUSPENDIDO')).toBeInTheDocument();
    expect(within(suspended).getByText('Financiación suspendida')).toBeInTheDocument();
    // In the project's currency, in the reader's language.
    expect(within(suspended).getByText(/^Reembolsado: 25,50\s€$/)).toBeInTheDocument();
  });
});
