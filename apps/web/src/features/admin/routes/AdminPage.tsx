import { Alert, Badge, Container, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconClipboardList, IconFlag, IconHistory, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { useSession } from '@/lib/session';
import { useAdminSummary, useFeaturedRequests, usePendingQueue } from '../api/admin';
import { AuditLog } from '../components/AuditLog';
import { ProjectQueue } from '../components/ProjectQueue';
import { ReportsQueue } from '../components/ReportsQueue';

const TABS = ['review', 'reports', 'featured', 'audit'] as const;
type Tab = (typeof TABS)[number];

function Count({ value }: { value: number | undefined }) {
  if (!value) return null;
  return (
    <Badge size="sm" circle={value < 10} variant="filled" color="red">
      {value}
      <VisuallyHidden> waiting</VisuallyHidden>
    </Badge>
  );
}

function AdminArea() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'review';
  const [pendingPage, setPendingPage] = useState(1);
  const [featuredPage, setFeaturedPage] = useState(1);
  const summary = useAdminSummary();
  const pending = usePendingQueue(pendingPage);
  const featured = useFeaturedRequests(featuredPage);

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
          Review queue
        </Tabs.Tab>
        <Tabs.Tab
          value="reports"
          leftSection={<IconFlag size={16} />}
          rightSection={<Count value={summary.data?.reports} />}
        >
          Reports
        </Tabs.Tab>
        <Tabs.Tab
          value="featured"
          leftSection={<IconStar size={16} />}
          rightSection={<Count value={summary.data?.featured_requests} />}
        >
          Featured requests
        </Tabs.Tab>
        <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
          Audit log
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="review">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Projects waiting for review
          </Title>
          <Text size="sm" c="dimmed">
            Oldest submission first.
          </Text>
          <ProjectQueue kind="pending" query={pending} page={pendingPage} onPage={setPendingPage} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="reports">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Reported projects and comments
          </Title>
          <ReportsQueue />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="featured">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Creators asking to be featured
          </Title>
          <ProjectQueue kind="featured" query={featured} page={featuredPage} onPage={setFeaturedPage} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="audit">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Audit log
          </Title>
          <AuditLog />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** /admin: review queue, reports, featured requests and the audit log (Admin only; the server checks too). */
export function AdminPage() {
  const session = useSession();
  let content;
  if (session.isLoading) content = <PageLoader />;
  else if (!session.isAdmin)
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Administrators only">
        This area is for Fundry administrators.
      </Alert>
    );
  else content = <AdminArea />;

  return (
    <Container size="xl" py={40}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Admin
          </Title>
          <Text c="dimmed">Review projects, handle reports and see every admin action.</Text>
        </div>
        {content}
      </Stack>
    </Container>
  );
}
