import {
  Alert,
  Checkbox,
  FileInput,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  LATE_PLEDGE_MESSAGES,
  ADD_ON_MESSAGES,
  type AddOn,
  type AddOnRequest,
  CURRENCY_DECIMALS_MESSAGE,
  exponent,
  hasValidDecimals,
  MIN_PLEDGE_DOLLARS,
  REWARD_DESCRIPTION_MAX,
  REWARD_MESSAGES,
  REWARD_TITLE_MAX,
  type Reward,
} from '@fundry/shared';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { amountInputProps } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useSaveAddOn } from '../api/add-ons';
import { validateShipping } from './RewardFormDialog';
import { ShippingRulesField } from './ShippingRulesField';

interface AddOnFormValues {
  title: string;
  description: string;
  price: number | string;
  /** The late pledges' price of one (DESIGN.md §16); empty: the price. */
  late_price: number | string;
  quantity_available: number | string;
  available_with: string[];
  /** An add-on ships anywhere its rules price (per item), or not at all. */
  shipping_type: 'none' | 'international';
  shipping_rules: { country: string; cost: number | string }[];
}

function initialValues(addOn: AddOn | null): AddOnFormValues {
  return {
    title: addOn?.title ?? '',
    description: addOn?.description ?? '',
    price: addOn?.price ?? '',
    late_price: addOn?.late_price ?? '',
    quantity_available: addOn?.quantity_available ?? '',
    available_with: (addOn?.available_with ?? []).map(String),
    shipping_type: addOn && addOn.shipping_rules.length > 0 ? 'international' : 'none',
    shipping_rules: addOn?.shipping_rules ?? [],
  };
}

/** The API's rules (addOnRequest), checked before sending, with its messages. */
function validateAddOn(values: AddOnFormValues, currency: string) {
  const errors: Record<string, string> = {};
  const title = values.title.trim();
  if (!title) errors.title = REWARD_MESSAGES.titleRequired;
  else if (title.length > REWARD_TITLE_MAX) errors.title = REWARD_MESSAGES.titleLength;
  if (values.description.trim().length > REWARD_DESCRIPTION_MAX)
    errors.description = REWARD_MESSAGES.descriptionLength;
  if (values.late_price !== '' && Number(values.late_price) < MIN_PLEDGE_DOLLARS)
    errors.late_price = LATE_PLEDGE_MESSAGES.priceTooLow;
  else if (values.late_price !== '' && !hasValidDecimals(Number(values.late_price), currency))
    errors.late_price = CURRENCY_DECIMALS_MESSAGE;
  if (values.price === '') errors.price = ADD_ON_MESSAGES.priceRequired;
  else if (Number(values.price) < MIN_PLEDGE_DOLLARS) errors.price = ADD_ON_MESSAGES.priceTooLow;
  else if (!hasValidDecimals(Number(values.price), currency)) errors.price = CURRENCY_DECIMALS_MESSAGE;
  if (values.quantity_available !== '' && Number(values.quantity_available) < 1)
    errors.quantity_available = REWARD_MESSAGES.quantityMin;
  return { ...errors, ...validateShipping(values, currency) };
}

function toRequest(values: AddOnFormValues): AddOnRequest {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    late_price: values.late_price === '' ? null : Number(values.late_price),
    quantity_available: values.quantity_available === '' ? null : Number(values.quantity_available),
    available_with: values.available_with.map(Number),
    shipping_rules:
      values.shipping_type === 'none'
        ? []
        : values.shipping_rules.map((rule) => ({
            country: rule.country as AddOnRequest['shipping_rules'][number]['country'],
            cost: Number(rule.cost),
          })),
  };
}

/** Create (no `addOn`) and Edit add-on dialogs (DESIGN.md §16), beside the rewards' own. */
export function AddOnFormDialog({
  projectId,
  currency,
  rewards,
  opened,
  addOn,
  onClose,
}: {
  projectId: number;
  currency: string;
  rewards: Reward[];
  opened: boolean;
  addOn: AddOn | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700}>
          {i18n.t(addOn ? 'backing.addOnForm.editTitle' : 'backing.addOnForm.createTitle')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': i18n.t('backing.dialog.close') }}
      centered
      radius="lg"
      size="lg"
    >
      <AddOnForm
        projectId={projectId}
        currency={currency}
        rewards={rewards}
        addOn={addOn}
        onClose={onClose}
      />
    </Modal>
  );
}

