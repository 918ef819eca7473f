import { Modal, Textarea } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useState } from 'react';
import {
  DEFAULT_REPORT_CATEGORY,
  REASON_MAX,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABEL,
  type ReportCategory,
  TOOLS_MESSAGES,
} from '@fundry/shared';
import { NativeSelect } from '@/components/primitives/inputs';
import { useI18n } from '@/lib/i18n';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What happens, in a sentence. */
  description: string;
  confirmLabel: string;
  /** Who reads the reason. */
  audience: string;
  loading: boolean;
  /** A report also asks what it is about (DESIGN.md §18): one of the report categories, `other` by default. */
  withCategory?: boolean;
  onClose(): void;
  onConfirm(reason: string, category: ReportCategory): void;
}

/** Asks for a reason (required, at most REASON_MAX characters) before an admin action or with a report. */
export function ReasonDialog(props: ReasonDialogProps) {
  const i18n = useI18n();
  const [reason, setReason] = useState('');
  const [category, setCategory] = useState<ReportCategory>(DEFAULT_REPORT_CATEGORY);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (props.loading) return;
    setReason('');
    setCategory(DEFAULT_REPORT_CATEGORY);
    setError(null);
    props.onClose();
  };
  const confirm = () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(i18n.t(TOOLS_MESSAGES.reasonRequired));
      return;
    }
    props.onConfirm(trimmed, category);
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={<Text fw={700}>{props.title}</Text>}
      centered
      closeButtonProps={{ 'aria-label': i18n.t('common.actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{props.description}</Text>
          {props.withCategory && (
            <NativeSelect
              label={i18n.t('reports.dialog.categoryLabel')}
              value={category}
              data={REPORT_CATEGORIES.map((value) => ({
                value,
                label: i18n.t(REPORT_CATEGORY_LABEL[value]),
              }))}
              onChange={(event) => setCategory(event.currentTarget.value as ReportCategory)}
            />
          )}
          <Textarea
            label={i18n.t('common.reason.label')}
            description={i18n.t('common.reason.description', {
              audience: props.audience,
              count: reason.length,
              max: REASON_MAX,
            })}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={error}
            data-autofocus
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={props.loading}>
              {i18n.t('common.actions.cancel')}
            </Button>
            <Button type="submit" color="red" loading={props.loading}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
