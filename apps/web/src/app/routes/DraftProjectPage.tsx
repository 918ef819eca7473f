import { BackProjectButton } from '@/features/backing/components/BackProjectButton';
import { ProjectDetailPage } from '@/features/projects/routes/ProjectDetailPage';
import { projectSlots } from './project-slots';

/**
 * /projects/drafts/{id}: a project its creator is still preparing. The rewards and Report as on the public page;
 * no community tabs (a draft has no updates or comments yet), and Back This Project, which shows only on an
 * active project, without a look-up of the visitor's pledge (a draft has no backers).
 */
export function DraftProjectPage() {
  return (
    <ProjectDetailPage
      {...projectSlots}
      pledgeAction={(project, isCreator) => <BackProjectButton project={project} isCreator={isCreator} />}
    />
  );
}
