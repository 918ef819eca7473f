import { Alert, Badge, Loader, ThemeIcon } from '@mantine/core';
// eslint-disable-next-line no-restricted-imports -- a label that wraps (Mantine's `styles`), which ours do not take
import { Button as MantineButton } from '@mantine/core';
import { Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconCreditCard } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { declineMessage, type Donation, INSTALMENT_COUNT, type Translator } from '@fundry/shared';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { pledgedAddOnsText } from '@/lib/pledged-add-ons';
import { useCancelDonation, useChangePaymentMethod, useDonation } from '../api/backing';
import { FulfilmentState } from '../components/FulfilmentState';
import { formatAddress } from '@/lib/countries';
import { InstalmentPlan } from '@/components/instalments/InstalmentPlan';
import { PLEDGE_STATUS } from '../pledge-status';

function donationId(params: URLSearchParams): number | null {
  const id = Number(params.get('donation_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function ResultCard({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py={48}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A div: a value may be a badge, which a paragraph cannot hold. */}
      <Text component="div" size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function DonationSummary({ donation }: { donation: Donation }) {
  const i18n = useI18n();
  const address = donation.shipping_address;
  return (
    <Paper bg="gray.0" radius="md" p="md" w="100%" aria-label={i18n.t('backing.donation.summaryLabel')}>
      <Stack gap="xs">
        <Row label={i18n.t('backing.donation.project')}>{donation.project_title}</Row>
        <Row label={i18n.t('backing.donation.reward')}>
          {donation.reward_title ?? i18n.t('backing.pledge.noReward')}
        </Row>
        {donation.add_ons.length > 0 && (
          <Row label={i18n.t('backing.donation.addOns')}>{pledgedAddOnsText(i18n, donation.add_ons)}</Row>
        )}
        {donation.fulfilment_status !== null && (
          <Row label={i18n.t('backing.donation.delivery')}>
            <FulfilmentState
              donationId={donation.id}
              project={donation.project_title}
              status={donation.fulfilment_status}
              trackingUrl={donation.tracking_url}
              justify="flex-end"
            />
          </Row>
        )}
        <Row label={i18n.t('backing.donation.amount')}>{i18n.money(donation.amount, donation.currency)}</Row>
        {donation.shipping_amount > 0 && (
          <Row label={i18n.t('backing.donation.shipping')}>
            {i18n.money(donation.shipping_amount, donation.currency)}
          </Row>
        )}
        {address && <Row label={i18n.t('backing.donation.shipsTo')}>{formatAddress(i18n, address)}</Row>}
        <Row label={i18n.t('backing.donation.status')}>
          <Badge color={PLEDGE_STATUS[donation.status].color} variant="light">
            {i18n.t(PLEDGE_STATUS[donation.status].label)}
          </Badge>
        </Row>
        {donation.status === 'SUCCEEDED' ? (
          <Row label={i18n.t('backing.donation.chargedOn')}>{i18n.timestampDate(donation.succeeded_at)}</Row>
        ) : donation.status === 'PAYMENT_FAILED' ? (
          donation.fix_by && (
            <Row label={i18n.t('backing.donation.fixBy')}>{i18n.timestampDate(donation.fix_by)}</Row>
          )
        ) : donation.charge_date ? (
          <Row label={i18n.t('backing.donation.chargeDate')}>{i18n.calendarDate(donation.charge_date)}</Row>
        ) : (
          <Row label={i18n.t('backing.donation.date')}>{i18n.timestampDate(donation.created_at)}</Row>
        )}
        <Row label={i18n.t('backing.donation.reference')}>{`#${donation.id}`}</Row>
        {donation.instalments.length > 0 && (
          <InstalmentPlan
            instalments={donation.instalments}
            currency={donation.currency}
            caption={i18n.t('backing.instalments.yourPlan')}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The sentence under the title: what happened to the money, in the pledge's own terms. */
function outcome(i18n: Translator, donation: Donation): string {
  const amount = i18n.money(donation.amount, donation.currency);
  switch (donation.status) {
    case 'PENDING':
      return i18n.t('backing.donation.outcomePending');
    case 'PLEDGED':
      if (donation.pay_over_time) {
        return i18n.t('backing.instalments.outcomePledged', { amount, count: INSTALMENT_COUNT });
      }
      return i18n.t('backing.donation.outcomePledged', {
        amount,
        date: donation.charge_date
          ? i18n.calendarDate(donation.charge_date)
          : i18n.t('common.date.notSpecified'),
      });
    case 'PAYMENT_FAILED': {
      const reason = i18n.t(declineMessage(donation.payment_error_code));
      return donation.fix_by
        ? i18n.t('backing.donation.outcomeDeclinedBy', {
            reason,
            amount,
            date: i18n.timestampDate(donation.fix_by),
          })
        : i18n.t('backing.donation.outcomeDeclined', { reason, amount });
    }
    case 'SUCCEEDED':
      return i18n.t('backing.donation.outcomeSucceeded', { project: donation.project_title });
    case 'DEFAULTED':
      return i18n.t('backing.instalments.outcomeDefaulted', { amount });
    default:
      return i18n.t('backing.donation.outcomeOther', { status: donation.status });
  }
}

/** A declined pledge is fixed from here too: another card, charged at once. */
function FixPaymentButton({ donation }: { donation: Donation }) {
  const i18n = useI18n();
  const fix = useChangePaymentMethod(donation.id);
  return (
    <Stack gap="xs" w="100%" align="center">
      <Button
        color="red"
        leftSection={<IconCreditCard size={18} />}
        loading={fix.isPending || fix.isSuccess}
        onClick={() => fix.mutate()}
      >
        {i18n.t('backing.pledge.fixPayment')}
      </Button>
      {fix.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" w="100%">
          {serverMessage(fix.error) ?? i18n.t('backing.donation.fixFailed')}
        </Alert>
      )}
    </Stack>
  );
}

/** /donation/success?donation_id=… : what was backed; a still-PENDING payment is asked about again briefly. */
export function DonationSuccessPage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const id = donationId(params);
  const donation = useDonation(id, { poll: true });
  const data = donation.data;
  const pending = data?.status === 'PENDING';
  const declined = data?.status === 'PAYMENT_FAILED';
  // Polling stops after a while: say so rather than spin for ever.
  const gaveUp = donation.pollingStopped;

  return (
    <ResultCard
      icon={declined ? <IconAlertCircle size={38} /> : <IconCircleCheck size={38} />}
      color={declined ? 'red' : 'teal'}
      title={i18n.t(
        pending
          ? 'backing.donation.titlePending'
          : declined
            ? 'backing.donation.titleDeclined'
            : data?.status === 'SUCCEEDED'
              ? 'backing.donation.titleSucceeded'
              : data?.status === 'PLEDGED'
                ? 'backing.donation.titlePledged'
                : 'backing.donation.title',
      )}
    >
      {donation.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" w="100%">
          {serverMessage(donation.error) ?? i18n.t('backing.donation.loadFailed')}
        </Alert>
      ) : donation.isLoading ? (
        <Loader />
      ) : data ? (
        <>
          <Text c="dimmed">{gaveUp ? i18n.t('backing.donation.slow') : outcome(i18n, data)}</Text>
          {pending && !gaveUp && <Loader size="sm" aria-label={i18n.t('backing.donation.confirming')} />}
          {declined && <FixPaymentButton donation={data} />}
          <DonationSummary donation={data} />
        </>
      ) : (
        <Text c="dimmed">{i18n.t('backing.donation.received')}</Text>
      )}
      <Group justify="center" gap="sm" mt="sm">
        {data && (
          <MantineButton
            component={Link}
            to={`/projects/${data.project_id}`}
            h="auto"
            py={8}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {i18n.t('backing.donation.backTo', { project: data.project_title })}
          </MantineButton>
        )}
        <Button component={Link} to="/backed-projects" variant="default">
          {i18n.t('backing.donation.myBacked')}
        </Button>
      </Group>
    </ResultCard>
  );
}

/** /donation/cancel : nothing was charged; the pending pledge (and any reserved reward) is released. */
export function DonationCancelPage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const id = donationId(params);
  const cancel = useCancelDonation();
  const sent = useRef(false);
  const { mutate } = cancel;
  const donation = useDonation(id);
  // Only a checkout left open is cancelled here: a confirmed pledge is cancelled from Manage pledge.
  const open = donation.data?.status === 'PENDING';
  useEffect(() => {
    if (id === null || !open || sent.current) return;
    sent.current = true;
    mutate(id);
  }, [id, open, mutate]);

  return (
    <ResultCard icon={<IconCircleX size={38} />} color="gray" title={i18n.t('backing.cancelPage.title')}>
      <Text c="dimmed">{i18n.t('backing.cancelPage.body')}</Text>
      {donation.data && (
        <Text size="sm" c="dimmed">
          {i18n.t('backing.cancelPage.backLater', { project: donation.data.project_title })}
        </Text>
      )}
      <Group justify="center" gap="sm" mt="sm">
        {donation.data ? (
          <Button component={Link} to={`/projects/${donation.data.project_id}`}>
            {i18n.t('backing.donation.backTo', { project: donation.data.project_title })}
          </Button>
        ) : (
          <Button component={Link} to="/projects/explore">
            {i18n.t('backing.cancelPage.browse')}
          </Button>
        )}
        <Button component={Link} to="/dashboard" variant="default">
          {i18n.t('backing.cancelPage.dashboard')}
        </Button>
      </Group>
    </ResultCard>
  );
}
