import { Alert, Badge, Loader, Select, Table } from '@mantine/core';
import { Anchor, Group, Stack, Text } from '@/components/primitives/primitives';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { AUDIT_ACTIONS } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useAuditLog } from '../api/admin';
import { personName } from '@/lib/people';

/** The catalog key of each action's name. */
const ACTION_LABEL: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  'project.activate': 'admin.audit.action.projectActivate',
  'project.reject': 'admin.audit.action.projectReject',
  'project.cancel': 'admin.audit.action.projectCancel',
  'project.launch': 'admin.audit.action.projectLaunch',
  'project.suspend': 'admin.audit.action.projectSuspend',
  'project.feature': 'admin.audit.action.projectFeature',
  'project.unfeature': 'admin.audit.action.projectUnfeature',
  'category.create': 'admin.audit.action.categoryCreate',
  'category.rename': 'admin.audit.action.categoryRename',
  'category.delete': 'admin.audit.action.categoryDelete',
  'comment.remove': 'admin.audit.action.commentRemove',
  'report.resolve': 'admin.audit.action.reportResolve',
  'donation.refund': 'admin.audit.action.donationRefund',
  'user.silence': 'admin.audit.action.userSilence',
  'user.suspend': 'admin.audit.action.userSuspend',
  'user.reinstate': 'admin.audit.action.userReinstate',
  'collaborator.invite': 'admin.audit.action.collaboratorInvite',
  'collaborator.change': 'admin.audit.action.collaboratorChange',
  'collaborator.remove': 'admin.audit.action.collaboratorRemove',
  'collaborator.accept': 'admin.audit.action.collaboratorAccept',
  'collaborator.decline': 'admin.audit.action.collaboratorDecline',
};

/** Who did what, when and why: every admin action, newest first, filtered by action. */
export function AuditLog() {
  const i18n = useI18n();
  const label = (action: string) => i18n.t(ACTION_LABEL[action as keyof typeof ACTION_LABEL] ?? action);
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const log = useAuditLog({ page, action: action ?? undefined });

  let body;
  if (log.isPending) body = <Loader aria-label={i18n.t('admin.audit.loading')} />;
  else if (log.isError)
    body = (
      <Alert color="red" role="alert">
        {serverMessage(log.error) ?? i18n.t('admin.audit.loadFailed')}
      </Alert>
    );
  else if (log.data.data.length === 0) body = <Text c="dimmed">{i18n.t('admin.audit.empty')}</Text>;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{i18n.t('admin.audit.when')}</Table.Th>
                <Table.Th>{i18n.t('admin.audit.who')}</Table.Th>
                <Table.Th>{i18n.t('admin.audit.what')}</Table.Th>
                <Table.Th>{i18n.t('admin.audit.target')}</Table.Th>
                <Table.Th>{i18n.t('admin.audit.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {i18n.formatDate(entry.created_at, 'dateTimeUtc')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {entry.actor
                        ? personName(entry.actor.name, i18n)
                        : i18n.t('admin.audit.deletedAccount')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" size="sm">
                      {label(entry.action)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {entry.project ? (
                      <Anchor component={Link} to={`/projects/${entry.project.id}`} size="sm">
                        {entry.project.title}
                      </Anchor>
                    ) : (
                      <Text size="sm">
                        {typeof entry.details?.name === 'string'
                          ? i18n.t('admin.audit.targetNamed', {
                              type: entry.target_type,
                              id: entry.target_id,
                              name: entry.details.name,
                            })
                          : i18n.t('admin.audit.targetId', { type: entry.target_type, id: entry.target_id })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={3}>
                      {entry.reason ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageNavigation
          page={page}
          total={log.data.meta.pages}
          onChange={setPage}
          label={i18n.t('admin.audit.pages')}
        />
      </>
    );

  return (
    <Stack gap="md">
      <Group>
        <Select
          label={i18n.t('admin.audit.actionFilter')}
          placeholder={i18n.t('admin.audit.allActions')}
          clearable
          data={AUDIT_ACTIONS.map((value) => ({ value, label: label(value) }))}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
          w={240}
        />
      </Group>
      {body}
    </Stack>
  );
}
