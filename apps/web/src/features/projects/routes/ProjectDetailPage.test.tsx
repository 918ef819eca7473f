import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale, Project, UserProfile } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { makeProject, testCreator } from '@/test/projects';
import { renderPage } from '@/test/render';
import { ProjectDetailPage } from './ProjectDetailPage';

const REVIEW_WARNING = 'This project is currently under review and not yet visible to others.';
const adminUser: UserProfile = {
  ...testUser,
  id: 1,
  username: 'avery',
  full_name: 'Avery Admin',
  roles: ['Admin'],
};
const otherUser: UserProfile = { ...testUser, id: 8, username: 'bob', full_name: 'Bob Backer' };

/** What the fake server holds: moderation answers change it, as the real one would. */
const server: { project: Project } = { project: makeProject() };

/** A moderation answer that also becomes what the next GET returns. */
function moderated(project: Project, message: string): Responder {
  return () => {
    server.project = project;
    return { body: { data: project, message } };
  };
}

function renderDetail(
  project: Project,
  {
    viewer,
    isCreator = false,
    routes = {},
    locale,
  }: {
    viewer?: UserProfile;
    isCreator?: boolean;
    routes?: Record<string, Responder>;
    locale?: Locale;
  } = {},
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
    ...renderPage(<ProjectDetailPage />, { path: '/projects/:id', at: `/projects/${project.id}`, locale }),
  };
}

