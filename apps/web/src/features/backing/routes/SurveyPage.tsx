import { Alert, Loader, NumberInput, Radio, Textarea } from '@mantine/core';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useState } from 'react';
import { Link, useParams } from '@/lib/router';
import { type BackerSurvey, majorToMinor, minorToMajor, SURVEY_ANSWER_MAX } from '@fundry/shared';
import { PageHeader } from '@/components/PageHeader';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useAnswerSurvey, useBackerSurvey } from '../api/survey';
import {
  type AddressDraft,
  completeAddress,
  ShippingAddressFields,
  toDraft,
} from '../components/ShippingAddressFields';

/** The backer's survey of one pledge: its questions, the shipping address, add-ons to buy with the saved card. */
export function SurveyPage() {
  const i18n = useI18n();
  const donationId = Number(useParams().donationId);
  const survey = useBackerSurvey(donationId);

  return (
    <Container size="sm" py={40} px="md">
      <Stack gap="lg">
        <PageHeader
          title={i18n.t('survey.page.title')}
          description={
            survey.data
              ? i18n.t('survey.page.description', { title: survey.data.project_title })
              : i18n.t('survey.page.descriptionLoading')
          }
        />
        {survey.isPending && <Loader aria-label={i18n.t('survey.page.loading')} />}
        {survey.isError && (
          <Alert color="gray">{serverMessage(survey.error) ?? i18n.t('survey.page.loadFailed')}</Alert>
        )}
        {survey.data && <SurveyForm survey={survey.data} />}
        <Anchor component={Link} to="/backed-projects" size="sm">
          {i18n.t('survey.page.back')}
        </Anchor>
      </Stack>
    </Container>
  );
}

function SurveyForm({ survey }: { survey: BackerSurvey }) {
  const i18n = useI18n();
  const answer = useAnswerSurvey(survey.donation_id);
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(survey.answers.map((a) => [a.question_id, a.value])),
  );
  const [address, setAddress] = useState<AddressDraft>(toDraft(survey.shipping_address));
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [result, setResult] = useState<{ color: string; text: string } | null>(null);

  const locked = survey.locked;
  // In minor units, as the server counts it: price and shipping per item, times the quantity.
  const totalMinor = survey.add_ons.reduce(
    (sum, a) =>
      sum +
      (quantities[a.id] ?? 0) *
        (majorToMinor(a.price, survey.currency) + majorToMinor(a.shipping ?? 0, survey.currency)),
    0,
  );
  const total = minorToMajor(totalMinor, survey.currency);
  const submit = () => {
    const shipping =
      survey.needs_address || survey.add_ons.some((a) => a.ships && (quantities[a.id] ?? 0) > 0);
    answer.mutate(
      {
        answers: survey.questions.map((q) => ({ question_id: q.id, value: values[q.id] ?? '' })),
        ...(shipping ? { shipping_address: completeAddress(address) } : {}),
        add_ons: Object.entries(quantities)
          .filter(([, quantity]) => quantity > 0)
          .map(([id, quantity]) => ({ add_on_id: Number(id), quantity })),
      },
      {
        onSuccess: (response) => {
          setQuantities({});
          // Declined: nothing was added. Pending: the provider did not answer yet, the payment is being
          // confirmed and the backer is notified of its outcome (the server's message says so).
          const status = response.add_on_charge?.status;
          const text = response.message ?? i18n.t('survey.page.saved');
          setResult({
            color: status === 'declined' ? 'orange' : status === 'pending' ? 'blue' : 'teal',
            text,
          });
          if (status === 'declined' || status === 'pending') notify.warning(text);
          else notify.success(text);
        },
        onError: (error) => {
          const text = serverMessage(error) ?? i18n.t('survey.page.saveFailed');
          setResult({ color: 'red', text });
          notify.error(text);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {survey.reward && (
        <Text size="sm" c="dimmed">
          {i18n.t('survey.page.reward', { title: survey.reward.title })}
        </Text>
      )}
      {locked && <Alert color="gray">{i18n.t('survey.page.locked')}</Alert>}
      {survey.answered_at && !locked && (
        <Text size="sm" c="dimmed">
          {i18n.t('survey.page.answeredAt', { date: i18n.timestampDate(survey.answered_at) })}
        </Text>
      )}
      {survey.questions.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="survey-questions">
          <Title order={2} fz="lg" mb="sm" id="survey-questions">
            {i18n.t('survey.page.questions')}
          </Title>
          <Stack gap="md">
            {survey.questions.map((q) =>
              q.kind === 'choice' ? (
                <Radio.Group
                  key={q.id}
                  label={q.prompt}
                  withAsterisk={q.required}
                  value={values[q.id] ?? null}
                  onChange={(value) => setValues((all) => ({ ...all, [q.id]: value }))}
                >
                  <Group gap="md" mt={6} wrap="wrap">
                    {q.options.map((option) => (
                      <Radio key={option} value={option} label={option} disabled={locked} />
                    ))}
                  </Group>
                </Radio.Group>
              ) : (
                <Textarea
                  key={q.id}
                  label={q.prompt}
                  withAsterisk={q.required}
                  autosize
                  minRows={2}
                  maxLength={SURVEY_ANSWER_MAX}
                  disabled={locked}
                  value={values[q.id] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((all) => ({ ...all, [q.id]: value }));
                  }}
                />
              ),
            )}
          </Stack>
        </Paper>
      )}
      {(survey.needs_address || survey.add_ons.some((a) => a.ships)) && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="survey-address">
          <Title order={2} fz="lg" mb="sm" id="survey-address">
            {i18n.t('survey.page.address')}
          </Title>
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <ShippingAddressFields value={address} onChange={setAddress} />
          </fieldset>
        </Paper>
      )}
      {survey.add_ons.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="survey-add-ons">
          <Title order={2} fz="lg" mb={4} id="survey-add-ons">
            {i18n.t('survey.page.addOns')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {i18n.t('survey.page.addOnsHint')}
          </Text>
          <Stack gap="sm">
            {survey.add_ons.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{a.title}</Text>
                  <Text size="sm" c="dimmed">
                    {a.ships && a.shipping !== null && a.shipping > 0
                      ? i18n.t('survey.page.priceWithShipping', {
                          price: i18n.money(a.price, a.currency),
                          shipping: i18n.money(a.shipping, a.currency),
                        })
                      : i18n.money(a.price, a.currency)}
                  </Text>
                </div>
                <NumberInput
                  w={90}
                  min={0}
                  max={a.max_quantity}
                  allowDecimal={false}
                  allowNegative={false}
                  aria-label={i18n.t('survey.page.quantity', { title: a.title })}
                  value={quantities[a.id] ?? 0}
                  onChange={(value) =>
                    setQuantities((all) => ({ ...all, [a.id]: Math.min(a.max_quantity, Number(value) || 0) }))
                  }
                />
              </Group>
            ))}
            <Text fw={700} aria-live="polite">
              {i18n.t('survey.page.total', { amount: i18n.money(total, survey.currency) })}
            </Text>
          </Stack>
        </Paper>
      )}
      {!survey.can_buy_add_ons && !locked && (
        <Text size="sm" c="dimmed">
          {i18n.t('survey.page.noCard')}
        </Text>
      )}
      {result && (
        <Alert color={result.color} role="status">
          {result.text}
        </Alert>
      )}
      {!locked && (
        <Button onClick={submit} loading={answer.isPending} size="md">
          {total > 0
            ? i18n.t('survey.page.submitAndPay', { amount: i18n.money(total, survey.currency) })
            : i18n.t('survey.page.submit')}
        </Button>
      )}
    </Stack>
  );
}
