import { lazy } from 'react';
import { Collaborations } from '@/features/collaborators/components/Collaborations';
import { DashboardPage } from '@/features/dashboard/routes/DashboardPage';

/** The funding curve brings the charts library: loaded only when the dashboard shows it. */
const DashboardFunding = lazy(async () => ({
  default: (await import('@/features/creator-tools/components/DashboardFunding')).DashboardFunding,
}));

/**
 * The dashboard composes the creator's funding curve (creator tools) and the projects one helps with
 * (collaborators) into the dashboard page.
 */
export function DashboardRoute() {
  return <DashboardPage funding={<DashboardFunding />} collaborations={<Collaborations />} />;
}
