import { Checkbox, NumberInput, Progress, Radio, Select, TextInput } from '@mantine/core';
import { Group, Paper, SimpleGrid, Stack, Text } from '@/components/primitives/primitives';
import { Button, type ButtonProps } from '@/components/primitives/buttons';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceFloppy, IconEye, IconSend } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from '@/lib/router';
import {
  type Category,
  exponent,
  INSTALMENT_COUNT,
  isShippedLocale,
  LOCALE_NAMES,
  type Project,
  PROJECT_MESSAGES,
  todayUtc,
  type Translator,
} from '@fundry/shared';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { useI18n } from '@/lib/i18n';
import { amountInputProps, currencyName } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useSiteConfig } from '@/lib/site-config';
import { type SaveTarget, useSaveProject } from '@/features/projects/api/project-actions';
import { MediaField, previewSource } from './MediaFields';
import { PreviewDialog } from './PreviewDialog';
import { RichTextField } from '@/components/projects/RichTextField';
import {
  imageFileProblem,
  imageUrlProblem,
  initialValues,
  type PickedFile,
  type ProjectFormValues,
  toFormData,
  validateProject,
  videoFileProblem,
  videoUrlProblem,
} from './values';

/** New project, a draft being edited, or a submitted project being edited. */
export type FormMode = 'create' | 'draft' | 'edit';
type Intent = 'draft' | 'submit';

const uploadedPath = (path: string | null | undefined) => (path?.startsWith('/uploads/') ? path : null);

/** A picked file with its preview address, or the reason it cannot be used. */
function pickFile(file: File, problemOf: (file: File) => string | null, failedMessage: string): PickedFile {
  const problem = problemOf(file);
  if (problem) return { file, previewUrl: null, problem };
  try {
    return { file, previewUrl: URL.createObjectURL(file), problem: null };
  } catch {
    notify.error(failedMessage);
    return { file, previewUrl: null, problem: null };
  }
}

