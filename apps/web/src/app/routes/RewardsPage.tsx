import { useParams } from '@/lib/router';
import { AllRewardsPage } from '@/features/backing/routes/AllRewardsPage';
import { parseProjectId, useProject } from '@/features/projects/api/projects';

/** /projects/{id}/rewards: the All Rewards page (backing) of the project the address names (projects). */
export function RewardsPage() {
  const projectId = parseProjectId(useParams().id);
  const project = useProject(projectId);
  return <AllRewardsPage projectId={projectId} project={project.data} />;
}
