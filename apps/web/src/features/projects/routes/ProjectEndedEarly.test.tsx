import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignRefundStatus, Locale, Project, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { makeProject } from '@/test/projects';
import { renderPage } from '@/test/render';
import { ProjectDetailPage, type ProjectPageSlots } from './ProjectDetailPage';

/** DESIGN.md §18 on the project page: the tombstone, the creator's cancel and the admin's suspend. */

const adminUser: UserProfile = {
  ...testUser,
  id: 1,
  username: 'avery',
  full_name: 'Avery Admin',
  roles: ['Admin'],
};

const canceled = makeProject({
  status: 'CANCELED',
  ended_at: '2030-01-10T12:00:00.000Z',
  end_message: 'Our supplier closed.\nThank you for believing in us.',
  days_left: 20,
});
const suspended = makeProject({
  status: 'SUSPENDED',
  ended_at: '2030-01-10T12:00:00.000Z',
  suspension_reason: 'fraud',
  creator_id: 99,
});

/** What the fake server holds: ending a campaign changes it, as the real one would. */
const server: { project: Project } = { project: makeProject() };
function ended(project: Project, message: string): Responder {
  return () => {
    server.project = project;
    return { body: { data: project, message } };
  };
}

/** Slots standing in for the other features: a Back button, and the tabs saying whether the creator manages. */
const slots: ProjectPageSlots = {
  pledgeAction: () => <button type="button">Back This Project</button>,
  rewardList: (_, manages) => <p>{manages ? 'rewards: manage' : 'rewards: read'}</p>,
};

function renderDetail(
  project: Project,
  {
    viewer,
    isCreator = false,
    routes = {},
    locale,
  }: { viewer?: UserProfile; isCreator?: boolean; routes?: Record<string, Responder>; locale?: Locale } = {},
) {
  if (viewer) authStorage.setTokens('access', 'refresh');
  server.project = project;
  const calls = mockApi({
    ...(viewer ? { 'GET profile/': { body: { data: { user: viewer } } } } : {}),
    [`GET projects/${project.id}`]: () => ({ body: { data: server.project } }),
    [`GET projects/${project.id}/roles`]: {
      body: { data: { roles: isCreator ? ['creator'] : [], isCreator } },
    },
    ...routes,
  });
  return {
    calls,
    ...renderPage(<ProjectDetailPage {...slots} />, {
      path: '/projects/:id',
      at: `/projects/${project.id}`,
      locale,
    }),
  };
}

