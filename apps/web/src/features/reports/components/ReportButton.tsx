import { Button } from '@/components/primitives/buttons';
import { IconFlag } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { TOOLS_MESSAGES } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { notify } from '@/lib/notify';
import { type ReportKind, useReport } from '../api/reports';

// Few visitors report: the dialog loads when one does.
const ReasonDialog = lazy(async () => ({
  default: (await import('@/components/moderation/ReasonDialog')).ReasonDialog,
}));

const TITLE: Record<ReportKind, string> = {
  project: 'reports.dialog.projectTitle',
  comment: 'reports.dialog.commentTitle',
  user: 'reports.dialog.userTitle',
};

/**
 * Reports a project, a comment or a person to the administrators, with a reason and a category (once per person;
 * the server says so).
 */
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
  const i18n = useI18n();
  const dialog = useLazyDialog();
  const report = useReport(kind, id);
  return (
    <>
      <Button
        size={compact ? 'compact-xs' : 'xs'}
        variant="subtle"
        color="gray"
        leftSection={compact ? undefined : <IconFlag size={14} />}
        aria-label={name}
        onClick={() => dialog.open()}
      >
        {i18n.t('reports.button')}
      </Button>
      {dialog.state && (
        <Suspense fallback={null}>
          <ReasonDialog
            opened={dialog.state.opened}
            title={i18n.t(TITLE[kind])}
            description={i18n.t('reports.dialog.description')}
            audience={i18n.t('reports.dialog.audience')}
            confirmLabel={i18n.t('reports.dialog.send')}
            loading={report.isPending}
            withCategory
            onClose={dialog.close}
            onConfirm={(reason, category) =>
              report.mutate(
                { reason, category },
                {
                  onSuccess: (response) => {
                    notify.success(response.message ?? i18n.t(TOOLS_MESSAGES.reported));
                    dialog.close();
                  },
                  onError: (error) => {
                    notify.error(serverMessage(error) ?? i18n.t('reports.dialog.failed'));
                    dialog.close();
                  },
                },
              )
            }
          />
        </Suspense>
      )}
    </>
  );
}
