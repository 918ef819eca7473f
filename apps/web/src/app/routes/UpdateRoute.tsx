import { lazy, Suspense } from 'react';
import { UpdatePage } from '@/features/community/routes/UpdatePage';
import { ReportButton } from '@/features/reports/components/ReportButton';

// Only a creator sees Block on a comment: its code loads when one does.
const BlockPersonButton = lazy(async () => ({
  default: (await import('@/features/creator-tools/components/BlockPersonButton')).BlockPersonButton,
}));

/** An update's page (community) with Report on each comment (reports) and the creator's Block (creator tools). */
export function UpdateRoute() {
  return (
    <UpdatePage
      reportButton={(commentId, name) => <ReportButton kind="comment" id={commentId} name={name} compact />}
      blockButton={(projectId) => (userId, name) => (
        <Suspense fallback={null}>
          <BlockPersonButton projectId={projectId} userId={userId} name={name} />
        </Suspense>
      )}
    />
  );
}
