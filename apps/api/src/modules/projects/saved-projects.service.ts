import type { Kysely } from 'kysely';
import {
  PUBLIC_STATUSES,
  type ProjectList,
  type ShareInfo,
  type ShareNetwork,
  type Translator,
  withReferral,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { forbidden } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import type { ProjectAccess } from './project-access';
import { toCard } from './project-card';
import { listSavedProjects, saveProject, unsaveProject } from './projects.repository';

/** A person's saved projects, and the links a project is shared by. */
export class SavedProjectService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly access: ProjectAccess,
    private readonly appUrl: string,
  ) {}

  async save(id: number, caller: AccessClaims) {
    if (!caller.permissions.includes('save_project')) throw forbidden('api.projects.mayNotSave');
    await this.access.visible(id, caller);
    await saveProject(this.db, caller.userId, id);
  }

  async unsave(id: number, caller: AccessClaims) {
    await unsaveProject(this.db, caller.userId, id);
  }

  async saved(caller: AccessClaims, page: number, perPage: number): Promise<ProjectList> {
    const { rows, total } = await listSavedProjects(this.db, caller.userId, PUBLIC_STATUSES, page, perPage);
    return {
      projects: rows.map((row) => ({ ...toCard(row), saved_at: row.saved_at.toISOString() })),
      total,
      pages: Math.ceil(total / perPage),
      page,
      per_page: perPage,
    };
  }

  /** The public address and share links of a project the caller may see. */
  async share(id: number, caller: AccessClaims | null, translator: Translator): Promise<ShareInfo> {
    const project = await this.access.visible(id, caller);
    const url = `${this.appUrl}/projects/${project.id}`;
    // Each network's link names it as the source of the visits it brings (DESIGN.md §19).
    const on = (network: ShareNetwork) => encodeURIComponent(withReferral(url, `share-${network}`));
    const text = encodeURIComponent(translator.t('api.projects.shareText', { title: project.title }));
    return {
      url,
      title: project.title,
      social_links: {
        twitter: `https://twitter.com/intent/tweet?url=${on('twitter')}&text=${text}`,
        facebook: `https://www.facebook.com/sharer/sharer.php?u=${on('facebook')}`,
        linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${on('linkedin')}`,
      },
      // Only a public campaign has a card to embed.
      embed_url: (PUBLIC_STATUSES as readonly string[]).includes(project.status)
        ? `${this.appUrl}/projects/${project.id}/embed`
        : null,
    };
  }
}
