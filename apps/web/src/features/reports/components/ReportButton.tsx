import { Button } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { TOOLS_MESSAGES } from '@fundry/shared';
import { ReasonDialog } from '@/components/moderation/ReasonDialog';
import { serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { type ReportKind, useReport } from '../api/reports';

/** Reports a project or a comment to the administrators, with a reason (once per person; the server says so). */
export function ReportButton({
  kind,
  id,
  name,
  compact = false,
}: {
  kind: ReportKind;
  id: number;
  /** The accessible name of the button, e.g. "Report this project". */
  name: string;
  compact?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const report = useReport(kind, id);
  return (
    <>
      <Button
        size={compact ? 'compact-xs' : 'xs'}
        variant="subtle"
        color="gray"
        leftSection={compact ? undefined : <IconFlag size={14} />}
        aria-label={name}
        onClick={() => setOpened(true)}
      >
        Report
      </Button>
      <ReasonDialog
        opened={opened}
        title={kind === 'project' ? 'Report this project' : 'Report this comment'}
        description="Tell the administrators what is wrong. They review every report and let you know what they decided."
        audience="Seen by the administrators"
        confirmLabel="Send report"
        loading={report.isPending}
        onClose={() => setOpened(false)}
        onConfirm={(reason) =>
          report.mutate(reason, {
            onSuccess: (response) => {
              notify.success(response.message ?? TOOLS_MESSAGES.reported);
              setOpened(false);
            },
            onError: (error) => {
              notify.error(serverMessage(error) ?? 'The report could not be sent');
              setOpened(false);
            },
          })
        }
      />
    </>
  );
}
