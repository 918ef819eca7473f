import type { Project } from '@fundry/shared';
import { useStretchGoals } from '../api/stretch-goals';
import { FundingBar } from './FundingBar';

/** The project page's funding bar with its stretch goals; the plain bar until (or unless) they are read. */
export function ProjectFundingBar({ project }: { project: Project }) {
  const goals = useStretchGoals(project.id);
  return (
    <FundingBar
      current={project.current_amount}
      goal={project.goal_amount}
      currency={project.currency}
      goals={goals.data ?? []}
    />
  );
}
