import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_DECIMALS_MESSAGE, exponent, todayUtc } from '@fundry/shared';
import { authStorage } from '@/lib/auth-storage';
import { apiError, mockApi, type Responder, testUser } from '@/test/api';
import { testTranslator } from '@/test/i18n';
import { testConfig } from '@/test/money';
import { makeProject, testCategories } from '@/test/projects';
import { renderPage } from '@/test/render';
import { initialValues, validateProject } from '../components/form/values';
import { ProjectFormPage } from './ProjectFormPage';

// Uploads go through XMLHttpRequest for their progress; here they go through the stubbed fetch instead.
vi.mock('@/lib/upload', async () => {
  const { apiRequest } = await import('@/lib/api-client');
  return {
    uploadWithProgress: (path: string, options: { method?: 'POST' | 'PUT'; body: FormData }) =>
      apiRequest(path, { method: options.method ?? 'POST', body: options.body }),
  };
});

const ROUTES = {
  create: { path: '/projects/create', at: '/projects/create' },
  draft: { path: '/projects/drafts/edit/:id', at: '/projects/drafts/edit/1' },
  edit: { path: '/projects/edit/:projectId', at: '/projects/edit/1' },
} as const;

function renderForm(route: keyof typeof ROUTES, routes: Record<string, Responder> = {}) {
  authStorage.setTokens('access', 'refresh');
  const calls = mockApi({
    'GET profile/': { body: { data: { user: testUser } } },
    'GET categories/': { body: { data: testCategories } },
    ...routes,
  });
  return { calls, ...renderPage(<ProjectFormPage />, ROUTES[route]) };
}

/** The text of a field's label, asterisk included ('Category *'). */
function labelOf(name: RegExp) {
  const [field] = screen.getAllByLabelText(name);
  return (field as HTMLInputElement).labels?.[0]?.textContent;
}

