import type { Project, ProjectCreator } from '@fundry/shared';

export const testCreator: ProjectCreator = {
  id: 7,
  username: 'ada',
  full_name: 'Ada Lovelace',
  name: 'Ada Lovelace',
  profile_image: null,
  location: 'London',
  bio: 'Writes programs for engines that do not exist yet.',
  website: 'https://ada.example.com',
  twitter: '@ada',
  created_at: '2024-03-01T10:00:00.000Z',
  projects_created_count: 2,
  backed_projects_count: 5,
  followers_count: 3,
  following: false,
};

/** A project as the API returns it; every field can be overridden. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  const goal = overrides.goal_amount === undefined ? 5000 : overrides.goal_amount;
  const current = overrides.current_amount ?? 1250;
  return {
    id: 1,
    currency: 'USD',
    title: 'Solar Lantern',
    description: '<p>A lantern that charges in the sun.</p>',
    short_description: 'A lantern that charges in the sun.',
    risks_and_challenges: '<p>Batteries may ship late.</p>',
    risk_and_challenges: '<p>Batteries may ship late.</p>',
    status: 'ACTIVE',
    featured: false,
    featured_requested: false,
    funding_model: 'all_or_nothing',
    goal_amount: goal,
    funding_goal: goal,
    current_amount: current,
    total_pledged: current,
    backers_count: 12,
    rewards_sent: 0,
    rewards_total: 0,
    team: [],
    followers_count: null,
    following: false,
    late_pledges: { open: false, until: null },
    late_amount: 0,
    late_backers_count: 0,
    pledge_over_time: false,
    pledge_over_time_minimum: null,
    instalment_interval_days: 30,
    start_date: '2030-01-01',
    end_date: '2030-02-01',
    days_left: 20,
    image_url: null,
    image_card_url: null,
    video_url: null,
    category_id: 3,
    category: { id: 3, name: 'Technology' },
    category_name: 'Technology',
    creator_id: 7,
    created_at: '2029-12-01T10:00:00.000Z',
    updated_at: '2029-12-01T10:00:00.000Z',
    revocation_date: null,
    revocation_reason: null,
    ended_at: null,
    end_message: null,
    suspension_reason: null,
    language: 'en',
    creator: testCreator,
    ...overrides,
  };
}

export const testCategories = [
  { id: 1, name: 'Art' },
  { id: 3, name: 'Technology' },
];

/** A list answer of GET projects/. */
export function projectList(projects: Project[], total = projects.length, perPage = 12) {
  const pages = Math.ceil(total / perPage);
  return {
    body: {
      data: { projects, total, pages, page: 1, per_page: perPage },
      meta: { total, pages, page: 1, per_page: perPage },
    },
  };
}