describe('ProjectDetailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the creator that a pending project is under review, with an Edit button', async () => {
    renderDetail(makeProject({ status: 'PENDING' }), { viewer: testUser, isCreator: true });
    expect(await screen.findByRole('heading', { name: 'Solar Lantern', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(REVIEW_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/projects/edit/1');
    await screen.findByRole('tab', { name: 'Updates' });
    expect(screen.queryByRole('region', { name: 'Admin Controls' })).not.toBeInTheDocument();
  });

  it('shows the creator why the project was rejected, in a banner, with Edit to resubmit', async () => {
    renderDetail(
      makeProject({
        status: 'REJECTED',
        revocation_reason: 'Please show a working prototype.',
        revocation_date: '2026-03-02T10:00:00.000Z',
      }),
      { viewer: testUser, isCreator: true },
    );
    const banner = await screen.findByTestId('rejection-banner');
    expect(banner).toHaveTextContent('This project was not approved');
    expect(banner).toHaveTextContent('Reason: Please show a working prototype.');
    expect(banner).toHaveTextContent('edit the project to submit it for review again');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/projects/edit/1');
  });

  it('tells the creator in their language that the guidelines are not met when the admin wrote no reason', async () => {
    const unexplained = makeProject({
      status: 'REJECTED',
      revocation_reason: null,
      revocation_date: '2026-03-02T10:00:00.000Z',
    });
    const english = renderDetail(unexplained, { viewer: testUser, isCreator: true });
    expect(await screen.findByTestId('rejection-banner')).toHaveTextContent(
      'Reason: The project does not meet the Fundry guidelines.',
    );
    english.unmount();
    renderDetail(unexplained, { viewer: testUser, isCreator: true, locale: 'de' });
    const banner = await screen.findByTestId('rejection-banner');
    expect(banner).toHaveTextContent('Grund: Das Projekt entspricht nicht den Richtlinien von Fundry.');
    // The badge beside the title says the same, with the day.
    expect(await screen.findByLabelText(/Richtlinien von Fundry/)).toHaveTextContent('ABGELEHNT');
  });

  it('shows a pending project’s creator no rejection banner and no payment panel (it handles no money yet)', async () => {
    renderDetail(makeProject({ status: 'PENDING' }), { viewer: testUser, isCreator: true });
    await screen.findByText(REVIEW_WARNING);
    expect(screen.queryByTestId('rejection-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment Management' })).not.toBeInTheDocument();
  });

  it('shows no review warning to anyone else', async () => {
    const { calls } = renderDetail(makeProject({ status: 'PENDING', creator_id: 99 }), { viewer: otherUser });
    expect(await screen.findByRole('heading', { name: 'Solar Lantern', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === 'projects/1/roles')).toBe(true));
    await screen.findByRole('region', { name: 'About the Creator' });
    expect(screen.queryByText(REVIEW_WARNING)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows the review warning to an admin, with Activate, Reject (also while pending) and Feature', async () => {
    const { user, calls } = renderDetail(makeProject({ status: 'PENDING', creator_id: 99 }), {
      viewer: adminUser,
      routes: {
        'POST projects/1/activate': moderated(
          makeProject({ status: 'ACTIVE', creator_id: 99 }),
          'Project activated successfully',
        ),
      },
    });
    const admin = await screen.findByRole('region', { name: 'Admin Controls' });
    expect(screen.getByText(REVIEW_WARNING)).toBeInTheDocument();
    expect(within(admin).getByTestId('admin-status')).toHaveTextContent('PENDING');
    expect(within(admin).getByRole('button', { name: 'Activate Project' })).toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: 'Feature Project' })).toBeInTheDocument();
    expect(within(admin).getByRole('button', { name: 'Reject Project' })).toBeInTheDocument();

    await user.click(within(admin).getByRole('button', { name: 'Activate Project' }));
    expect(await screen.findByText('Project activated successfully')).toBeInTheDocument();
    expect(within(admin).getByTestId('admin-status')).toHaveTextContent('ACTIVE');
    expect(within(admin).getByRole('button', { name: 'Reject Project' })).toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: 'Activate Project' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === 'projects/1/activate')).toBe(true);
  });

  it('lets an admin reject an active, featured project with a reason, and unfeature it', async () => {
    const featured = makeProject({ status: 'ACTIVE', featured: true, creator_id: 99 });
    const { user, calls } = renderDetail(featured, {
      viewer: adminUser,
      routes: {
        'POST projects/1/revoke': moderated(
          { ...featured, status: 'REJECTED', featured: false, revocation_reason: 'Unsafe' },
          'Project revoked successfully',
        ),
        'POST projects/1/feature': apiError(409, 'CONFLICT', 'A draft cannot be featured'),
      },
    });
    const admin = await screen.findByRole('region', { name: 'Admin Controls' });
    expect(within(admin).getByText('Featured Project')).toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: 'Activate Project' })).not.toBeInTheDocument();

    await user.click(within(admin).getByRole('button', { name: 'Unfeature Project' }));
    expect(await screen.findByText('A draft cannot be featured')).toBeInTheDocument();

    await user.click(within(admin).getByRole('button', { name: 'Reject Project' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Unsafe');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Project' }));
    expect(await screen.findByText('Project revoked successfully')).toBeInTheDocument();
    expect(within(admin).getByTestId('admin-status')).toHaveTextContent('REJECTED');
    expect(calls.find((call) => call.path === 'projects/1/revoke')?.body).toEqual({ reason: 'Unsafe' });
  });

  it('says "Failed to activate project" when the server gives no message', async () => {
    const { user } = renderDetail(makeProject({ status: 'PENDING' }), {
      viewer: adminUser,
      routes: { 'POST projects/1/activate': { status: 500, body: {} } },
    });
    const admin = await screen.findByRole('region', { name: 'Admin Controls' });
    await user.click(within(admin).getByRole('button', { name: 'Activate Project' }));
    expect(await screen.findByText('Failed to activate project')).toBeInTheDocument();
  });

  it('shows the creator card with its fallbacks and the bio cut at 120 characters', async () => {
    const bio = 'b'.repeat(150);
    const { user } = renderDetail(
      makeProject({
        creator: {
          ...testCreator,
          full_name: '',
          name: '',
          profile_image: null,
          location: null,
          bio,
          created_at: 'not a date',
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'About the Creator' });
    expect(within(card).getByText('Anonymous Creator')).toBeInTheDocument();
    expect(within(card).getByTestId('creator-bio')).toHaveTextContent(`${'b'.repeat(120)}…`);
    expect(within(card).getByText('Joined').previousSibling).toHaveTextContent('N/A');
    expect(within(card).getByText('Created').previousSibling).toHaveTextContent('2');
    expect(within(card).getByText('Backed').previousSibling).toHaveTextContent('5');

    await user.click(within(card).getByRole('button', { name: 'View more about this creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'About Anonymous Creator' });
    expect(within(dialog).getByText(bio)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '@ada' })).toHaveAttribute(
      'href',
      'https://twitter.com/ada',
    );
    expect(within(dialog).getByRole('link', { name: 'https://ada.example.com' })).toBeInTheDocument();
  });

  it('uses the full name, and shows the overview fallbacks and the timeline', async () => {
    renderDetail(
      makeProject({
        description: '<p></p>',
        risks_and_challenges: null,
        risk_and_challenges: null,
        end_date: null,
      }),
    );
    const card = await screen.findByRole('region', { name: 'About the Creator' });
    expect(within(card).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByText('2024')).toBeInTheDocument();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    expect(screen.getByText('No risks or challenges have been provided by the creator.')).toBeInTheDocument();
    expect(screen.getByText('End Date').nextSibling).toHaveTextContent('Not specified');
    expect(screen.getByText('Start Date').nextSibling).not.toHaveTextContent('Not specified');
  });

  it('shows the server message in a red alert and a toast when loading fails', async () => {
    renderDetail(makeProject(), {
      routes: { 'GET projects/1': apiError(500, 'INTERNAL_ERROR', 'Database is resting') },
    });
    await waitFor(() => expect(screen.getAllByText('Database is resting')).toHaveLength(2));
  });

  it("says 'Project not found' for a project the visitor may not see", async () => {
    renderDetail(makeProject(), {
      routes: { 'GET projects/1': apiError(404, 'NOT_FOUND', 'Project not found') },
    });
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
  });

  it('shows a YouTube video as its cover and a play button, loading the player only when pressed', async () => {
    const user = userEvent.setup();
    renderDetail(makeProject({ image_url: '/uploads/cover.jpg', video_url: 'https://youtu.be/ZXsQAXx_ao0' }));
    const play = await screen.findByRole('button', { name: 'Play video: Solar Lantern' });
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('img[src="/uploads/cover.jpg"]')).toHaveAttribute('fetchpriority', 'high');
    await user.click(play);
    expect(screen.getByTitle('Solar Lantern video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/ZXsQAXx_ao0?autoplay=1',
    );
  });
});
