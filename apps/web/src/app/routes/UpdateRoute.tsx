import { UpdatePage } from '@/features/community/routes/UpdatePage';
import { ReportButton } from '@/features/reports/components/ReportButton';

/** An update's page (community) with a Report button on each comment (reports). */
export function UpdateRoute() {
  return (
    <UpdatePage
      reportButton={(commentId, name) => <ReportButton kind="comment" id={commentId} name={name} compact />}
    />
  );
}
