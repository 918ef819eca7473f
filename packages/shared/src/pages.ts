/**
 * The web app's pages as the server knows them: which paths exist (anything else is a 404 page), and the title
 * and description of the pages whose text does not come from data. Both the router (apps/web) and the page
 * server (apps/api) read this list, so a new page is added once.
 */

import { richTextToPlain, truncate } from './rules/projects';

export const SITE_NAME = 'Fundry';

export interface PageMeta {
  title: string;
  description: string;
}

/** The home page's title stands alone; every other page says what it is, then the site. */
export const HOME_META: PageMeta = {
  title: 'Fundry — fund the ideas you believe in',
  description: 'Fundry: discover, back and launch creative projects.',
};

export function documentTitle(pageTitle: string): string {
  return pageTitle === HOME_META.title ? pageTitle : `${pageTitle} · ${SITE_NAME}`;
}

/** Pages whose title and description are fixed, by path. */
export const STATIC_PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': HOME_META,
  '/projects': {
    title: 'All projects',
    description: 'Every public project on Fundry, newest first: back the ones you believe in.',
  },
  '/projects/explore': {
    title: 'Explore projects',
    description: 'Search and filter creative projects on Fundry by category, status and funding.',
  },
  '/discover': {
    title: 'Discover',
    description: 'Trending, ending soon and newly launched projects on Fundry, category by category.',
  },
  '/categories': {
    title: 'Categories',
    description: 'Browse the categories of projects on Fundry.',
  },
  '/about': {
    title: 'About Fundry',
    description: 'Who we are, what Fundry does and how much creators have raised on it.',
  },
  '/faqs': {
    title: 'Frequently asked questions',
    description: 'Answers about backing, pledges, refunds and starting a project on Fundry.',
  },
  '/how-it-works': {
    title: 'How it works',
    description: 'How a campaign runs on Fundry, from the first draft to the payout.',
  },
  '/terms': {
    title: 'Terms of use',
    description: 'The terms that apply to backers and creators on Fundry.',
  },
  '/privacy': {
    title: 'Privacy policy',
    description: 'What Fundry stores about you, why, and how to get it or delete it.',
  },
  '/signin': { title: 'Sign in', description: 'Sign in to Fundry to back and launch projects.' },
  '/register': { title: 'Create an account', description: 'Join Fundry to back and launch projects.' },
  '/forgot-password': {
    title: 'Forgot password',
    description: 'Get a link to choose a new Fundry password.',
  },
  '/verify-email': {
    title: 'Verify your email',
    description: 'Confirm the email address of your Fundry account.',
  },
  '/projects/create': { title: 'Start a project', description: 'Create a crowdfunding campaign on Fundry.' },
  '/dashboard': { title: 'Dashboard', description: 'Your projects, pledges and activity on Fundry.' },
  '/dashboard/creator': {
    title: 'Payouts',
    description: 'Your bank connection and what each project pays out.',
  },
  '/saved-projects': { title: 'Saved projects', description: 'The projects you saved on Fundry.' },
  '/backed-projects': { title: 'Backed projects', description: 'The projects you backed on Fundry.' },
  '/notifications': { title: 'Notifications', description: 'What happened on the projects you follow.' },
  '/my-projects': { title: 'My projects', description: 'The projects you created on Fundry.' },
  '/profile': { title: 'Profile', description: 'Your public profile on Fundry.' },
  '/settings': { title: 'Settings', description: 'Your account, password and mail preferences.' },
  '/admin': { title: 'Admin', description: 'Review queue, reports and featured requests.' },
  '/unsubscribe': { title: 'Unsubscribe', description: 'Stop a kind of mail from Fundry.' },
};

/**
 * Every path pattern the router renders, in the router's `:param` syntax. Pages behind a sign-in or reached
 * from a mail are listed too: they exist, they are just not for search engines.
 */
export const PAGE_PATHS = [
  '/',
  '/about',
  '/terms',
  '/privacy',
  '/faqs',
  '/how-it-works',
  '/discover',
  '/signin',
  '/register',
  '/forgot-password',
  '/password-reset-success',
  '/password-reset-failed',
  '/password-reset/:token',
  '/verify-email',
  '/auth/callback',
  '/projects/create',
  '/projects/drafts/edit/:id',
  '/projects/edit/:projectId',
  '/projects/:id',
  '/projects/:id/updates/:updateId',
  '/projects/:id/rewards',
  '/donation/success',
  '/donation/cancel',
  '/projects/drafts/:id',
  '/categories',
  '/projects',
  '/projects/explore',
  '/category/:categoryId',
  '/dashboard',
  '/dashboard/creator',
  '/bank-account/dashboard',
  '/saved-projects',
  '/backed-projects',
  '/notifications',
  '/my-projects',
  '/profile',
  '/settings',
  '/connect/callback',
  '/unsubscribe',
  '/admin',
  '/news/:slug',
] as const;

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
};

const DESCRIPTION_LENGTH = 200;

/** The head of the pages built from data, the same in the server's first answer and after navigation. */
export function projectPageMeta(project: { title: string; short_description: string }): PageMeta {
  return {
    title: project.title,
    description: truncate(project.short_description || 'Back this project on Fundry.', DESCRIPTION_LENGTH),
  };
}

/** A backers-only update shows its title to everyone, as its page does, and never its text. */
export function updatePageMeta(
  projectTitle: string,
  update: { title: string; number: number; body: string | null; locked: boolean },
): PageMeta {
  const text = update.locked ? '' : richTextToPlain(update.body);
  return {
    title: `${update.title} · Update #${update.number} of ${projectTitle}`,
    description: truncate(
      text || `An update for the backers of ${projectTitle} on Fundry.`,
      DESCRIPTION_LENGTH,
    ),
  };
}

export function categoryPageMeta(name: string): PageMeta {
  return {
    title: name,
    description: `Active projects in ${name} on Fundry: back the ones you believe in.`,
  };
}

export function newsPageMeta(item: { title: string; summary: string }): PageMeta {
  return { title: item.title, description: truncate(item.summary, DESCRIPTION_LENGTH) };
}
