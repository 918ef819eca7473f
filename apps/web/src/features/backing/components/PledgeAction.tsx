import { Paper, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconSettings } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from '@/lib/router';
import type { ProjectStatus } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useSession } from '@/lib/session';
import { useMyPledge } from '../api/backing';
import { isLivePledge } from '../pledge-status';
import { BackProjectButton } from './BackProjectButton';
import type { BackableProject } from './BackProjectDialog';

// The dialog (amount, reward, address and card) loads when the backer first opens it.
const ManagePledgeDialog = lazy(async () => ({
  default: (await import('./ManagePledgeDialog')).ManagePledgeDialog,
}));

/**
 * The project page's pledge action (DESIGN.md §10): "Back This Project" for a visitor; for a backer, what they
 * pledged and "Manage pledge" instead. `?manage_pledge=1` (from mails and a second Back) opens the dialog.
 */
export function PledgeAction({
  project,
  isCreator,
}: {
  project: BackableProject & { status: ProjectStatus };
  isCreator: boolean;
}) {
  const i18n = useI18n();
  const session = useSession();
  const pledge = useMyPledge(project.id, session.isSignedIn && !isCreator);
  const [params, setParams] = useSearchParams();
  const dialog = useLazyDialog();
  const live = pledge.data && isLivePledge(pledge.data.status) ? pledge.data : null;

  // A link asks for the dialog; closing it drops the request from the address.
  const asked = params.get('manage_pledge') === '1';
  const close = () => {
    dialog.close();
    if (asked) {
      setParams(
        (current) => {
          current.delete('manage_pledge');
          return current;
        },
        { replace: true },
      );
    }
  };

  if (!live) return <BackProjectButton project={project} isCreator={isCreator} />;
  return (
    <Paper bg="teal.0" radius="md" p="sm" aria-label={i18n.t('backing.pledgeAction.label')}>
      <Stack gap="xs">
        <Text size="sm" fw={600} c="teal.9">
          {live.reward
            ? i18n.t('backing.pledgeAction.backedWithReward', {
                amount: i18n.money(live.amount, live.currency),
                reward: live.reward.title,
              })
            : i18n.t('backing.pledgeAction.backed', { amount: i18n.money(live.amount, live.currency) })}
        </Text>
        {live.status === 'PAYMENT_FAILED' && (
          <Text size="sm" c="red.9" fw={600}>
            {i18n.t('backing.pledgeAction.paymentFailed')}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          variant={live.status === 'PAYMENT_FAILED' ? 'filled' : 'light'}
          color={live.status === 'PAYMENT_FAILED' ? 'red' : 'teal'}
          leftSection={<IconSettings size={20} />}
          onClick={() => dialog.open()}
        >
          {i18n.t('backing.pledgeAction.manage')}
        </Button>
      </Stack>
      {(dialog.state || asked) && (
        <Suspense fallback={null}>
          <ManagePledgeDialog
            pledge={live}
            project={project}
            opened={Boolean(dialog.state?.opened) || asked}
            onClose={close}
          />
        </Suspense>
      )}
    </Paper>
  );
}
