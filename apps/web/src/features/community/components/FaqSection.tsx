import { Accordion, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { COMMUNITY_MESSAGES, type Faq, FAQ_ANSWER_MAX, FAQ_QUESTION_MAX } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { useFaqActions, useFaqs } from '../api/community';
import { COMMUNITY_TEXT } from '../messages';

function FaqForm({ projectId, faq, onDone }: { projectId: number; faq: Faq | null; onDone: () => void }) {
  const { save } = useFaqActions(projectId);
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!question.trim()) found.question = COMMUNITY_MESSAGES.questionRequired;
    if (!answer.trim()) found.answer = COMMUNITY_MESSAGES.answerRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { faqId: faq?.id ?? null, body: { question: question.trim(), answer: answer.trim() } },
      {
        onSuccess: (reply) => {
          notify.success(reply.message ?? COMMUNITY_MESSAGES.faqSaved);
          onDone();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          notify.error(serverMessage(error) ?? 'The question could not be saved');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Question"
          required
          maxLength={FAQ_QUESTION_MAX}
          value={question}
          error={errors.question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
        />
        <Textarea
          label="Answer"
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
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The project's FAQ: questions anyone can open; the creator adds, edits and deletes them. */
export function FaqSection({ projectId, isCreator }: { projectId: number; isCreator: boolean }) {
  const faqs = useFaqs(projectId);
  const { remove } = useFaqActions(projectId);
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Faq | null>(null);

  if (faqs.isError) {
    return <Text c="red">{serverMessage(faqs.error) ?? 'The questions could not be loaded'}</Text>;
  }
  if (!faqs.data) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading questions" />
      </Group>
    );
  }
  return (
    <Stack gap="md">
      {isCreator && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing('new')}>
            Add a question
          </Button>
        </Group>
      )}
      {faqs.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {COMMUNITY_TEXT.noFaqs}
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
                        Edit
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => setDeleting(faq)}>
                        Delete
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
        title={<Text fw={700}>{editing === 'new' ? 'Add a question' : 'Edit question'}</Text>}
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
        title="Delete question"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setDeleting(null);
            },
            onError: (error) => notify.error(serverMessage(error) ?? 'The question could not be deleted'),
          })
        }
      >
        {COMMUNITY_TEXT.deleteFaqQuestion}
      </ConfirmDialog>
    </Stack>
  );
}
