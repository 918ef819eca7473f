import { Alert, Badge } from '@mantine/core';
import { Tabs } from '@/components/primitives/tabs';
import { Container, Stack, Text, Title, VisuallyHidden } from '@/components/primitives/primitives';
import {
  IconAlertCircle,
  IconClipboardList,
  IconFlag,
  IconHistory,
  IconStar,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { PageLoader } from '@/components/PageLoader';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useAdminSummary, useFeaturedRequests, usePendingQueue } from '../api/admin';
import { AuditLog } from '../components/AuditLog';
import { ProjectQueue } from '../components/ProjectQueue';
import { ReportsQueue } from '../components/ReportsQueue';
import { UserDirectory } from '../components/UserDirectory';
import { UserRecord } from '../components/UserRecord';

const TABS = ['review', 'reports', 'featured', 'users', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** The number on a tab; a screen reader hears what it counts. */
function Count({ value }: { value: number | undefined }) {
  const i18n = useI18n();
  if (!value) return null;
  return (
    <Badge size="sm" circle={value < 10} variant="filled" color="red">
      <span aria-hidden>{i18n.number(value)}</span>
      <VisuallyHidden>{i18n.t('admin.tabs.waiting', { count: value })}</VisuallyHidden>
    </Badge>
  );
}

function AdminArea() {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'review';
  const [pendingPage, setPendingPage] = useState(1);
  const [featuredPage, setFeaturedPage] = useState(1);
  const summary = useAdminSummary();
  const pending = usePendingQueue(pendingPage);
  const featured = useFeaturedRequests(featuredPage);
  // The person whose record is open (`?tab=users&user=ID`), so that a record has an address of its own.
  const openUser = Number(params.get('user')) || null;
  const showUser = (id: number | null) =>
    setParams(id ? { tab: 'users', user: String(id) } : { tab: 'users' }, { replace: id === null });

  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value && value !== 'review' ? { tab: value } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab
          value="review"
          leftSection={<IconClipboardList size={16} />}
          rightSection={<Count value={summary.data?.pending} />}
        >
          {i18n.t('admin.tabs.review')}
        </Tabs.Tab>
        <Tabs.Tab
          value="reports"
          leftSection={<IconFlag size={16} />}
          rightSection={<Count value={summary.data?.reports} />}
        >
          {i18n.t('admin.tabs.reports')}
        </Tabs.Tab>
        <Tabs.Tab
          value="featured"
          leftSection={<IconStar size={16} />}
          rightSection={<Count value={summary.data?.featured_requests} />}
        >
          {i18n.t('admin.tabs.featured')}
        </Tabs.Tab>
        <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
          {i18n.t('admin.tabs.users')}
        </Tabs.Tab>
        <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
          {i18n.t('admin.tabs.audit')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="review">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {i18n.t('admin.review.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n.t('admin.review.order')}
          </Text>
          <ProjectQueue kind="pending" query={pending} page={pendingPage} onPage={setPendingPage} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="reports">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {i18n.t('admin.reports.title')}
          </Title>
          <ReportsQueue />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="featured">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {i18n.t('admin.featured.title')}
          </Title>
          <ProjectQueue kind="featured" query={featured} page={featuredPage} onPage={setFeaturedPage} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="users">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {i18n.t('admin.users.title')}
          </Title>
          {openUser ? (
            <UserRecord userId={openUser} onBack={() => showUser(null)} />
          ) : (
            <UserDirectory onOpen={showUser} />
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="audit">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {i18n.t('admin.audit.title')}
          </Title>
          <AuditLog />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** /admin: review queue, reports, featured requests, the user directory and the audit log (Admin only; the server checks too). */
export function AdminPage() {
  const i18n = useI18n();
  const session = useSession();
  let content;
  if (session.isLoading) content = <PageLoader />;
  else if (!session.isAdmin)
    content = (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={i18n.t('admin.page.adminsOnly')}
      >
        {i18n.t('admin.page.adminsOnlyText')}
      </Alert>
    );
  else content = <AdminArea />;

  return (
    <Container size="xl" py={40}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {i18n.t('admin.page.title')}
          </Title>
          <Text c="dimmed">{i18n.t('admin.page.subtitle')}</Text>
        </div>
        {content}
      </Stack>
    </Container>
  );
}