/** Releases a picked file's preview address once it is replaced or the form closes. */
function useReleasePreview(pick: PickedFile | null) {
  useEffect(() => {
    const url = pick?.previewUrl;
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [pick]);
}

/** The reader's digit-group and decimal marks, so that an amount is typed as they write numbers. */
function numberMarks(i18n: Translator) {
  const sample = i18n.number(1234567.5, { minimumFractionDigits: 1 });
  return { thousand: sample.charAt(1), decimal: sample.charAt(sample.length - 2) };
}

/** The project's currency choices: the offered ones, and the project's own when it is no longer offered. */
function currencyOptions(i18n: Translator, offered: readonly string[], current: string | null) {
  const values = !current || offered.includes(current) ? offered : [...offered, current];
  return values.map((value) => ({ value, label: `${currencyName(i18n, value)} (${value})` }));
}

function focusFirstError() {
  window.setTimeout(() => {
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, 0);
}

/**
 * The languages a project can be written in: the installation's, each named in itself, and the project's own
 * when it is another (named in the reader's language).
 */
function languageOptions(i18n: Translator, offered: readonly string[], current: string) {
  const names = new Intl.DisplayNames([i18n.locale], { type: 'language' });
  const values = offered.includes(current) || !current ? offered : [...offered, current];
  return values.map((value) => ({
    value,
    label: isShippedLocale(value) ? LOCALE_NAMES[value] : (names.of(value) ?? value),
  }));
}

export function ProjectForm({
  mode,
  project,
  categories,
  categoriesLoading,
}: {
  mode: FormMode;
  project?: Project;
  categories: Category[];
  categoriesLoading: boolean;
}) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const save = useSaveProject(setProgress);
  const [intent, setIntent] = useState<Intent | null>(null);
  const [image, setImage] = useState<PickedFile | null>(null);
  const [video, setVideo] = useState<PickedFile | null>(null);
  const [previewOpened, previewDialog] = useDisclosure(false);
  useReleasePreview(image);
  useReleasePreview(video);
  const { user } = useSession();
  const config = useSiteConfig().data;
  const offeredLocales = config?.locales ?? [];
  const offeredCurrencies = config?.currencies ?? [];
  const form = useForm<ProjectFormValues>({
    initialValues: initialValues(project, user?.locale ?? i18n.locale),
  });
  const values = form.getValues();

  // Drafts need only a title, so their required stars are hidden (SPEC §2); the title always has one.
  const showStars = mode !== 'draft';
  // A live campaign's goal, start date and funding model are locked (DESIGN.md §5).
  const live = project?.status === 'ACTIVE';
  const resubmit = project?.status === 'REJECTED';
  // The amounts backers pledged are in the project's currency: it cannot change under them (DESIGN.md §15).
  const currencyLocked = (project?.backers_count ?? 0) > 0;
  const currency = values.currency || offeredCurrencies[0] || null;
  const today = todayUtc();
  const existingImage = uploadedPath(project?.image_url);
  const existingVideo = uploadedPath(project?.video_url);

  const pickImage = (file: File | null) => {
    if (!file) return;
    const picked = pickFile(file, imageFileProblem, i18n.t('projects.form.imageFailed'));
    setImage(picked);
    form.setFieldError('image', picked.problem && i18n.t(picked.problem));
  };
  const pickVideo = (file: File | null) => {
    if (!file) return;
    const picked = pickFile(file, videoFileProblem, i18n.t('projects.form.videoFailed'));
    // A video over the limit is refused at once, before anyone waits for an upload (SPEC §5).
    if (picked.problem === PROJECT_MESSAGES.videoSize) notify.error(i18n.t(PROJECT_MESSAGES.videoSize));
    setVideo(picked);
    form.setFieldError('video', picked.problem && i18n.t(picked.problem));
  };

  const submit = (next: Intent) => {
    const current = form.getValues();
    const errors = validateProject(current, {
      draft: next === 'draft',
      live,
      today,
      image,
      video,
      currency,
    });
    // The decimals' message names the currency and how many it has.
    const named = currency ? { currency, decimals: exponent(currency) } : undefined;
    form.setErrors(
      Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, i18n.t(message, named)])),
    );
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    const target: SaveTarget =
      mode === 'create'
        ? { kind: next === 'draft' ? 'draft' : 'create' }
        : { kind: 'update', id: project?.id ?? 0 };
    // A project rejected in review goes back to the queue when its creator saves the fixes.
    const status =
      mode === 'edit' ? (resubmit ? 'PENDING' : undefined) : next === 'draft' ? 'DRAFT' : 'PENDING';
    setIntent(next);
    save.mutate(
      {
        target,
        body: toFormData(current, {
          status,
          image,
          video,
          currencyChanged: current.currency !== '' && current.currency !== project?.currency,
        }),
      },
      {
        onSuccess: (response) => {
          if (mode === 'edit') {
            notify.success(i18n.t('projects.form.updated'));
            void navigate(`/projects/${response.data.id}`);
          } else if (next === 'draft') {
            notify.success(i18n.t('projects.form.draftSaved'));
            void navigate('/my-projects?tab=drafts');
          } else {
            notify.success(i18n.t('projects.form.created'));
            void navigate('/my-projects');
          }
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusFirstError();
          const message = serverMessage(error) ?? i18n.t('projects.form.operationFailed');
          notify.error(
            i18n.t(target.kind === 'update' ? 'projects.form.updateFailed' : 'projects.form.createFailed', {
              message,
            }),
          );
        },
      },
    );
  };

  const categoryName =
    categories.find((category) => String(category.id) === values.category_id)?.name ?? null;
  const pending = save.isPending;
  const marks = numberMarks(i18n);
  const button = (label: string, next: Intent, variant: ButtonProps['variant'], icon: ReactNode) => (
    <Button
      variant={variant}
      leftSection={icon}
      loading={pending && intent === next}
      disabled={pending && intent !== next}
      onClick={() => submit(next)}
    >
      {label}
    </Button>
  );
  const previewButton = (
    <Button
      variant="light"
      color="gray"
      leftSection={<IconEye size={18} />}
      disabled={pending}
      onClick={previewDialog.open}
    >
      {i18n.t(mode === 'edit' ? 'projects.form.previewChanges' : 'projects.form.preview')}
    </Button>
  );

  return (
    <form
      noValidate
      aria-label={i18n.t('projects.form.label')}
      onSubmit={(event) => {
        // Enter in a text field must not send a half-written project anywhere.
        event.preventDefault();
      }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <Text fw={700} fz="lg">
              {i18n.t('projects.form.basics')}
            </Text>
            <TextInput
              label={i18n.t('projects.form.title')}
              withAsterisk
              placeholder={i18n.t('projects.form.titlePlaceholder')}
              maxLength={200}
              {...form.getInputProps('title')}
            />
            <Select
              label={i18n.t('projects.form.language')}
              description={i18n.t('projects.form.languageHint')}
              data={languageOptions(i18n, offeredLocales, values.language)}
              allowDeselect={false}
              {...form.getInputProps('language')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={i18n.t('projects.form.category')}
                withAsterisk={showStars}
                placeholder={i18n.t(
                  categoriesLoading ? 'projects.form.categoriesLoading' : 'projects.form.categoryPlaceholder',
                )}
                data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
                searchable
                nothingFoundMessage={i18n.t('projects.form.noCategory')}
                {...form.getInputProps('category_id')}
              />
              {(offeredCurrencies.length > 1 || (project && project.currency !== currency)) && (
                <Select
                  label={i18n.t('projects.form.currency')}
                  description={i18n.t(
                    currencyLocked ? 'projects.form.currencyLocked' : 'projects.form.currencyHint',
                  )}
                  data={currencyOptions(i18n, offeredCurrencies, currency)}
                  allowDeselect={false}
                  disabled={currencyLocked}
                  value={currency}
                  onChange={(value) => value && form.setFieldValue('currency', value)}
                  error={form.errors.currency}
                />
              )}
              <NumberInput
                label={i18n.t('projects.form.goal')}
                withAsterisk={showStars}
                placeholder={i18n.number(5000)}
                min={1}
                {...(currency ? amountInputProps(i18n, currency) : {})}
                thousandSeparator={marks.thousand}
                decimalSeparator={marks.decimal}
                allowNegative={false}
                hideControls
                disabled={live}
                description={live ? i18n.t('projects.form.goalLocked') : undefined}
                {...form.getInputProps('goal_amount')}
              />
              <TextInput
                type="date"
                label={i18n.t('projects.form.startDate')}
                withAsterisk={showStars}
                min={live ? undefined : today}
                disabled={live}
                {...form.getInputProps('start_date')}
              />
              <TextInput
                type="date"
                label={i18n.t('projects.form.endDate')}
                withAsterisk={showStars}
                min={values.start_date || today}
                description={i18n.t('projects.form.endDateHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('end_date')}
              />
            </SimpleGrid>
            <Radio.Group
              label={i18n.t('projects.form.fundingModel')}
              description={live ? i18n.t('projects.form.fundingModelLocked') : undefined}
              {...form.getInputProps('funding_model')}
            >
              <Stack gap="xs" mt={8}>
                <Radio
                  value="all_or_nothing"
                  disabled={live}
                  label={i18n.t('projects.form.allOrNothing')}
                  description={i18n.t('projects.form.allOrNothingHint')}
                />
                <Radio
                  value="flexible"
                  disabled={live}
                  label={i18n.t('projects.form.flexible')}
                  description={i18n.t('projects.form.flexibleHint')}
                />
              </Stack>
            </Radio.Group>
            <Checkbox
              label={i18n.t('projects.form.pledgeOverTime', { count: INSTALMENT_COUNT })}
              description={i18n.t(
                live ? 'projects.form.pledgeOverTimeLocked' : 'projects.form.pledgeOverTimeHint',
                { count: INSTALMENT_COUNT },
              )}
              disabled={live || values.funding_model !== 'all_or_nothing'}
              {...form.getInputProps('pledge_over_time', { type: 'checkbox' })}
              checked={values.pledge_over_time && values.funding_model === 'all_or_nothing'}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="lg">
            <RichTextField
              label={i18n.t('projects.form.description')}
              required={showStars}
              placeholder={i18n.t('projects.form.descriptionPlaceholder')}
              initialValue={values.description}
              onChange={(html) => form.setFieldValue('description', html)}
              error={form.errors.description as string | undefined}
            />
            <RichTextField
              label={i18n.t('projects.form.risks')}
              required={showStars}
              placeholder={i18n.t('projects.form.risksPlaceholder')}
              initialValue={values.risk_and_challenges}
              onChange={(html) => form.setFieldValue('risk_and_challenges', html)}
              error={form.errors.risk_and_challenges as string | undefined}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <MediaField
              kind="image"
              form={form}
              pick={image}
              onPick={pickImage}
              existingUpload={existingImage}
            />
            <MediaField
              kind="video"
              form={form}
              pick={video}
              onPick={pickVideo}
              existingUpload={existingVideo}
            />
          </SimpleGrid>
        </Paper>

        <Checkbox
          label={i18n.t('projects.form.featureRequest')}
          {...form.getInputProps('featured', { type: 'checkbox' })}
        />

        {pending && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {progress < 100
                ? i18n.t('projects.form.uploading', { progress })
                : i18n.t('projects.form.processing')}
            </Text>
            <Progress value={progress} animated striped aria-label={i18n.t('projects.form.uploadProgress')} />
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          {mode === 'create' && (
            <>
              {button(i18n.t('projects.form.saveDraft'), 'draft', 'default', <IconDeviceFloppy size={18} />)}
              {previewButton}
              {button(i18n.t('projects.form.create'), 'submit', 'filled', <IconSend size={18} />)}
            </>
          )}
          {mode === 'draft' && (
            <>
              {button(
                i18n.t('projects.form.updateDraft'),
                'draft',
                'default',
                <IconDeviceFloppy size={18} />,
              )}
              {previewButton}
              {button(i18n.t('projects.form.create'), 'submit', 'filled', <IconSend size={18} />)}
            </>
          )}
          {mode === 'edit' && (
            <>
              {previewButton}
              {resubmit
                ? button(i18n.t('projects.form.resubmit'), 'submit', 'filled', <IconSend size={18} />)
                : button(i18n.t('projects.form.update'), 'submit', 'filled', <IconDeviceFloppy size={18} />)}
            </>
          )}
        </Group>
      </Stack>

      <PreviewDialog
        opened={previewOpened}
        onClose={previewDialog.close}
        values={values}
        currency={currency}
        categoryName={categoryName}
        media={{
          image: previewSource(values.imageType, image, values.image_url, existingImage, imageUrlProblem),
          video: previewSource(values.videoType, video, values.video_url, existingVideo, videoUrlProblem),
        }}
      />
    </form>
  );
}
