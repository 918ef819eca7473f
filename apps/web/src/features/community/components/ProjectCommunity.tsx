import { ENDED_EARLY_STATUSES, type Project } from '@fundry/shared';
import { type CommentBlockButton, type CommentReportButton, CommentsThread } from './CommentsThread';

/** The project page's Comments tab: the project's own discussion (updates have theirs on their pages). */
export function ProjectComments({
  project,
  isCreator,
  reportButton,
  blockButton,
}: {
  project: Project;
  isCreator: boolean;
  reportButton?: CommentReportButton;
  blockButton?: CommentBlockButton;
}) {
  return (
    <CommentsThread
      target={{ projectId: project.id, updateId: null, lang: project.language }}
      isCreator={isCreator}
      reportButton={reportButton}
      closed={ENDED_EARLY_STATUSES.includes(project.status)}
      blockButton={blockButton}
    />
  );
}
