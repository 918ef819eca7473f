import type { Kysely } from 'kysely';
import {
  categoryPageMeta,
  HOME_META,
  NEWS,
  newsPageMeta,
  NOT_FOUND_META,
  STATIC_PAGE_META,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { findCategory, listCategories } from '../categories/categories.repository';
import type { ProjectPageService } from '../projects/project-page.service';
import type { UpdateService } from '../updates/updates.service';
import { type PageHead, projectHead, projectRewardsHead, updateHead } from './page-head';
import { countPublicProjects, listPublicProjectPaths } from './pages.repository';
import { SITEMAP_URL_LIMIT, type SitemapEntry } from './sitemap';

/** What the server answers for a page: its status and its head, in catalog keys until a language writes it. */
export interface Page {
  status: 200 | 404;
  head: PageHead;
}

const notFoundPage: Page = { status: 404, head: { ...NOT_FOUND_META, path: null, preview: null } };

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The pages a search engine should know: fixed public pages first, then the news, categories and projects. */
const PUBLIC_STATIC_PATHS = [
  '/',
  '/projects',
  '/projects/explore',
  '/discover',
  '/categories',
  '/about',
  '/faqs',
  '/how-it-works',
  '/terms',
  '/privacy',
];

export class PageService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly projects: ProjectPageService,
    private readonly updates: UpdateService,
  ) {}

  /** A page whose text does not come from data: the fixed public pages carry a link preview. */
  fixed(path: string): Page {
    return {
      status: 200,
      head: {
        ...(STATIC_PAGE_META[path] ?? HOME_META),
        path,
        preview: PUBLIC_STATIC_PATHS.includes(path) ? { image: null } : null,
      },
    };
  }

  /** A public project's page; hidden, draft and missing projects are not found. */
  async project(idParam: string | undefined): Promise<Page> {
    const id = positiveId(idParam);
    const project = id ? await this.projects.preview(id) : null;
    return project ? { status: 200, head: projectHead(project) } : notFoundPage;
  }

  async projectRewards(idParam: string | undefined): Promise<Page> {
    const id = positiveId(idParam);
    const project = id ? await this.projects.preview(id) : null;
    if (!project) return notFoundPage;
    return { status: 200, head: projectRewardsHead(project) };
  }

  async update(idParam: string | undefined, updateIdParam: string | undefined): Promise<Page> {
    const [id, updateId] = [positiveId(idParam), positiveId(updateIdParam)];
    const project = id ? await this.projects.preview(id) : null;
    const update = project && updateId ? await this.updates.preview(project.id, updateId) : null;
    return project && update ? { status: 200, head: updateHead(project, update) } : notFoundPage;
  }

  async category(idParam: string | undefined): Promise<Page> {
    const id = positiveId(idParam);
    const category = id ? await findCategory(this.db, id) : undefined;
    if (!category) return notFoundPage;
    return {
      status: 200,
      head: {
        ...categoryPageMeta(category.name),
        path: `/category/${category.id}`,
        preview: { image: null },
      },
    };
  }

  news(slug: string | undefined): Page {
    const item = NEWS.find((news) => news.slug === slug);
    if (!item) return notFoundPage;
    return {
      status: 200,
      head: {
        ...newsPageMeta(item),
        path: `/news/${item.slug}`,
        preview: { image: null },
      },
    };
  }

  notFound(): Page {
    return notFoundPage;
  }

  /**
   * The sitemap's addresses, split in files of at most `limit` (sitemaps.org): file 1 holds the fixed pages,
   * the news and the categories, then the public projects in id order fill it and the following files.
   */
  async sitemapFileCount(limit = SITEMAP_URL_LIMIT): Promise<number> {
    const fixed = await this.fixedSitemapEntries('');
    return Math.max(1, Math.ceil((fixed.length + (await countPublicProjects(this.db))) / limit));
  }

  async sitemapFile(appUrl: string, file: number, limit = SITEMAP_URL_LIMIT): Promise<SitemapEntry[]> {
    const fixed = await this.fixedSitemapEntries(appUrl);
    const start = (file - 1) * limit;
    const fromFixed = fixed.slice(start, start + limit);
    const projectOffset = Math.max(0, start - fixed.length);
    const projects = await listPublicProjectPaths(this.db, projectOffset, limit - fromFixed.length);
    return [
      ...fromFixed,
      ...projects.map((project) => ({
        loc: `${appUrl}/projects/${project.id}`,
        lastmod: new Date(project.updated_at),
      })),
    ];
  }

  private async fixedSitemapEntries(appUrl: string): Promise<SitemapEntry[]> {
    const categories = await listCategories(this.db);
    return [
      ...PUBLIC_STATIC_PATHS.map((path) => ({ loc: `${appUrl}${path}` })),
      ...NEWS.map((item) => ({ loc: `${appUrl}/news/${item.slug}`, lastmod: new Date(item.date) })),
      ...categories.map((category) => ({ loc: `${appUrl}/category/${category.id}` })),
    ];
  }
}
