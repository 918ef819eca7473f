import type { Project } from '@fundry/shared';
import { CommentsThread } from './CommentsThread';

/** The project page's Comments tab: the project's own discussion (updates have theirs on their pages). */
export function ProjectComments({ project, isCreator }: { project: Project; isCreator: boolean }) {
  return <CommentsThread target={{ projectId: project.id, updateId: null }} isCreator={isCreator} />;
}
