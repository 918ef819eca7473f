import { Box, Card, Image } from '@mantine/core';
import { Anchor, Group, Stack, Text, Title } from '@/components/primitives/primitives';
import { IconClock, IconPhoto, IconTarget, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import {
  DESCRIPTION_CUT,
  ENDED_EARLY_STATUSES,
  mediaUrl,
  type ProjectCard as ProjectCardData,
  richTextToPlain,
  truncate,
} from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { timeLeftText } from '@/lib/project-text';
import { Fact } from '@/components/facts/Fact';
import { Approximately } from '@/components/money/Approximately';
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
  const i18n = useI18n();
  const category = project.category?.name ?? project.category_name;
  const text = richTextToPlain(project.description) || project.short_description;
  const title = project.title || i18n.t('common.project.untitled');
  return (
    <Card withBorder radius="lg" padding="md" shadow="xs" h="100%" component="article" aria-label={title}>
      <Card.Section>
        <ProjectCardImage project={project} first={first} />
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {showStatus && (statusBadge ?? <StatusBadge status={project.status} />)}
          <Text size="xs" c="dimmed" fw={500} tt="uppercase" lineClamp={1}>
            {category ?? i18n.t('common.project.uncategorised')}
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
          {text ? truncate(text, descriptionLength) : i18n.t('common.project.noDescription')}
        </Text>
        <FundingProgress
          current={project.current_amount}
          goal={project.goal_amount}
          currency={project.currency}
        />
        <Group justify="space-between" gap="xs">
          <Fact gap={4} icon={<IconUsers size={14} />}>
            {i18n.t('common.project.backers', { count: project.backers_count })}
          </Fact>
          <Fact gap={4} icon={<IconClock size={14} />} now>
            {/* A campaign ended early has no time left, whatever its end date says (DESIGN.md §18). */}
            {ENDED_EARLY_STATUSES.includes(project.status)
              ? i18n.t('common.project.ended')
              : timeLeftText(i18n, project.start_date, project.end_date)}
          </Fact>
          <Fact gap={4} icon={<IconTarget size={14} />}>
            {project.goal_amount === null ? (
              i18n.t('common.project.goalNotSet')
            ) : (
              <>
                {i18n.t('common.project.goal', { amount: i18n.money(project.goal_amount, project.currency) })}{' '}
                <Approximately amount={project.goal_amount} currency={project.currency} size="xs" />
              </>
            )}
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