function AddOnForm({
  projectId,
  currency,
  rewards,
  addOn,
  onClose,
}: {
  projectId: number;
  currency: string;
  rewards: Reward[];
  addOn: AddOn | null;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const named = { currency, decimals: exponent(currency) };
  const save = useSaveAddOn(projectId);
  const [problem, setProblem] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const imageChanged = image !== null || removeImage;
  const form = useForm<AddOnFormValues>({
    initialValues: initialValues(addOn),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateAddOn(values, currency)).map(([path, key]) => [path, i18n.t(key, named)]),
      ),
  });

  const submit = form.onSubmit((values) => {
    setProblem(null);
    save.mutate(
      { addOnId: addOn?.id, body: toRequest(values), image: image ?? (removeImage ? 'remove' : null) },
      {
        onSuccess: ({ imageError }) => {
          notify.success(i18n.t(addOn ? 'backing.addOnForm.updated' : 'backing.addOnForm.created'));
          if (imageError) {
            notify.error(
              i18n.t('backing.addOnForm.imageFailed', {
                message: serverMessage(imageError) ?? i18n.t('backing.addOnForm.saveFailed'),
              }),
            );
          }
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else setProblem(serverMessage(error) ?? i18n.t('backing.addOnForm.saveFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={i18n.t('backing.addOnForm.titleLabel')}
          withAsterisk
          maxLength={REWARD_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={i18n.t('backing.addOnForm.descriptionLabel')}
          autosize
          minRows={2}
          maxLength={REWARD_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={i18n.t('backing.addOnForm.priceLabel')}
            withAsterisk
            min={MIN_PLEDGE_DOLLARS}
            {...amountInputProps(i18n, currency)}
            allowNegative={false}
            hideControls
            {...form.getInputProps('price')}
          />
          <NumberInput
            label={i18n.t('backing.rewardForm.quantityLabel')}
            description={i18n.t('backing.rewardForm.quantityDescription')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('quantity_available')}
          />
        </Group>
        <NumberInput
          label={i18n.t('backing.late.priceLabel')}
          description={i18n.t('backing.late.priceDescription')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={MIN_PLEDGE_DOLLARS}
          {...amountInputProps(i18n, currency)}
          allowNegative={false}
          hideControls
          {...form.getInputProps('late_price')}
        />
        <MultiSelect
          label={i18n.t('backing.addOnForm.withLabel')}
          description={i18n.t('backing.addOnForm.withDescription')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={rewards.map((reward) => ({ value: String(reward.id), label: reward.title }))}
          comboboxProps={{ withinPortal: true }}
          clearable
          {...form.getInputProps('available_with')}
        />
        <Select
          label={i18n.t('backing.addOnForm.shippingLabel')}
          data={[
            { value: 'none', label: i18n.t('backing.rewardForm.shippingNone') },
            { value: 'international', label: i18n.t('backing.addOnForm.shipsPerItem') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('shipping_type')}
          onChange={(next) => {
            const type = next === 'international' ? 'international' : 'none';
            form.setFieldValue('shipping_type', type);
            form.setFieldValue(
              'shipping_rules',
              type === 'none'
                ? []
                : form.getValues().shipping_rules.length > 0
                  ? form.getValues().shipping_rules
                  : [{ country: 'US', cost: '' }],
            );
          }}
        />
        <ShippingRulesField form={form} currency={currency} />
        <FileInput
          label={i18n.t('backing.addOnForm.imageLabel')}
          description={i18n.t('backing.addOnForm.imageDescription')}
          placeholder={i18n.t('backing.addOnForm.imagePlaceholder')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          accept="image/jpeg,image/png,image/gif"
          clearable
          value={image}
          onChange={(file) => {
            setImage(file);
            if (file) setRemoveImage(false);
          }}
        />
        {addOn?.image_url && !image && (
          <Group gap="sm" wrap="nowrap">
            <img
              src={addOn.image_url}
              alt=""
              width={48}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 6 }}
            />
            <Checkbox
              label={i18n.t('backing.addOnForm.removeImage')}
              checked={removeImage}
              onChange={(event) => setRemoveImage(event.currentTarget.checked)}
            />
          </Group>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {i18n.t('backing.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={addOn !== null && !form.isDirty() && !imageChanged}
          >
            {i18n.t(addOn ? 'backing.addOnForm.update' : 'backing.addOnForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
