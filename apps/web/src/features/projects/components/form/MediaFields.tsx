import { Button, FileButton, Group, Input, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mediaUrl, PROJECT_MESSAGES } from '@fundry/shared';
import { notify } from '@/lib/notify';
import { MediaPreview } from './MediaPreview';
import {
  IMAGE_TYPES,
  imageUrlProblem,
  type MediaType,
  type PickedFile,
  type ProjectFormValues,
  VIDEO_TYPES,
  videoUrlProblem,
} from './values';

type Form = UseFormReturnType<ProjectFormValues>;

export type PickFile = (file: File | null) => void;

/** What the media preview shows: a picked file, a typed address, or the media the project already has. */
export function previewSource(
  type: MediaType,
  pick: PickedFile | null,
  url: string,
  existingUpload: string | null,
  urlProblem: (value: string) => string | null,
): { src: string; path: string } | null {
  if (type === 'file') {
    if (pick) return pick.previewUrl ? { src: pick.previewUrl, path: pick.file.name } : null;
    const existing = mediaUrl(existingUpload);
    return existing ? { src: existing, path: existingUpload ?? existing } : null;
  }
  const address = url.trim();
  return address && !urlProblem(address) ? { src: address, path: address } : null;
}

function MediaTypeChoice({
  form,
  field,
  label,
  fileLabel,
  urlLabel,
  disabled,
}: {
  form: Form;
  field: 'imageType' | 'videoType';
  label: string;
  fileLabel: string;
  urlLabel: string;
  disabled?: boolean;
}) {
  return (
    <Radio.Group
      label={label}
      value={form.getValues()[field]}
      onChange={(value) => form.setFieldValue(field, value)}
    >
      <Group mt={6} gap="lg">
        <Radio value="file" label={fileLabel} disabled={disabled} />
        <Radio value="url" label={urlLabel} disabled={disabled} />
      </Group>
    </Radio.Group>
  );
}

function FileChooser({
  accept,
  inputLabel,
  buttonLabel,
  icon,
  hint,
  pick,
  hasExisting,
  error,
  onPick,
  disabled,
}: {
  accept: readonly string[];
  inputLabel: string;
  buttonLabel: string;
  icon: ReactNode;
  hint: string;
  pick: PickedFile | null;
  hasExisting: boolean;
  error: ReactNode;
  onPick: PickFile;
  disabled?: boolean;
}) {
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <FileButton
          onChange={onPick}
          accept={accept.join(',')}
          disabled={disabled}
          inputProps={{ 'aria-label': inputLabel }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={icon} disabled={disabled}>
              {buttonLabel}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {pick ? pick.file.name : hasExisting ? 'The current file is kept unless you choose another' : hint}
        </Text>
      </Group>
      {error && <Input.Error role="alert">{error}</Input.Error>}
    </Stack>
  );
}

export function ImageField({
  form,
  pick,
  onPick,
  existingUpload,
  disabled,
}: {
  form: Form;
  pick: PickedFile | null;
  onPick: PickFile;
  existingUpload: string | null;
  disabled?: boolean;
}) {
  const values = form.getValues();
  const checkUrl = () => {
    const problem = imageUrlProblem(form.getValues().image_url);
    if (!problem) return;
    form.setFieldError('image_url', problem);
    notify.error(PROJECT_MESSAGES.imageUrl);
  };
  const preview = previewSource(values.imageType, pick, values.image_url, existingUpload, imageUrlProblem);
  return (
    <Stack gap="sm">
      <MediaTypeChoice
        form={form}
        field="imageType"
        label="Project Image"
        fileLabel="Upload Image"
        urlLabel="Image URL"
        disabled={disabled}
      />
      {values.imageType === 'file' ? (
        <FileChooser
          accept={IMAGE_TYPES}
          inputLabel="Upload project image"
          buttonLabel="Choose image"
          icon={<IconPhoto size={16} />}
          hint="JPEG, PNG or GIF, under 5 MB"
          pick={pick}
          hasExisting={Boolean(existingUpload)}
          error={form.errors.image}
          onPick={onPick}
          disabled={disabled}
        />
      ) : (
        <TextInput
          label="Image URL"
          type="url"
          placeholder="https://images.unsplash.com/photo.jpg"
          description="A .jpg, .jpeg, .png, .gif, .webp or .bmp address, or an Unsplash, Imgur or Cloudinary link"
          disabled={disabled}
          {...form.getInputProps('image_url')}
          onBlur={checkUrl}
        />
      )}
      {preview && <MediaPreview kind="image" src={preview.src} path={preview.path} />}
    </Stack>
  );
}

export function VideoField({
  form,
  pick,
  onPick,
  existingUpload,
  disabled,
}: {
  form: Form;
  pick: PickedFile | null;
  onPick: PickFile;
  existingUpload: string | null;
  disabled?: boolean;
}) {
  const values = form.getValues();
  const checkUrl = () => {
    const problem = videoUrlProblem(form.getValues().video_url);
    if (!problem) return;
    form.setFieldError('video_url', problem);
    if (problem === PROJECT_MESSAGES.videoHost) notify.error(PROJECT_MESSAGES.videoHost);
  };
  const preview = previewSource(values.videoType, pick, values.video_url, existingUpload, videoUrlProblem);
  return (
    <Stack gap="sm">
      <MediaTypeChoice
        form={form}
        field="videoType"
        label="Project Video"
        fileLabel="Upload Video"
        urlLabel="Video URL"
        disabled={disabled}
      />
      {values.videoType === 'file' ? (
        <FileChooser
          accept={VIDEO_TYPES}
          inputLabel="Upload project video"
          buttonLabel="Choose video"
          icon={<IconVideo size={16} />}
          hint="MP4, WebM or OGG, under 100 MB"
          pick={pick}
          hasExisting={Boolean(existingUpload)}
          error={form.errors.video}
          onPick={onPick}
          disabled={disabled}
        />
      ) : (
        <TextInput
          label="Video URL"
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          description="A YouTube or Vimeo link"
          disabled={disabled}
          {...form.getInputProps('video_url')}
          onBlur={checkUrl}
        />
      )}
      {preview && <MediaPreview kind="video" src={preview.src} path={preview.path} />}
    </Stack>
  );
}