function addDays(date: string, days: number) {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

describe('ProjectFormPage', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('creates: heading, required stars and the Save as Draft, Preview, Create Project buttons', async () => {
    renderForm('create');
    expect(await screen.findByRole('heading', { name: 'Create New Project' })).toBeInTheDocument();
    expect(labelOf(/^Project Title/)).toBe('Project Title *');
    expect(labelOf(/^Category/)).toBe('Category *');
    expect(labelOf(/^Funding Goal/)).toBe('Funding Goal *');
    expect(labelOf(/^Start Date/)).toBe('Start Date *');
    expect(screen.getByText('Project Description').parentElement).toHaveTextContent('Project Description *');
    const buttons = within(screen.getByRole('form', { name: 'Project form' }))
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => ['Save as Draft', 'Preview', 'Create Project', 'Update Draft'].includes(text ?? ''));
    expect(buttons).toEqual(['Save as Draft', 'Preview', 'Create Project']);
    expect(
      screen.getByRole('checkbox', { name: 'Feature this project (admin will review)' }),
    ).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'All or nothing' })).toBeChecked();
  });

  it('shows every SPEC §5 message for an empty submission and sends nothing', async () => {
    const { user, calls } = renderForm('create');
    await user.click(await screen.findByRole('button', { name: 'Create Project' }));
    for (const message of [
      'Title is required',
      'Category is required',
      'Goal amount is required',
      'Start date is required',
      'End date is required',
      'Description is required',
      'Risks and challenges are required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByRole('textbox', { name: /^Project Description/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText(/^Project Title/)).toHaveFocus();
  });

  it('refuses a start date in the past and an end date before the start', async () => {
    const { user } = renderForm('create');
    const start = await screen.findByLabelText(/^Start Date/);
    const end = screen.getByLabelText(/^End Date/);
    const today = todayUtc();
    fireEvent.change(start, { target: { value: addDays(today, -1) } });
    fireEvent.change(end, { target: { value: addDays(today, 10) } });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(screen.getByText('Start date cannot be in the past')).toBeInTheDocument();

    fireEvent.change(start, { target: { value: addDays(today, 5) } });
    fireEvent.change(end, { target: { value: addDays(today, 3) } });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(screen.queryByText('Start date cannot be in the past')).not.toBeInTheDocument();
    expect(screen.getByText('End date must be after start date')).toBeInTheDocument();
  });

  it('checks an uploaded image type and size, and a video size at once', async () => {
    renderForm('create');
    const picker = userEventWithoutAccept();
    const image = await screen.findByLabelText('Upload project image');
    await picker.upload(image, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Image must be in JPEG, PNG, or GIF format')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5_242_881 });
    await picker.upload(image, big);
    expect(screen.getByText('Image must be less than 5MB')).toBeInTheDocument();
    await picker.upload(image, new File(['x'], 'ok.png', { type: 'image/png' }));
    expect(screen.queryByText('Image must be less than 5MB')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Project image preview' })).toHaveAttribute('src', 'blob:preview');

    const huge = new File(['x'], 'film.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 104_857_601 });
    await picker.upload(screen.getByLabelText('Upload project video'), huge);
    // The toast and the message under the field.
    expect(await screen.findAllByText('Video must be less than 100MB')).toHaveLength(2);
  });

  it('checks the image and video addresses when they are left', async () => {
    const { user } = renderForm('create');
    await user.click(await screen.findByRole('radio', { name: 'Image URL' }));
    await user.click(screen.getByRole('textbox', { name: 'Image URL' }));
    await user.paste('https://example.com/page');
    await user.tab();
    expect(await screen.findAllByText('Please enter a valid image URL')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Video URL' }));
    await user.click(screen.getByRole('textbox', { name: 'Video URL' }));
    await user.paste('https://dailymotion.com/video/x1');
    await user.tab();
    expect(await screen.findAllByText('Please enter a valid video URL (YouTube or Vimeo)')).toHaveLength(2);
  });

  it('saves a draft with only a title and goes to the Drafts tab', async () => {
    const { user, calls } = renderForm('create', {
      'POST projects/drafts': {
        status: 201,
        body: { data: makeProject({ status: 'DRAFT' }), message: 'Draft saved' },
      },
    });
    await user.type(await screen.findByLabelText(/^Project Title/), 'Solar Lantern');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-projects?tab=drafts');
    const body = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(body.get('title')).toBe('Solar Lantern');
    expect(body.get('status')).toBe('DRAFT');
    expect(body.get('featured')).toBe('false');
    expect(body.get('funding_model')).toBe('all_or_nothing');
    expect(body.has('goal_amount')).toBe(false);
    expect(body.has('description')).toBe(false);
  });

  it('shows the server field errors under the fields and the create failure toast', async () => {
    const { user } = renderForm('create', {
      'POST projects/drafts': apiError(400, 'VALIDATION_ERROR', 'This category does not exist', {
        title: ['This title is taken'],
      }),
    });
    await user.type(await screen.findByLabelText(/^Project Title/), 'Solar Lantern');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('This title is taken')).toBeInTheDocument();
    expect(screen.getByText('Failed to create project: This category does not exist')).toBeInTheDocument();
  });

  it('edits a draft: no stars but the title’s, Update Draft, Preview, Create Project', async () => {
    const draft = makeProject({
      status: 'DRAFT',
      title: 'Half a lantern',
      description: null,
      category_id: null,
      category: null,
      goal_amount: null,
      start_date: null,
      end_date: null,
    });
    const { user, calls } = renderForm('draft', {
      'GET projects/drafts/1': { body: { data: draft } },
      'PUT projects/1': { body: { data: draft, message: 'Project updated successfully' } },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Draft Project' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Project Title/)).toHaveValue('Half a lantern');
    expect(labelOf(/^Project Title/)).toBe('Project Title *');
    expect(labelOf(/^Category/)).toBe('Category');
    expect(labelOf(/^Funding Goal/)).toBe('Funding Goal');
    expect(labelOf(/^End Date/)).toBe('End Date');
    expect(screen.getByRole('button', { name: 'Update Draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog');
    expect(within(preview).getByRole('heading', { name: 'Half a lantern' })).toBeInTheDocument();
    expect(within(preview).getByText('No description provided.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Update Draft' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-projects?tab=drafts');
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as FormData).get('status')).toBe('DRAFT');
  });

  it('edits a submitted project with Preview Changes and Update Project, then shows it', async () => {
    const project = makeProject({ status: 'PENDING' });
    const { user, calls } = renderForm('edit', {
      'GET projects/drafts/1': { body: { data: project } },
      'PUT projects/1': { body: { data: project, message: 'Project updated successfully' } },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Project' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Preview Changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Project' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    expect(await screen.findByText('Project updated successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/1');
    const body = calls.find((call) => call.method === 'PUT')?.body as FormData;
    expect(body.get('title')).toBe('Solar Lantern');
    expect(body.get('goal_amount')).toBe('5000');
    expect(body.get('category_id')).toBe('3');
    expect(body.has('status')).toBe(false);
  });

  it('reports a loading failure to someone who may not edit the project', async () => {
    renderForm('edit', {
      'GET projects/drafts/1': { body: { data: makeProject({ creator_id: 99 }) } },
    });
    await waitFor(() => expect(screen.getAllByText('Failed to load draft data')).toHaveLength(2));
    expect(screen.queryByRole('form', { name: 'Project form' })).not.toBeInTheDocument();
  });

  it('says "Failed to load categories" when they cannot be read', async () => {
    renderForm('create', { 'GET categories/': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    expect(await screen.findByText('Failed to load categories')).toBeInTheDocument();
  });
});

/** The file dialog filters by type; a drag or an "all files" choice still lets anything through. */
function userEventWithoutAccept() {
  return userEvent.setup({ applyAccept: false });
}

describe('ProjectFormPage: the project’s currency', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the site’s currencies by name, the first by default, and sends the one chosen', async () => {
    const { user, calls } = renderForm('create', {
      'GET config': { body: { data: testConfig({ currencies: ['USD', 'EUR', 'JPY'] }) } },
      'POST projects/drafts': {
        status: 201,
        body: { data: makeProject({ status: 'DRAFT', currency: 'EUR' }), message: 'Draft saved' },
      },
    });
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('US Dollar (USD)');
    await user.click(currency);
    expect(screen.getByRole('option', { name: 'Japanese Yen (JPY)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Euro (EUR)' }));
    // The goal shows the euro's sign and takes its cents.
    const goal = screen.getByLabelText(/^Funding Goal/);
    expect(goal.closest('.mantine-NumberInput-root')).toHaveTextContent('€');
    await user.type(screen.getByLabelText(/^Project Title/), 'Euro Lantern');
    await user.type(goal, '1234.5');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(body.get('currency')).toBe('EUR');
    expect(body.get('goal_amount')).toBe('1234.5');
  });

  it('has no currency to choose when the site offers one, and sends none', async () => {
    const { user, calls } = renderForm('create', {
      'GET config': { body: { data: testConfig({ currencies: ['USD'] }) } },
      'POST projects/drafts': { status: 201, body: { data: makeProject({ status: 'DRAFT' }) } },
    });
    await user.type(await screen.findByLabelText(/^Project Title/), 'Dollar Lantern');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await screen.findByTestId('location');
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    expect((calls.find((call) => call.method === 'POST')?.body as FormData).has('currency')).toBe(false);
  });

  it('keeps the currency of a project with pledges, and says why', async () => {
    const project = makeProject({ status: 'ACTIVE', currency: 'JPY', goal_amount: 500000, backers_count: 3 });
    renderForm('edit', {
      'GET config': { body: { data: testConfig() } },
      'GET projects/drafts/1': { body: { data: project } },
    });
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('Japanese Yen (JPY)');
    expect(currency).toBeDisabled();
    expect(currency).toHaveAccessibleDescription(
      'The currency cannot change once the project has pledges: backers pledged in it.',
    );
    expect(screen.getByLabelText(/^Funding Goal/)).toHaveValue('500,000');
  });

  it('refuses more decimals than the currency has: none on yen, two on euros', () => {
    const context = { draft: false, live: false, today: '2030-01-01', image: null, video: null };
    const goalError = (goal: number, currency: string) =>
      validateProject({ ...initialValues(undefined, 'en'), goal_amount: goal }, { ...context, currency })
        .goal_amount;
    expect(goalError(5000, 'JPY')).toBeUndefined();
    expect(goalError(5000.5, 'JPY')).toBe(CURRENCY_DECIMALS_MESSAGE);
    expect(goalError(5000.5, 'EUR')).toBeUndefined();
    expect(goalError(5000.505, 'EUR')).toBe(CURRENCY_DECIMALS_MESSAGE);
    expect(
      testTranslator('en').t(CURRENCY_DECIMALS_MESSAGE, { currency: 'JPY', decimals: exponent('JPY') }),
    ).toBe('Amounts in JPY must be whole numbers');
  });
});
