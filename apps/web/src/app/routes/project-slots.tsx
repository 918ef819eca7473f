import { RewardListCard } from '@/features/backing/components/RewardListCard';
import type { ProjectPageSlots } from '@/features/projects/routes/ProjectDetailPage';
import { ReportButton } from '@/features/reports/components/ReportButton';

/** What the public and the draft project pages both compose in: the reward list (backing) and Report (reports). */
export const projectSlots = {
  rewardList: (project, isCreator) => <RewardListCard project={project} isCreator={isCreator} />,
  reportButton: (project) => <ReportButton kind="project" id={project.id} name="Report this project" />,
} satisfies ProjectPageSlots;
