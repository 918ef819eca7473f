import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Category } from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useCategories, useCategoryMutations } from '../api/categories';

type Dialog = { kind: 'add' } | { kind: 'edit'; category: Category } | { kind: 'delete'; category: Category };

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
  const form = useForm({
    initialValues: { name: initialName },
    validate: {
      name: (value) => {
        if (!value.trim()) return 'Name is required';
        return value.trim().length > 60 ? 'Name must be at most 60 characters' : null;
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
            label="Category name"
            withAsterisk
            data-autofocus
            maxLength={60}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
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
              Categories
            </Title>
            <Text c="dimmed">The categories creators file their projects under.</Text>
          </div>
          {manage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'add' })}>
              Add Category
            </Button>
          )}
        </Group>

        {!manage && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            Only administrators can manage categories.
          </Alert>
        )}

        <Paper withBorder radius="lg" shadow="xs">
          {categories.isPending ? (
            <Center py="xl">
              <Loader aria-label="Loading categories" />
            </Center>
          ) : categories.isError ? (
            <Alert color="red" m="md">
              Failed to load categories
            </Alert>
          ) : (
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>ID</Table.Th>
                  <Table.Th>Name</Table.Th>
                  {manage && (
                    <Table.Th w={120} ta="right">
                      Actions
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {categories.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={manage ? 3 : 2}>
                      <Text c="dimmed" ta="center">
                        No categories yet.
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
                          <Tooltip label="Rename">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit ${category.name}`}
                              onClick={() => setDialog({ kind: 'edit', category })}
                            >
                              <IconEdit size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${category.name}`}
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
            A category that projects use cannot be deleted; rename it instead.
          </Text>
        )}
      </Stack>

      {dialog?.kind === 'add' && (
        <NameDialog
          title="Add Category"
          submitLabel="Add Category"
          initialName=""
          saving={create.isPending}
          onClose={close}
          onSubmit={(name, setError) =>
            create.mutate(name, {
              onSuccess: () => {
                notify.success(`Category "${name}" added`);
                close();
              },
              onError: (error) => failed(error, 'Failed to add category', setError),
            })
          }
        />
      )}
      {dialog?.kind === 'edit' && (
        <NameDialog
          title="Rename Category"
          submitLabel="Save"
          initialName={dialog.category.name}
          saving={rename.isPending}
          onClose={close}
          onSubmit={(name, setError) =>
            rename.mutate(
              { id: dialog.category.id, name },
              {
                onSuccess: () => {
                  notify.success('Category renamed');
                  close();
                },
                onError: (error) => failed(error, 'Failed to rename category', setError),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete category"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.category.id, {
            onSuccess: () => {
              notify.success('Category deleted');
              close();
            },
            onError: (error) => {
              failed(error, 'Failed to delete category');
              close();
            },
          });
        }}
      >
        {dialog?.kind === 'delete'
          ? `Delete the category "${dialog.category.name}"? This cannot be undone.`
          : ''}
      </ConfirmDialog>
    </Container>
  );
}
