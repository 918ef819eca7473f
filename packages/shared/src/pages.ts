/**
 * The web app's pages as the server knows them: which paths exist (anything else is a 404 page), and the title
 * and description of the pages whose text does not come from data. Both the router (apps/web) and the page
 * server (apps/api) read this list, so a new page is added once.
 */

import type { MessageValues, Translator } from './i18n/translator';
import { type NewsItem, newsKey } from './news';
import { richTextToPlain, truncate } from './text';

/**
 * A page's title and description as catalog keys, or as text written by a person (a project's title), with the
 * arguments of the keys: `writePageMeta` puts them in the reader's language.
 */
export interface PageMeta {
  title: string;
  description: string;
  values?: MessageValues;
}

/** A page's head in the reader's language. */
export interface WrittenPageMeta {
  title: string;
  description: string;
}

const metaOf = (name: string): PageMeta => ({
  title: `common.meta.${name}.title`,
  description: `common.meta.${name}.description`,
});

export const HOME_META: PageMeta = metaOf('home');

const DESCRIPTION_LENGTH = 200;

export function writePageMeta(t: Translator['t'], meta: PageMeta): WrittenPageMeta {
  return {
    title: t(meta.title, meta.values),
    description: truncate(t(meta.description, meta.values), DESCRIPTION_LENGTH),
  };
}

/** The home page's title stands alone; every other page says what it is, then the site. */
export function documentTitle(t: Translator['t'], pageTitle: string): string {
  return pageTitle === t(HOME_META.title) ? pageTitle : t('common.meta.documentTitle', { page: pageTitle });
}

/** Pages whose title and description are fixed, by path: catalog keys (`common.meta.*`). */
export const STATIC_PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': HOME_META,
  '/projects': metaOf('projects'),
  '/projects/explore': metaOf('projectsExplore'),
  '/discover': metaOf('discover'),
  '/categories': metaOf('categories'),
  '/about': metaOf('about'),
  '/faqs': metaOf('faqs'),
  '/how-it-works': metaOf('howItWorks'),
  '/terms': metaOf('terms'),
  '/privacy': metaOf('privacy'),
  '/signin': metaOf('signin'),
  '/register': metaOf('register'),
  '/forgot-password': metaOf('forgotPassword'),
  '/verify-email': metaOf('verifyEmail'),
  '/projects/create': metaOf('projectsCreate'),
  '/dashboard': metaOf('dashboard'),
  '/dashboard/creator': metaOf('dashboardCreator'),
  '/saved-projects': metaOf('savedProjects'),
  '/backed-projects': metaOf('backedProjects'),
  '/notifications': metaOf('notifications'),
  '/following': metaOf('following'),
  '/messages': metaOf('messages'),
  '/my-projects': metaOf('myProjects'),
  '/profile': metaOf('profile'),
  '/settings': metaOf('settings'),
  '/admin': metaOf('admin'),
  '/unsubscribe': metaOf('unsubscribe'),
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
  '/backed-projects/:donationId/survey',
  '/notifications',
  '/following',
  '/messages',
  '/messages/:threadId',
  '/my-projects',
  '/profile',
  '/settings',
  '/connect/callback',
  '/unsubscribe',
  '/admin',
  '/news/:slug',
] as const;

export const NOT_FOUND_META: PageMeta = metaOf('notFound');

/** The head of the pages built from data, the same in the server's first answer and after navigation. */
export function projectPageMeta(project: { title: string; short_description: string }): PageMeta {
  return {
    title: project.title,
    description: project.short_description || 'common.meta.project.description',
  };
}

export function projectRewardsPageMeta(project: { title: string; short_description: string }): PageMeta {
  return {
    ...projectPageMeta(project),
    title: 'common.meta.rewards.title',
    values: { title: project.title },
  };
}

/** A backers-only update shows its title to everyone, as its page does, and never its text. */
export function updatePageMeta(
  projectTitle: string,
  update: { title: string; number: number; body: string | null; locked: boolean },
): PageMeta {
  const text = update.locked ? '' : richTextToPlain(update.body);
  return {
    title: 'common.meta.update.title',
    description: text || 'common.meta.update.description',
    values: { title: update.title, number: update.number, project: projectTitle },
  };
}

export function categoryPageMeta(name: string): PageMeta {
  return { title: name, description: 'common.meta.category.description', values: { name } };
}

export function newsPageMeta(item: NewsItem): PageMeta {
  return { title: newsKey(item, 'title'), description: newsKey(item, 'summary') };
}
