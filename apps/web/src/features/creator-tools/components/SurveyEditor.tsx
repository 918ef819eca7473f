import { ActionIcon, Alert, Badge, Checkbox, Loader, Select, TagsInput, TextInput } from '@mantine/core';
import { Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconLock, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Reward, Survey, SurveyQuestionInput } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSurvey, useSurveyActions, useSurveyAddOns } from '../api/survey';

type Draft = Omit<SurveyQuestionInput, 'options'> & { options: string[]; key: string };

let nextKey = 0;
const newKey = () => `q${(nextKey += 1)}`;

/** Whom a question is for, as the select's value: every pledge, a reward's or an add-on's buyers. */
const targetOf = (q: Draft) =>
  q.reward_id !== null ? `reward:${q.reward_id}` : q.add_on_id !== null ? `addon:${q.add_on_id}` : 'all';

/**
 * The creator's backer survey (DESIGN.md §17): questions per reward, add-on or for everyone, choices or text,
 * required or not; Send once the pledges are collected and Lock when done, each confirmed; how many answered.
 */
export function SurveyEditor({ projectId, rewards }: { projectId: number; rewards: Reward[] }) {
  const i18n = useI18n();
  const survey = useSurvey(projectId);
  if (survey.isPending) return <Loader aria-label={i18n.t('survey.editor.loading')} />;
  if (survey.isError) {
    return <Alert color="red">{serverMessage(survey.error) ?? i18n.t('survey.editor.loadFailed')}</Alert>;
  }
  // Saved questions get their ids: the form starts again from what the server kept.
  return (
    <Editor
      key={survey.data.questions.map((q) => q.id).join(',')}
      projectId={projectId}
      rewards={rewards}
      data={survey.data}
    />
  );
}

