import { Collaborations } from '@/features/collaborators/components/Collaborations';
import { MyProjectsPage } from '@/features/projects/routes/MyProjectsPage';

/** My Projects composes the projects I help with and my invitations (collaborators) above my own. */
export function MyProjectsRoute() {
  return <MyProjectsPage collaborations={<Collaborations />} />;
}