describe('a campaign ended early', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a cancelled campaign as a tombstone: the creator’s message, no Back, Save or Share, no days left', async () => {
    renderDetail(canceled);
    const banner = await screen.findByRole('region', {
      name: 'Funding for this project was cancelled by its creator',
    });
    expect(within(banner).getByText('The creator’s message:')).toBeInTheDocument();
    expect(banner.querySelector('blockquote')).toHaveTextContent(
      'Our supplier closed. Thank you for believing in us.',
    );
    expect(banner.querySelector('blockquote')).toHaveAttribute('lang', 'en');
    expect(banner).toHaveTextContent('Its backers are not charged');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Solar Lantern');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('CANCELLED')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back This Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Share/ })).not.toBeInTheDocument();
    // The funding card says the campaign ended, not how many days its end date was away.
    expect(screen.getByText('Ended')).toBeInTheDocument();
    expect(screen.queryByText(/days to go/i)).not.toBeInTheDocument();
  });

  it('shows a suspended campaign with the reason’s wording only, in the reader’s language', async () => {
    renderDetail(suspended, { locale: 'es' });
    const banner = await screen.findByRole('region', {
      name: 'La financiación de este proyecto fue suspendida',
    });
    expect(banner).toHaveTextContent('Motivo: Sospecha de fraude');
    expect(banner.querySelector('blockquote')).toBeNull();
    expect(screen.getByText('SUSPENDIDO')).toBeInTheDocument();
  });

  it('gives the creator of a tombstone read-only lists and no Cancel campaign', async () => {
    renderDetail(canceled, { viewer: testUser, isCreator: true });
    await screen.findByRole('region', { name: 'Funding for this project was cancelled by its creator' });
    await waitFor(() => expect(screen.getByText('rewards: read')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Cancel campaign/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('lets the creator cancel a running campaign: a message is required, then the page becomes its tombstone', async () => {
    const running = makeProject({ status: 'ACTIVE' });
    const { user, calls } = renderDetail(running, {
      viewer: testUser,
      isCreator: true,
      routes: {
        'POST projects/1/cancel': ended(
          { ...running, status: 'CANCELED', end_message: 'The factory closed.' },
          'Campaign cancelled: pledges are released and collected ones refunded',
        ),
      },
    });
    await screen.findByText('rewards: manage');
    await user.click(await screen.findByRole('button', { name: 'Cancel campaign: Solar Lantern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    expect(dialog).toHaveTextContent('Every pledge is released');
    expect(dialog).toHaveTextContent('Payments already collected are refunded in full.');
    expect(dialog).toHaveTextContent('This cannot be undone.');

    // Nothing is sent without a message to the backers.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the campaign' }));
    expect(await within(dialog).findByText('Write a message to your backers.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'projects/1/cancel')).toBe(false);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Message to your backers/ }),
      'The factory closed.',
    );
    await user.keyboard('{Tab}{Tab}{Enter}');
    expect(
      await screen.findByText('Campaign cancelled: pledges are released and collected ones refunded'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'projects/1/cancel')?.body).toEqual({
      message: 'The factory closed.',
    });
    const banner = await screen.findByRole('region', {
      name: 'Funding for this project was cancelled by its creator',
    });
    expect(banner).toHaveTextContent('The factory closed.');
    expect(screen.queryByRole('button', { name: 'Back This Project' })).not.toBeInTheDocument();
  });

  it('shows the API’s message when the cancel is refused', async () => {
    const { user } = renderDetail(makeProject({ status: 'ACTIVE' }), {
      viewer: testUser,
      isCreator: true,
      routes: {
        'POST projects/1/cancel': apiError(
          409,
          'CONFLICT',
          'This campaign has reached its end date: it can no longer be cancelled',
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel campaign: Solar Lantern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message to your backers/ }), 'Sorry.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the campaign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This campaign has reached its end date: it can no longer be cancelled',
    );
    expect(screen.queryByRole('region', { name: /Funding for this project/ })).not.toBeInTheDocument();
  });

  it('lets an admin suspend a project with a reason and a message, then shows where its refunds stand', async () => {
    const running = makeProject({ status: 'ACTIVE', creator_id: 99 });
    const refunds: CampaignRefundStatus = {
      currency: 'USD',
      status: 'SUSPENDED',
      released: 3,
      refunded: 2,
      refunded_amount: 75,
      to_refund: 0,
      to_refund_amount: 0,
      blocked: [{ donation_id: 41, backer: 'Bob Backer', amount: 30, reason: 'paid_out' }],
      payouts_not_recovered: [{ payout_id: 7, amount: 120, refused_at: '2030-01-10T12:00:00.000Z' }],
    };
    const { user, calls } = renderDetail(running, {
      viewer: adminUser,
      routes: {
        'POST admin/projects/1/suspend': ended(
          { ...running, status: 'SUSPENDED', suspension_reason: 'spam' },
          'Project suspended: pledges are released, collected ones refunded and payouts taken back',
        ),
        'GET admin/projects/1/refunds': { body: { data: refunds } },
      },
    });
    const admin = await screen.findByRole('region', { name: 'Admin Controls' });
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
    await user.click(within(admin).getByRole('button', { name: 'Suspend Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Project' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Project' }));
    expect(
      await within(dialog).findByText('Write a message to the creator and the backers.'),
    ).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Message to the creator and the backers/ }),
      'Copied listing.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Project' }));
    expect(
      await screen.findByText(
        'Project suspended: pledges are released, collected ones refunded and payouts taken back',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'admin/projects/1/suspend')?.body).toEqual({
      reason: 'spam',
      message: 'Copied listing.',
    });

    // The tombstone shows the reason's wording, never the admin's message.
    const banner = await screen.findByRole('region', { name: 'Funding for this project was suspended' });
    expect(banner).toHaveTextContent('Reason: Spam');
    expect(banner).not.toHaveTextContent('Copied listing.');
    expect(within(admin).getByTestId('admin-status')).toHaveTextContent('SUSPENDED');
    expect(within(admin).queryByRole('button', { name: 'Suspend Project' })).not.toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: 'Activate Project' })).not.toBeInTheDocument();

    const panel = await screen.findByRole('region', { name: 'Refunds' });
    expect(await within(panel).findByText('3')).toBeInTheDocument();
    expect(panel).toHaveTextContent('2 pledges, $75');
    expect(panel).toHaveTextContent('0 pledges, $0');
    expect(panel).toHaveTextContent(
      'Pledge #41 by Bob Backer, $30: paid out to the creator and not taken back',
    );
    expect(panel).toHaveTextContent('Payout #7, $120');
  });

  it('asks again where the refunds stand while some are still to be made', async () => {
    const still: CampaignRefundStatus = {
      currency: 'USD',
      status: 'SUSPENDED',
      released: 0,
      refunded: 1,
      refunded_amount: 20,
      to_refund: 2,
      to_refund_amount: 45,
      blocked: [],
      payouts_not_recovered: [],
    };
    const answers = [
      still,
      { ...still, refunded: 3, refunded_amount: 65, to_refund: 0, to_refund_amount: 0 },
    ];
    const { calls } = renderDetail(suspended, {
      viewer: adminUser,
      routes: { 'GET admin/projects/1/refunds': () => ({ body: { data: answers.shift() ?? answers[0] } }) },
    });
    const panel = await screen.findByRole('region', { name: 'Refunds' });
    expect(await within(panel).findByText('2 pledges, $45')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Refunds are under way');
    // Read again a few seconds later; with nothing left to refund, the panel stops saying it refreshes.
    expect(await within(panel).findByText('3 pledges, $65', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'admin/projects/1/refunds')).toHaveLength(2);
  });
});
