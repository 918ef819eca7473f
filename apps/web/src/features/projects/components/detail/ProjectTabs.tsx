import { Center, Loader } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import {
  IconCalendarEvent,
  IconHelpCircle,
  IconInfoCircle,
  IconMessageCircle,
  IconNews,
} from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import type { Project } from '@fundry/shared';
import { RichTextContent } from '@/components/projects/RichTextContent';
import { useI18n } from '@/lib/i18n';

/** Tabs a link may open with `?tab=` (a notification about a comment opens Comments). */
const TABS = ['overview', 'updates', 'comments', 'faq'];

type TabSlot = (project: Project, isCreator: boolean) => ReactNode;

/** A part of the Overview under its own heading, which names it for assistive technology. */
function OverviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="xl" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function Overview({ project }: { project: Project }) {
  const i18n = useI18n();
  return (
    <Stack gap="xl">
      <OverviewSection id="project-description" title={i18n.t('projects.story.description')}>
        <RichTextContent
          html={project.description}
          fallback={i18n.t('projects.story.noDescription')}
          lang={project.language}
        />
      </OverviewSection>
      <OverviewSection id="project-risks" title={i18n.t('projects.story.risks')}>
        <RichTextContent
          html={project.risks_and_challenges ?? project.risk_and_challenges}
          fallback={i18n.t('projects.story.noRisks')}
          lang={project.language}
        />
      </OverviewSection>
      <OverviewSection id="project-timeline" title={i18n.t('projects.detail.timeline')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {[
            { label: i18n.t('projects.detail.startDate'), date: project.start_date },
            { label: i18n.t('projects.detail.endDate'), date: project.end_date },
          ].map(({ label, date }) => (
            <Paper key={label} bg="gray.0" radius="md" p="md">
              <Group gap="sm" wrap="nowrap">
                <IconCalendarEvent size={20} color="var(--mantine-color-teal-7)" />
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    {label}
                  </Text>
                  <Text fw={500}>{date ? i18n.calendarDate(date) : i18n.t('common.date.notSpecified')}</Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </OverviewSection>
    </Stack>
  );
}

function EmptyTab({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text c="dimmed">{text}</Text>
      {children}
    </Stack>
  );
}

/** A tab's content while its code loads (the updates, comments and FAQ load when their tab is first opened). */
function TabLoader() {
  const i18n = useI18n();
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={i18n.t('projects.detail.loadingTab')} />
    </Center>
  );
}

/**
 * The project's Overview (its story, risks and dates), Updates, Comments and FAQ (community, composed in by the app),
 * opened on `initialTab`.
 */
export function ProjectTabs({
  project,
  initialTab,
  speaks,
  editsStory,
  updatesTab,
  commentsTab,
  faqTab,
}: {
  project: Project;
  initialTab: string | null;
  /** Posts updates and answers comments: the creator, or a collaborator with `community`. */
  speaks: boolean;
  /** Edits the story and the FAQ: the creator, or a collaborator with `edit`. */
  editsStory: boolean;
  updatesTab?: TabSlot | undefined;
  commentsTab?: TabSlot | undefined;
  faqTab?: TabSlot | undefined;
}) {
  const i18n = useI18n();
  // Only the open tab is on the page: the others' data, HTML and hydration wait for their click.
  return (
    <Tabs
      defaultValue={initialTab && TABS.includes(initialTab) ? initialTab : 'overview'}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="overview" leftSection={<IconInfoCircle size={16} />}>
          {i18n.t('projects.detail.tab.overview')}
        </Tabs.Tab>
        <Tabs.Tab value="updates" leftSection={<IconNews size={16} />}>
          {i18n.t('projects.detail.tab.updates')}
        </Tabs.Tab>
        <Tabs.Tab value="comments" leftSection={<IconMessageCircle size={16} />}>
          {i18n.t('projects.detail.tab.comments')}
        </Tabs.Tab>
        {faqTab && (
          <Tabs.Tab value="faq" leftSection={<IconHelpCircle size={16} />}>
            {i18n.t('projects.detail.tab.faq')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="overview">
        <Overview project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="updates">
        <Suspense fallback={<TabLoader />}>
          {updatesTab?.(project, speaks) ?? <EmptyTab text={i18n.t('projects.detail.noUpdates')} />}
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="comments">
        <Suspense fallback={<TabLoader />}>
          {commentsTab?.(project, speaks) ?? <EmptyTab text={i18n.t('projects.detail.noComments')} />}
        </Suspense>
      </Tabs.Panel>
      {faqTab && (
        <Tabs.Panel value="faq">
          <Suspense fallback={<TabLoader />}>{faqTab(project, editsStory)}</Suspense>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