function Editor({ projectId, rewards, data }: { projectId: number; rewards: Reward[]; data: Survey }) {
  const i18n = useI18n();
  const addOns = useSurveyAddOns(projectId);
  const actions = useSurveyActions(projectId);
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    data.questions.map((q) => ({ ...q, key: `id${q.id}` })),
  );
  const [confirm, setConfirm] = useState<'send' | 'lock' | null>(null);
  const locked = data.locked_at !== null;
  const targets = [
    { value: 'all', label: i18n.t('survey.editor.forEveryone') },
    ...rewards.map((r) => ({
      value: `reward:${r.id}`,
      label: i18n.t('survey.editor.forReward', { title: r.title }),
    })),
    ...(addOns.data ?? []).map((a) => ({
      value: `addon:${a.id}`,
      label: i18n.t('survey.editor.forAddOn', { title: a.title }),
    })),
  ];
  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((q) => (q.key === key ? { ...q, ...patch } : q)));

  const save = () =>
    actions.save.mutate(
      {
        questions: drafts.map(({ key: _key, ...q }) => ({
          ...q,
          options: q.kind === 'choice' ? q.options : [],
        })),
      },
      {
        onSuccess: (response) => notify.success(response.message ?? i18n.t('survey.editor.saved')),
        onError: (error) => notify.error(serverMessage(error) ?? i18n.t('survey.editor.saveFailed')),
      },
    );
  const run = (which: 'send' | 'lock') =>
    actions[which].mutate(undefined, {
      onSuccess: (response) => {
        setConfirm(null);
        notify.success(response.message ?? i18n.t('survey.editor.saved'));
      },
      onError: (error) => {
        setConfirm(null);
        notify.error(serverMessage(error) ?? i18n.t('survey.editor.saveFailed'));
      },
    });

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        {data.sent_at === null ? (
          <Badge variant="light" color="gray">
            {i18n.t('survey.editor.notSent')}
          </Badge>
        ) : (
          <Badge variant="light" color={locked ? 'gray' : 'teal'}>
            {locked ? i18n.t('survey.editor.lockedBadge') : i18n.t('survey.editor.sentBadge')}
          </Badge>
        )}
        {data.sent_at !== null && (
          <Text size="sm" aria-live="polite">
            {i18n.t('survey.editor.answered', { answered: data.answered, total: data.recipients })}
          </Text>
        )}
      </Group>
      {!data.collected && data.sent_at === null && (
        <Text size="sm" c="dimmed">
          {i18n.t('survey.editor.sendLater')}
        </Text>
      )}
      {drafts.map((q, index) => (
        <Paper key={q.key} withBorder radius="md" p="sm" component="fieldset" style={{ minWidth: 0 }}>
          <Text component="legend" size="sm" fw={600} px={4}>
            {i18n.t('survey.editor.questionNumber', { number: index + 1 })}
          </Text>
          <Stack gap="xs">
            <TextInput
              label={i18n.t('survey.editor.prompt')}
              value={q.prompt}
              disabled={locked}
              onChange={(event) => change(q.key, { prompt: event.currentTarget.value })}
            />
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Select
                label={i18n.t('survey.editor.kind')}
                w={160}
                disabled={locked}
                allowDeselect={false}
                data={[
                  { value: 'choice', label: i18n.t('survey.editor.kindChoice') },
                  { value: 'text', label: i18n.t('survey.editor.kindText') },
                ]}
                value={q.kind}
                onChange={(value) => change(q.key, { kind: value === 'text' ? 'text' : 'choice' })}
              />
              <Select
                label={i18n.t('survey.editor.target')}
                w={220}
                disabled={locked}
                allowDeselect={false}
                data={targets}
                value={targetOf(q)}
                onChange={(value) => {
                  const [type, id] = (value ?? 'all').split(':');
                  change(q.key, {
                    reward_id: type === 'reward' ? Number(id) : null,
                    add_on_id: type === 'addon' ? Number(id) : null,
                  });
                }}
              />
            </Group>
            {q.kind === 'choice' && (
              <TagsInput
                label={i18n.t('survey.editor.options')}
                description={i18n.t('survey.editor.optionsHint')}
                disabled={locked}
                value={q.options}
                onChange={(options) => change(q.key, { options })}
              />
            )}
            <Group justify="space-between">
              <Checkbox
                label={i18n.t('survey.editor.required')}
                checked={q.required}
                disabled={locked}
                onChange={(event) => change(q.key, { required: event.currentTarget.checked })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={locked}
                aria-label={i18n.t('survey.editor.remove', { number: index + 1 })}
                onClick={() => setDrafts((all) => all.filter((other) => other.key !== q.key))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Stack>
        </Paper>
      ))}
      {!locked && (
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPlus size={18} />}
            onClick={() =>
              setDrafts((all) => [
                ...all,
                {
                  key: newKey(),
                  kind: 'choice',
                  prompt: '',
                  options: [],
                  required: false,
                  reward_id: null,
                  add_on_id: null,
                },
              ])
            }
          >
            {i18n.t('survey.editor.add')}
          </Button>
          <Button onClick={save} loading={actions.save.isPending}>
            {i18n.t('survey.editor.save')}
          </Button>
          {data.sent_at === null ? (
            <Button
              color="teal"
              leftSection={<IconSend size={18} />}
              disabled={!data.collected}
              onClick={() => setConfirm('send')}
            >
              {i18n.t('survey.editor.send')}
            </Button>
          ) : (
            <Button color="gray" leftSection={<IconLock size={18} />} onClick={() => setConfirm('lock')}>
              {i18n.t('survey.editor.lock')}
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'lock' ? i18n.t('survey.editor.lockTitle') : i18n.t('survey.editor.sendTitle')}
        confirmLabel={confirm === 'lock' ? i18n.t('survey.editor.lock') : i18n.t('survey.editor.send')}
        loading={actions.send.isPending || actions.lock.isPending}
        onConfirm={() => confirm && run(confirm)}
      >
        {confirm === 'lock' ? i18n.t('survey.editor.lockBody') : i18n.t('survey.editor.sendBody')}
      </ConfirmDialog>
    </Stack>
  );
}
