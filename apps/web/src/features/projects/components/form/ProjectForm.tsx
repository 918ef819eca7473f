import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceFloppy, IconEye, IconSend } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Category, type Project, PROJECT_MESSAGES, todayUtc } from '@fundry/shared';
import { fieldErrors, serverMessage } from '@/lib/api-errors';
import { notify } from '@/lib/notify';
import { type SaveTarget, useSaveProject } from '@/features/projects/api/projects';
import { PROJECT_PAGE_MESSAGES } from '@/features/projects/messages';
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

function focusFirstError() {
  window.setTimeout(() => {
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, 0);
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
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const save = useSaveProject(setProgress);
  const [intent, setIntent] = useState<Intent | null>(null);
  const [image, setImage] = useState<PickedFile | null>(null);
  const [video, setVideo] = useState<PickedFile | null>(null);
  const [previewOpened, previewDialog] = useDisclosure(false);
  useReleasePreview(image);
  useReleasePreview(video);
  const form = useForm<ProjectFormValues>({ initialValues: initialValues(project) });
  const values = form.getValues();

  // Drafts need only a title, so their required stars are hidden (SPEC §2); the title always has one.
  const showStars = mode !== 'draft';
  // A live campaign's goal, start date and funding model are locked (DESIGN.md §5).
  const live = project?.status === 'ACTIVE';
  const resubmit = project?.status === 'REJECTED';
  const today = todayUtc();
  const existingImage = uploadedPath(project?.image_url);
  const existingVideo = uploadedPath(project?.video_url);

  const pickImage = (file: File | null) => {
    if (!file) return;
    const picked = pickFile(file, imageFileProblem, PROJECT_PAGE_MESSAGES.imageFailed);
    setImage(picked);
    form.setFieldError('image', picked.problem);
  };
  const pickVideo = (file: File | null) => {
    if (!file) return;
    const picked = pickFile(file, videoFileProblem, PROJECT_PAGE_MESSAGES.videoFailed);
    // A video over the limit is refused at once, before anyone waits for an upload (SPEC §5).
    if (picked.problem === PROJECT_MESSAGES.videoSize) notify.error(PROJECT_MESSAGES.videoSize);
    setVideo(picked);
    form.setFieldError('video', picked.problem);
  };

  const submit = (next: Intent) => {
    const current = form.getValues();
    const errors = validateProject(current, { draft: next === 'draft', live, today, image, video });
    form.setErrors(errors);
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
      { target, body: toFormData(current, { status, image, video }) },
      {
        onSuccess: (response) => {
          if (mode === 'edit') {
            notify.success(PROJECT_PAGE_MESSAGES.updated);
            void navigate(`/projects/${response.data.id}`);
          } else if (next === 'draft') {
            notify.success(PROJECT_PAGE_MESSAGES.draftSaved);
            void navigate('/my-projects?tab=drafts');
          } else {
            notify.success(PROJECT_PAGE_MESSAGES.created);
            void navigate('/my-projects');
          }
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusFirstError();
          const message = serverMessage(error) ?? PROJECT_PAGE_MESSAGES.operationFailed;
          notify.error(
            target.kind === 'update'
              ? PROJECT_PAGE_MESSAGES.updateFailed(message)
              : PROJECT_PAGE_MESSAGES.createFailed(message),
          );
        },
      },
    );
  };

  const categoryName =
    categories.find((category) => String(category.id) === values.category_id)?.name ?? null;
  const pending = save.isPending;
  const button = (label: string, next: Intent, variant: string, icon: ReactNode) => (
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
      {mode === 'edit' ? 'Preview Changes' : 'Preview'}
    </Button>
  );

  return (
    <form
      noValidate
      aria-label="Project form"
      onSubmit={(event) => {
        // Enter in a text field must not send a half-written project anywhere.
        event.preventDefault();
      }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="md">
            <Text fw={700} fz="lg">
              Basics
            </Text>
            <TextInput
              label="Project Title"
              withAsterisk
              placeholder="Give your project a clear, memorable name"
              maxLength={200}
              {...form.getInputProps('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Category"
                withAsterisk={showStars}
                placeholder={categoriesLoading ? 'Loading categories…' : 'Select a category'}
                data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
                searchable
                nothingFoundMessage="No such category"
                {...form.getInputProps('category_id')}
              />
              <NumberInput
                label="Funding Goal ($)"
                withAsterisk={showStars}
                placeholder="5,000"
                min={1}
                decimalScale={2}
                thousandSeparator=","
                allowNegative={false}
                hideControls
                disabled={live}
                description={live ? 'The goal cannot change once the campaign is live' : undefined}
                {...form.getInputProps('goal_amount')}
              />
              <TextInput
                type="date"
                label="Start Date"
                withAsterisk={showStars}
                min={live ? undefined : today}
                disabled={live}
                {...form.getInputProps('start_date')}
              />
              <TextInput
                type="date"
                label="End Date"
                withAsterisk={showStars}
                min={values.start_date || today}
                description="A campaign lasts at most 90 days"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('end_date')}
              />
            </SimpleGrid>
            <Radio.Group
              label="Funding Model"
              description={live ? 'The funding model cannot change once the campaign is live' : undefined}
              {...form.getInputProps('funding_model')}
            >
              <Stack gap="xs" mt={8}>
                <Radio
                  value="all_or_nothing"
                  disabled={live}
                  label="All or nothing"
                  description="Backers are charged only if the goal is reached by the end date."
                />
                <Radio
                  value="flexible"
                  disabled={live}
                  label="Flexible"
                  description="Keep whatever you raise, even if the goal is not reached."
                />
              </Stack>
            </Radio.Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Stack gap="lg">
            <RichTextField
              label="Project Description"
              required={showStars}
              placeholder="What are you making, why does it matter, and how will the money be spent?"
              initialValue={values.description}
              onChange={(html) => form.setFieldValue('description', html)}
              error={form.errors.description as string | undefined}
            />
            <RichTextField
              label="Risks and Challenges"
              required={showStars}
              placeholder="What could go wrong, and how will you handle it?"
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
          label="Feature this project (admin will review)"
          {...form.getInputProps('featured', { type: 'checkbox' })}
        />

        {pending && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {progress < 100 ? `Uploading… ${progress}%` : 'Processing…'}
            </Text>
            <Progress value={progress} animated striped aria-label="Upload progress" />
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          {mode === 'create' && (
            <>
              {button('Save as Draft', 'draft', 'default', <IconDeviceFloppy size={18} />)}
              {previewButton}
              {button('Create Project', 'submit', 'filled', <IconSend size={18} />)}
            </>
          )}
          {mode === 'draft' && (
            <>
              {button('Update Draft', 'draft', 'default', <IconDeviceFloppy size={18} />)}
              {previewButton}
              {button('Create Project', 'submit', 'filled', <IconSend size={18} />)}
            </>
          )}
          {mode === 'edit' && (
            <>
              {previewButton}
              {resubmit
                ? button('Resubmit for Review', 'submit', 'filled', <IconSend size={18} />)
                : button('Update Project', 'submit', 'filled', <IconDeviceFloppy size={18} />)}
            </>
          )}
        </Group>
      </Stack>

      <PreviewDialog
        opened={previewOpened}
        onClose={previewDialog.close}
        values={values}
        categoryName={categoryName}
        media={{
          image: previewSource(values.imageType, image, values.image_url, existingImage, imageUrlProblem),
          video: previewSource(values.videoType, video, values.video_url, existingVideo, videoUrlProblem),
        }}
      />
    </form>
  );
}
