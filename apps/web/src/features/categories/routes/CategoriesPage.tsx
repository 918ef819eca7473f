import { ActionIcon, Alert, Center, Loader, Modal, Table, TextInput, Tooltip } from '@mantine/core';
import { Container, Group, Paper, Stack, Text, Title } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { IconEdit, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Category } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCategories, useCategoryMutations } from '../api/categories';

type Dialog = { kind: 'add' } | { kind: 'edit'; category: Category } | { kind: 'delete'; category: Category };

/** The longest category name the API accepts. */
const NAME_MAX = 60;

function NameDialog({
  title,
  submitLabel,
  initialName,
  saving,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName: string;
  saving: boolean;
  onSubmit: (name: string, setError: (message: string) => void) => void;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const form = useForm({
    initialValues: { name: initialName },
    validate: {
      name: (value) => {
        if (!value.trim()) return i18n.t('categories.form.nameRequired');
        return value.trim().length > NAME_MAX
          ? i18n.t('categories.form.nameTooLong', { max: NAME_MAX })
          : null;
      },
    },
  });
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{title}</Text>} centered>
      <form
        noValidate
        onSubmit={form.onSubmit(({ name }) =>
          onSubmit(name.trim(), (message) => form.setFieldError('name', message)),
        )}
      >
        <Stack gap="md">
          <TextInput
            label={i18n.t('categories.form.nameLabel')}
            withAsterisk
            data-autofocus
            maxLength={NAME_MAX}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {i18n.t('categories.form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /categories: the category table; admins add, rename and delete unused categories (SPEC §2, §6). */
export function CategoriesPage() {
  const i18n = useI18n();
  const session = useSession();
  const categories = useCategories();
  const { create, rename, remove } = useCategoryMutations();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const manage = session.isAdmin;

  const failed = (error: unknown, fallback: string, setError?: (message: string) => void) => {
    const field = fieldErrors(error).name;
    if (field && setError) setError(field);
    notify.error(serverMessage(error) ?? fallback);
  };

  return (
    <Container size="md" py={40}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {i18n.t('categories.page.title')}
            </Title>
            <Text c="dimmed">{i18n.t('categories.page.description')}</Text>
          </div>
          {manage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'add' })}>
              {i18n.t('categories.page.add')}
            </Button>
          )}
        </Group>

        {!manage && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {i18n.t('categories.page.adminsOnly')}
          </Alert>
        )}

        <Paper withBorder radius="lg" shadow="xs">
          {categories.isPending ? (
            <Center py="xl">
              <Loader aria-label={i18n.t('categories.page.loading')} />
            </Center>
          ) : categories.isError ? (
            <Alert color="red" m="md">
              {i18n.t('categories.page.loadFailed')}
            </Alert>
          ) : (
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{i18n.t('categories.table.id')}</Table.Th>
                  <Table.Th>{i18n.t('categories.table.name')}</Table.Th>
                  {manage && (
                    <Table.Th w={120} ta="right">
                      {i18n.t('categories.table.actions')}
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {categories.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={manage ? 3 : 2}>
                      <Text c="dimmed" ta="center">
                        {i18n.t('categories.table.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {categories.data.map((category) => (
                  <Table.Tr key={category.id}>
                    <Table.Td c="dimmed">{category.id}</Table.Td>
                    <Table.Td fw={500}>{category.name}</Table.Td>
                    {manage && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={i18n.t('categories.table.rename')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={i18n.t('categories.table.editLabel', { name: category.name })}
                              onClick={() => setDialog({ kind: 'edit', category })}
                            >
                              <IconEdit size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={i18n.t('categories.table.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={i18n.t('categories.table.deleteLabel', { name: category.name })}
                              onClick={() => setDialog({ kind: 'delete', category })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        {manage && (
          <Text size="xs" c="dimmed">
            {i18n.t('categories.page.inUseNote')}
          </Text>
        )}
      </Stack>

      {dialog?.kind === 'add' && (
        <NameDialog
          title={i18n.t('categories.page.add')}
          submitLabel={i18n.t('categories.page.add')}
          initialName=""
          saving={create.isPending}
          onClose={close}
          onSubmit={(name, setError) =>
            create.mutate(name, {
              onSuccess: () => {
                notify.success(i18n.t('categories.notify.added', { name }));
                close();
              },
              onError: (error) => failed(error, i18n.t('categories.notify.addFailed'), setError),
            })
          }
        />
      )}
      {dialog?.kind === 'edit' && (
        <NameDialog
          title={i18n.t('categories.form.renameTitle')}
          submitLabel={i18n.t('categories.form.save')}
          initialName={dialog.category.name}
          saving={rename.isPending}
          onClose={close}
          onSubmit={(name, setError) =>
            rename.mutate(
              { id: dialog.category.id, name },
              {
                onSuccess: () => {
                  notify.success(i18n.t('categories.notify.renamed'));
                  close();
                },
                onError: (error) => failed(error, i18n.t('categories.notify.renameFailed'), setError),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={i18n.t('categories.delete.title')}
        confirmLabel={i18n.t('categories.table.delete')}
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.category.id, {
            onSuccess: () => {
              notify.success(i18n.t('categories.notify.deleted'));
              close();
            },
            onError: (error) => {
              failed(error, i18n.t('categories.notify.deleteFailed'));
              close();
            },
          });
        }}
      >
        {dialog?.kind === 'delete' ? i18n.t('categories.delete.confirm', { name: dialog.category.name }) : ''}
      </ConfirmDialog>
    </Container>
  );
}
