import type { ProjectCreator, Translator } from '@fundry/shared';

/** Full name, else name, else 'Anonymous Creator' (SPEC §2). */
export function creatorName(
  i18n: Translator,
  creator: Pick<ProjectCreator, 'full_name' | 'name'> | null | undefined,
) {
  return creator?.full_name?.trim() || creator?.name?.trim() || i18n.t('projects.creator.anonymous');
}
