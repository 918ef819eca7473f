import { ProjectDetailPage } from '@/features/projects/routes/ProjectDetailPage';
import { ReportButton } from '@/features/reports/components/ReportButton';

/**
 * /projects/drafts/{id}: the project view as its creator prepares it, without the community tabs and the pledge
 * lookup of the public page (a draft has neither updates, comments nor backers).
 */
export function DraftProjectPage() {
  return (
    <ProjectDetailPage
      reportButton={(project) => <ReportButton kind="project" id={project.id} name="Report this project" />}
    />
  );
}
