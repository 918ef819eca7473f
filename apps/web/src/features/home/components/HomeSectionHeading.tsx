import { Group, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@/lib/router';

/** The top of a home page list: its heading (which names the section), a line about it, and a link to all of it. */
export function HomeSectionHeading({
  id,
  title,
  intro,
  viewAll,
  to,
}: {
  id: string;
  title: string;
  intro: string;
  viewAll: string;
  to: string;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg">
      <div>
        <Title id={id} order={2}>
          {title}
        </Title>
        <Text c="dimmed">{intro}</Text>
      </div>
      <Button
        component={Link}
        to={to}
        variant="light"
        rightSection={<IconArrowRight size={16} className="mirror-in-rtl" />}
      >
        {viewAll}
      </Button>
    </Group>
  );
}
