import { Alert, Badge, Loader } from '@mantine/core';
import { IconArrowLeft, IconBan, IconMessageOff, IconRestore } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import {
  type AdminUserRecord,
  isShippedLocale,
  LOCALE_NAMES,
  SUSPENSION_REASON_KEYS,
  type SanctionEntry,
  type UserReportEntry,
} from '@fundry/shared';
import { StatusBadge } from '@/components/projects/StatusBadge';
import { Button } from '@/components/primitives/buttons';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/primitives/primitives';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { personName } from '@/lib/people';
import { useUserRecord } from '../api/users';
import { SanctionDialog, type SanctionDialogKind } from './SanctionDialogs';
import { StandingBadge } from './UserDirectory';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A fact of the account: its name and its value, side by side (a description list). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function SanctionLine({ entry }: { entry: SanctionEntry }) {
  const i18n = useI18n();
  return (
    <Stack gap={2} component="li">
      <Text size="sm" fw={600}>
        {entry.kind === 'silence' && entry.until
          ? i18n.t('admin.users.history.silence', { until: i18n.formatDate(entry.until, 'dateTimeUtc') })
          : i18n.t('admin.users.history.suspend')}
        {' · '}
        {i18n.t(SUSPENSION_REASON_KEYS[entry.reason])}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.message}
      </Text>
      <Text size="xs" c="dimmed">
        {i18n.t('admin.users.history.by', {
          name: entry.created_by
            ? personName(entry.created_by.name, i18n)
            : i18n.t('admin.audit.deletedAccount'),
          date: i18n.formatDate(entry.created_at, 'dateTime'),
        })}
        {entry.ended_at &&
          ` · ${i18n.t('admin.users.history.ended', {
            name: entry.ended_by
              ? personName(entry.ended_by.name, i18n)
              : i18n.t('admin.audit.deletedAccount'),
            date: i18n.formatDate(entry.ended_at, 'dateTime'),
          })}`}
      </Text>
    </Stack>
  );
}

