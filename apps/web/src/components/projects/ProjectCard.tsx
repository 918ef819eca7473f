import { Anchor, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconPhoto, IconTarget, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DESCRIPTION_CUT,
  formatDollars,
  mediaUrl,
  type ProjectCard as ProjectCardData,
  richTextToPlain,
  timeLeftLabel,
  truncate,
} from '@fundry/shared';
import { FundingProgress } from './FundingProgress';
import { StatusBadge } from './StatusBadge';

const IMAGE_HEIGHT = 168;

/**
 * The project's card image (the 640x360 variant when there is one), or a quiet placeholder. Only the first card
 * of a list is fetched at once, first of all: the others wait until they near the screen, so that on a phone
 * they do not take the bandwidth the page's first paint needs.
 */
export function ProjectCardImage({
  project,
  first = false,
}: {
  project: Pick<ProjectCardData, 'image_card_url' | 'image_url'>;
  first?: boolean;
}) {
  const src = mediaUrl(project.image_card_url ?? project.image_url);
  if (src) {
    return (
      <Image
        src={src}
        alt=""
        width={640}
        height={360}
        h={IMAGE_HEIGHT}
        fit="cover"
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
    );
  }
  return (
    <Box
      h={IMAGE_HEIGHT}
      display="flex"
      style={{
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, var(--mantine-color-teal-0), var(--mantine-color-cyan-1))',
      }}
    >
      <IconPhoto size={40} stroke={1.2} color="var(--mantine-color-teal-4)" aria-hidden />
    </Box>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

/**
 * A project in a list: image, status, category, title, a cut description, the funding bar, backers, time left
 * and goal. Lists add their own buttons through `actions`.
 */
export function ProjectCard({
  project,
  href,
  descriptionLength = DESCRIPTION_CUT.lists,
  showStatus = true,
  statusBadge,
  actions,
  headingOrder = 3,
  first = false,
}: {
  project: ProjectCardData;
  /** Where the title leads; no link when absent. */
  href?: string;
  descriptionLength?: number;
  showStatus?: boolean;
  /** Replaces the plain status badge (My Projects explains a revocation with its own). */
  statusBadge?: ReactNode;
  actions?: ReactNode;
  /** The title's heading level: 2 where the page's h1 is the only heading above the cards. */
  headingOrder?: 2 | 3;
  /** The list's first card, whose image is likely the largest thing on a phone's first screen. */
  first?: boolean;
}) {
  const category = project.category?.name ?? project.category_name;
  const text = richTextToPlain(project.description) || project.short_description;
  const title = project.title || 'Untitled Project';
  return (
    <Card withBorder radius="lg" padding="md" shadow="xs" h="100%" component="article" aria-label={title}>
      <Card.Section>
        <ProjectCardImage project={project} first={first} />
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {showStatus && (statusBadge ?? <StatusBadge status={project.status} />)}
          <Text size="xs" c="dimmed" fw={500} tt="uppercase" lineClamp={1}>
            {category ?? 'Uncategorised'}
          </Text>
        </Group>
        <Title order={headingOrder} fz="lg" lineClamp={2}>
          {href ? (
            <Anchor component={Link} to={href} c="inherit" underline="never">
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {text ? truncate(text, descriptionLength) : 'No description provided.'}
        </Text>
        <FundingProgress current={project.current_amount} goal={project.goal_amount} />
        <Group justify="space-between" gap="xs">
          <Fact icon={<IconUsers size={14} />}>
            {project.backers_count} {project.backers_count === 1 ? 'backer' : 'backers'}
          </Fact>
          <Fact icon={<IconClock size={14} />}>{timeLeftLabel(project.start_date, project.end_date)}</Fact>
          <Fact icon={<IconTarget size={14} />}>
            Goal {project.goal_amount === null ? 'not set' : formatDollars(project.goal_amount)}
          </Fact>
        </Group>
        {actions && (
          <Group gap="xs" grow mt={4}>
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
