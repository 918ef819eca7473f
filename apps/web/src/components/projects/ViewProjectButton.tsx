import { Button } from '@/components/primitives/buttons';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useI18n } from '@/lib/i18n';

/** The small "View" button of a project card in a person's own lists, named after its project. */
export function ViewProjectButton({ project }: { project: { id: number; title: string } }) {
  const i18n = useI18n();
  return (
    <Button
      component={Link}
      to={`/projects/${project.id}`}
      size="xs"
      variant="light"
      leftSection={<IconExternalLink size={14} />}
      aria-label={i18n.t('common.project.viewNamed', { title: project.title })}
    >
      {i18n.t('common.project.view')}
    </Button>
  );
}
