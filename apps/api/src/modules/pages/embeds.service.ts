import {
  type OembedQuery,
  type OembedResponse,
  type Project,
  type Translator,
  addressInLocale,
  isShippedLocale,
} from '@fundry/shared';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { ProjectPageService } from '../projects/project-page.service';
import { isPublic } from '../projects/project-access';
import { EMBED_HEIGHT, EMBED_WIDTH, embedCard } from './embed-card';
import { escape } from './page-head';

/** How long an oEmbed consumer may keep the answer (seconds): the card itself stays current. */
const OEMBED_CACHE_AGE = 3600;
/** The narrowest card the layout still reads well in; a smaller `maxwidth` cannot be met (oEmbed: 404). */
const MIN_EMBED_WIDTH = 200;

/**
 * Embeds (DESIGN.md §19): the card another site frames, and the oEmbed answer that hands out its iframe. Only a
 * public campaign has a card: a hidden, missing or ended-early one is not found.
 */
export class EmbedService {
  private readonly origin: string;

  constructor(
    private readonly projects: ProjectPageService,
    private readonly appUrl: string,
    private readonly clock: Clock,
  ) {
    this.origin = new URL(appUrl).origin;
  }

  private async publicProject(id: number): Promise<Project> {
    const project = Number.isInteger(id) && id > 0 ? await this.projects.preview(id) : null;
    if (!project || !isPublic(project.status)) throw notFound('project');
    return project;
  }

  /** The card's HTML, in the reader's language. */
  async card(id: number, t: Translator): Promise<string> {
    const project = await this.publicProject(id);
    return embedCard(project, t, this.appUrl, this.clock().getTime());
  }

  /**
   * oEmbed 1.0 for a project's address on this site (its page or its card, any language): type `rich`, the iframe
   * as `html`, within `maxwidth` and `maxheight`. Another site's address or an unknown project: 404; a format other
   * than JSON: 501, as the specification asks.
   */
  async oembed(query: OembedQuery, t: Translator): Promise<OembedResponse> {
    if (query.format !== undefined && query.format !== 'json') {
      throw new AppError('NOT_IMPLEMENTED', 'api.oembed.formatNotImplemented');
    }
    let url: URL;
    try {
      url = new URL(query.url);
    } catch {
      throw notFound('project');
    }
    const match = /^\/projects\/(\d{1,10})(?:\/embed)?\/?$/.exec(url.pathname);
    if (url.origin !== this.origin || !match) throw notFound('project');
    const project = await this.publicProject(Number(match[1]));
    const width = Math.min(EMBED_WIDTH, query.maxwidth ?? EMBED_WIDTH);
    const height = Math.min(EMBED_HEIGHT, query.maxheight ?? EMBED_HEIGHT);
    if (width < MIN_EMBED_WIDTH) throw notFound('project');
    const lang = url.searchParams.get('lang');
    const card = `${this.appUrl}/projects/${project.id}/embed`;
    const src = lang && isShippedLocale(lang) ? addressInLocale(card, lang) : card;
    const title = t.t('embed.documentTitle', { title: project.title });
    const image = project.image_card_url ?? project.image_url;
    return {
      version: '1.0',
      type: 'rich',
      title: project.title,
      author_name: project.creator.name,
      author_url: `${this.appUrl}/profile/${project.creator.id}`,
      provider_name: 'Fundry',
      provider_url: this.appUrl,
      cache_age: OEMBED_CACHE_AGE,
      html: `<iframe src="${escape(src)}" width="${width}" height="${height}" title="${escape(title)}" style="border:0;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
      width,
      height,
      ...(image ? { thumbnail_url: new URL(image, `${this.appUrl}/`).toString() } : {}),
    };
  }
}
