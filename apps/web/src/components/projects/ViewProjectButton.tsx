import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The small "View" button of a project card in a person's own lists, named after its project. */
export function ViewProjectButton({ project }: { project: { id: number; title: string } }) {
  return (
    <Button
      component={Link}
      to={`/projects/${project.id}`}
      size="xs"
      variant="light"
      leftSection={<IconExternalLink size={14} />}
      aria-label={`View ${project.title}`}
    >
      View
    </Button>
  );
}
