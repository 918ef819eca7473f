import { Modal, Radio, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { type FormEvent, useState } from 'react';
import {
  COMMUNITY_MESSAGES,
  richTextToPlain,
  UPDATE_TITLE_MAX,
  type UpdateVisibility,
  type UpdateView,
} from '@fundry/shared';
import { RichTextField } from '@/components/projects/RichTextField';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSaveUpdate } from '../api/community';

function isEmpty(html: string) {
  return !richTextToPlain(html) && !/<img\s/i.test(html);
}

/**
 * The creator's update form: a title, rich text (the project form's editor) and who may read it. Posting notifies
 * and mails the project's backers. With `update`, it edits that update instead.
 */
export function UpdateComposer({
  projectId,
  update,
  opened,
  onClose,
}: {
  projectId: number;
  update?: UpdateView | null;
  opened: boolean;
  onClose: () => void;
}) {
  const i18n = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700}>{i18n.t(update ? 'community.composer.editTitle' : 'community.updates.post')}</Text>
      }
      size="xl"
      radius="lg"
    >
      {opened && <ComposerForm projectId={projectId} update={update ?? null} onDone={onClose} />}
    </Modal>
  );
}

function ComposerForm({
  projectId,
  update,
  onDone,
}: {
  projectId: number;
  update: UpdateView | null;
  onDone: () => void;
}) {
  const i18n = useI18n();
  const save = useSaveUpdate(projectId);
  const [title, setTitle] = useState(update?.title ?? '');
  const [body, setBody] = useState(update?.body ?? '');
  const [visibility, setVisibility] = useState<UpdateVisibility>(update?.visibility ?? 'public');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = i18n.t(COMMUNITY_MESSAGES.titleRequired);
    if (isEmpty(body)) found.body = i18n.t(COMMUNITY_MESSAGES.bodyRequired);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { updateId: update?.id ?? null, body: { title: title.trim(), body, visibility } },
      {
        onSuccess: (reply) => {
          notify.success(
            reply.message ??
              i18n.t(update ? COMMUNITY_MESSAGES.updateSaved : COMMUNITY_MESSAGES.updatePosted),
          );
          onDone();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          notify.error(serverMessage(error) ?? i18n.t('community.composer.saveFailed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={i18n.t('community.composer.title')}
          required
          maxLength={UPDATE_TITLE_MAX}
          value={title}
          error={errors.title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <RichTextField
          label={i18n.t('community.composer.body')}
          required
          initialValue={update?.body ?? ''}
          onChange={setBody}
          error={errors.body}
          placeholder={i18n.t('community.composer.bodyPlaceholder')}
        />
        <Radio.Group
          label={i18n.t('community.composer.visibility')}
          value={visibility}
          onChange={(value) => setVisibility(value)}
          error={errors.visibility}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="public" label={i18n.t('community.composer.visibilityPublic')} />
            <Radio value="backers" label={i18n.t('community.composer.visibilityBackers')} />
          </Stack>
        </Radio.Group>
        {!update && (
          <Text size="sm" c="dimmed">
            {i18n.t('community.composer.notifyHint')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {i18n.t('community.composer.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {i18n.t(update ? 'community.composer.save' : 'community.composer.post')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