function ReportList({ reports, empty }: { reports: UserReportEntry[]; empty: string }) {
  const i18n = useI18n();
  if (reports.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reports.map((report) => (
        <Stack gap={2} component="li" key={report.id}>
          <Group gap="xs" wrap="wrap">
            <Badge size="xs" variant="outline">
              {i18n.t('admin.users.reportTarget', { type: report.target_type })}
            </Badge>
            {report.project && (
              <Anchor component={Link} to={`/projects/${report.project.id}`} size="sm">
                {report.project.title}
              </Anchor>
            )}
            <Badge size="xs" color={report.status === 'open' ? 'orange' : 'gray'}>
              {i18n.t(report.status === 'open' ? 'admin.reports.open' : 'admin.reports.resolved')}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {report.reason}
          </Text>
          <Text size="xs" c="dimmed">
            {i18n.t('admin.reports.reportedBy', {
              name: personName(report.reporter.name, i18n),
              date: i18n.formatDate(report.created_at, 'numeric'),
            })}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

function RecordBody({ record }: { record: AdminUserRecord }) {
  const i18n = useI18n();
  const [dialog, setDialog] = useState<SanctionDialogKind | null>(null);
  const { account } = record;
  const name = personName(account.full_name, i18n);
  const isAdmin = account.roles.includes('Admin');
  const current = record.current_sanction;
  const yesNo = (value: boolean) => i18n.t(value ? 'admin.users.yes' : 'admin.users.no');

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <StandingBadge standing={account.standing} />
      </Group>
      {current && (
        <Alert color={current.kind === 'suspend' ? 'red' : 'orange'} role="status">
          <SanctionLine entry={current} />
        </Alert>
      )}
      {isAdmin ? (
        <Text size="sm" c="dimmed">
          {i18n.t('admin.users.adminExempt')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          {account.standing !== 'suspended' && (
            <Button
              variant="outline"
              color="orange"
              leftSection={<IconMessageOff size={16} />}
              onClick={() => setDialog('silence')}
            >
              {i18n.t('admin.users.actions.silence')}
            </Button>
          )}
          {account.standing !== 'suspended' && (
            <Button
              variant="outline"
              color="red"
              leftSection={<IconBan size={16} />}
              onClick={() => setDialog('suspend')}
            >
              {i18n.t('admin.users.actions.suspend')}
            </Button>
          )}
          {account.standing !== 'active' && (
            <Button
              variant="outline"
              color="teal"
              leftSection={<IconRestore size={16} />}
              onClick={() => setDialog('reinstate')}
            >
              {i18n.t('admin.users.actions.reinstate')}
            </Button>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={i18n.t('admin.users.account')}>
          <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
            <Fact label={i18n.t('admin.users.email')}>{account.email}</Fact>
            <Fact label={i18n.t('admin.users.username')}>{account.username}</Fact>
            <Fact label={i18n.t('admin.users.roleLabel')}>
              {i18n.t(isAdmin ? 'admin.users.role.admin' : 'admin.users.role.user')}
            </Fact>
            <Fact label={i18n.t('admin.users.created')}>
              {i18n.formatDate(account.created_at, 'dateTime')}
            </Fact>
            <Fact label={i18n.t('admin.users.verified')}>{yesNo(account.email_verified)}</Fact>
            <Fact label={i18n.t('admin.users.twoFactor')}>{yesNo(account.two_factor)}</Fact>
            <Fact label={i18n.t('admin.users.locale')}>
              {account.locale && isShippedLocale(account.locale)
                ? LOCALE_NAMES[account.locale]
                : i18n.t('admin.users.localeUnset')}
            </Fact>
          </dl>
        </Section>
        <Section title={i18n.t('admin.users.pledges')}>
          <Text size="sm">{i18n.t('admin.users.pledgeCount', { count: record.pledges.count })}</Text>
          {record.pledges.by_currency.map((row) => (
            <Text size="sm" key={row.currency}>
              {i18n.t('admin.users.pledgeAmount', {
                count: row.count,
                amount: i18n.money(row.amount, row.currency),
              })}
            </Text>
          ))}
        </Section>
        <Section title={i18n.t('admin.users.projects')}>
          <Group gap="xs" wrap="wrap">
            {Object.entries(record.projects.by_status).map(([status, count]) => (
              <Group gap={4} key={status}>
                <StatusBadge status={status} />
                <Text size="sm">{i18n.number(count)}</Text>
              </Group>
            ))}
          </Group>
          {record.projects.list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {i18n.t('admin.users.noProjects')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {record.projects.list.map((project) => (
                <Group gap="xs" component="li" key={project.id} wrap="wrap">
                  <Anchor component={Link} to={`/projects/${project.id}`} size="sm">
                    {project.title || i18n.t('admin.users.untitled')}
                  </Anchor>
                  <StatusBadge status={project.status} size="xs" />
                </Group>
              ))}
            </Stack>
          )}
        </Section>
        <Section title={i18n.t('admin.users.sanctions')}>
          {record.sanctions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {i18n.t('admin.users.noSanctions')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {record.sanctions.map((entry) => (
                <SanctionLine key={entry.id} entry={entry} />
              ))}
            </Stack>
          )}
        </Section>
        <Section title={i18n.t('admin.users.reportsAbout')}>
          <ReportList reports={record.reports_about} empty={i18n.t('admin.users.noReports')} />
        </Section>
        <Section title={i18n.t('admin.users.reportsBy')}>
          <ReportList reports={record.reports_by} empty={i18n.t('admin.users.noReports')} />
        </Section>
      </SimpleGrid>
      <SanctionDialog kind={dialog} userId={account.id} name={name} onClose={() => setDialog(null)} />
    </Stack>
  );
}

/** A person's record: the account, its projects, pledges, reports and sanctions, with the admin's actions. */
export function UserRecord({ userId, onBack }: { userId: number; onBack: () => void }) {
  const i18n = useI18n();
  const record = useUserRecord(userId);
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
      >
        {i18n.t('admin.users.back')}
      </Button>
      {record.isPending ? (
        <Loader aria-label={i18n.t('admin.users.loadingRecord')} />
      ) : record.isError ? (
        <Alert color="red" role="alert">
          {serverMessage(record.error) ?? i18n.t('admin.users.loadFailed')}
        </Alert>
      ) : (
        <RecordBody record={record.data} />
      )}
    </Stack>
  );
}
