import { Accordion, Loader, Modal, Textarea, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { COMMUNITY_MESSAGES, type Faq, FAQ_ANSWER_MAX, FAQ_QUESTION_MAX } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useFaqActions, useFaqs } from '../api/community';

function FaqForm({ projectId, faq, onDone }: { projectId: number; faq: Faq | null; onDone: () => void }) {
  const i18n = useI18n();
  const { save } = useFaqActions(projectId);
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!question.trim()) found.question = i18n.t(COMMUNITY_MESSAGES.questionRequired);
    if (!answer.trim()) found.answer = i18n.t(COMMUNITY_MESSAGES.answerRequired);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { faqId: faq?.id ?? null, body: { question: question.trim(), answer: answer.trim() } },
      {
        onSuccess: (reply) => {
          notify.success(reply.message ?? i18n.t(COMMUNITY_MESSAGES.faqSaved));
          onDone();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          notify.error(serverMessage(error) ?? i18n.t('community.faq.saveFailed'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={i18n.t('community.faq.question')}
          required
          maxLength={FAQ_QUESTION_MAX}
          value={question}
          error={errors.question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
        />
        <Textarea
          label={i18n.t('community.faq.answer')}
          required
          autosize
          minRows={3}
          maxLength={FAQ_ANSWER_MAX}
          value={answer}
          error={errors.answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {i18n.t('community.faq.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {i18n.t('community.faq.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The project's FAQ: questions anyone can open; the creator adds, edits and deletes them. */
export function FaqSection({ projectId, isCreator }: { projectId: number; isCreator: boolean }) {
  const i18n = useI18n();
  const faqs = useFaqs(projectId);
  const { remove } = useFaqActions(projectId);
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Faq | null>(null);

  if (faqs.isError) {
    return <Text c="red">{serverMessage(faqs.error) ?? i18n.t('community.faq.loadFailed')}</Text>;
  }
  if (!faqs.data) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={i18n.t('community.faq.loading')} />
      </Group>
    );
  }
  return (
    <Stack gap="md">
      {isCreator && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing('new')}>
            {i18n.t('community.faq.add')}
          </Button>
        </Group>
      )}
      {faqs.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {i18n.t('community.faq.empty')}
        </Text>
      ) : (
        <Accordion variant="separated" radius="md">
          {faqs.data.map((faq) => (
            <Accordion.Item key={faq.id} value={String(faq.id)}>
              <Accordion.Control>
                <Text fw={600}>{faq.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {faq.answer}
                  </Text>
                  {isCreator && (
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setEditing(faq)}>
                        {i18n.t('community.faq.edit')}
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => setDeleting(faq)}>
                        {i18n.t('community.faq.delete')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          <Text fw={700}>{i18n.t(editing === 'new' ? 'community.faq.add' : 'community.faq.editTitle')}</Text>
        }
        radius="lg"
        size="lg"
      >
        {editing !== null && (
          <FaqForm
            projectId={projectId}
            faq={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={i18n.t('community.faq.deleteTitle')}
        confirmLabel={i18n.t('community.faq.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setDeleting(null);
            },
            onError: (error) => notify.error(serverMessage(error) ?? i18n.t('community.faq.deleteFailed')),
          })
        }
      >
        {i18n.t('community.faq.deleteQuestion')}
      </ConfirmDialog>
    </Stack>
  );
}
