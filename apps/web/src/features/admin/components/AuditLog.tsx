import { Alert, Anchor, Badge, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS } from '@fundry/shared';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { useAuditLog } from '../api/admin';

const ACTION_LABEL: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  'project.activate': 'Project activated',
  'project.reject': 'Project rejected',
  'project.feature': 'Project featured',
  'project.unfeature': 'Project unfeatured',
  'category.create': 'Category created',
  'category.rename': 'Category renamed',
  'category.delete': 'Category deleted',
  'comment.remove': 'Comment removed',
  'report.resolve': 'Report resolved',
  'donation.refund': 'Pledge refunded',
};

const label = (action: string) => ACTION_LABEL[action as keyof typeof ACTION_LABEL] ?? action;

/** Who did what, when and why: every admin action, newest first, filtered by action. */
export function AuditLog() {
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const log = useAuditLog({ page, action: action ?? undefined });

  let body;
  if (log.isPending) body = <Loader aria-label="Loading the audit log" />;
  else if (log.isError)
    body = (
      <Alert color="red" role="alert">
        {serverMessage(log.error) ?? 'Failed to load the audit log'}
      </Alert>
    );
  else if (log.data.data.length === 0) body = <Text c="dimmed">Nothing recorded yet.</Text>;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When (UTC)</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {entry.created_at.slice(0, 16).replace('T', ' ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.actor?.name ?? 'Deleted account'}</Text>
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
                        {entry.target_type} #{entry.target_id}
                        {typeof entry.details?.name === 'string' ? ` (${entry.details.name})` : ''}
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
        <PageNavigation page={page} total={log.data.meta.pages} onChange={setPage} label="Audit log pages" />
      </>
    );

  return (
    <Stack gap="md">
      <Group>
        <Select
          label="Action"
          placeholder="All actions"
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
