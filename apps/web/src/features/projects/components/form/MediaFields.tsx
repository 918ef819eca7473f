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

type MediaKind = 'image' | 'video';

/** Everything that differs between the image and the video fields; the fields themselves are one component. */
const MEDIA_KINDS = {
  image: {
    typeField: 'imageType',
    urlField: 'image_url',
    fileError: 'image',
    label: 'Project Image',
    fileLabel: 'Upload Image',
    urlLabel: 'Image URL',
    accept: IMAGE_TYPES,
    inputLabel: 'Upload project image',
    buttonLabel: 'Choose image',
    icon: <IconPhoto size={16} />,
    hint: 'JPEG, PNG or GIF, under 5 MB',
    placeholder: 'https://images.unsplash.com/photo.jpg',
    description: 'A .jpg, .jpeg, .png, .gif, .webp or .bmp address, or an Unsplash, Imgur or Cloudinary link',
    urlProblem: imageUrlProblem,
    /** Every problem with an image address is also said in a toast, in SPEC's words. */
    toastFor: (): string | null => PROJECT_MESSAGES.imageUrl,
  },
  video: {
    typeField: 'videoType',
    urlField: 'video_url',
    fileError: 'video',
    label: 'Project Video',
    fileLabel: 'Upload Video',
    urlLabel: 'Video URL',
    accept: VIDEO_TYPES,
    inputLabel: 'Upload project video',
    buttonLabel: 'Choose video',
    icon: <IconVideo size={16} />,
    hint: 'MP4, WebM or OGG, under 100 MB',
    placeholder: 'https://www.youtube.com/watch?v=…',
    description: 'A YouTube or Vimeo link',
    urlProblem: videoUrlProblem,
    /** Only an address on another host than YouTube or Vimeo is also said in a toast (SPEC). */
    toastFor: (problem: string): string | null => (problem === PROJECT_MESSAGES.videoHost ? problem : null),
  },
} as const;

export function MediaField({
  kind,
  form,
  pick,
  onPick,
  existingUpload,
  disabled,
}: {
  kind: MediaKind;
  form: Form;
  pick: PickedFile | null;
  onPick: PickFile;
  existingUpload: string | null;
  disabled?: boolean;
}) {
  const media = MEDIA_KINDS[kind];
  const values = form.getValues();
  const checkUrl = () => {
    const problem = media.urlProblem(form.getValues()[media.urlField]);
    if (!problem) return;
    form.setFieldError(media.urlField, problem);
    const toast = media.toastFor(problem);
    if (toast) notify.error(toast);
  };
  const preview = previewSource(
    values[media.typeField],
    pick,
    values[media.urlField],
    existingUpload,
    media.urlProblem,
  );
  return (
    <Stack gap="sm">
      <MediaTypeChoice
        form={form}
        field={media.typeField}
        label={media.label}
        fileLabel={media.fileLabel}
        urlLabel={media.urlLabel}
        disabled={disabled}
      />
      {values[media.typeField] === 'file' ? (
        <FileChooser
          accept={media.accept}
          inputLabel={media.inputLabel}
          buttonLabel={media.buttonLabel}
          icon={media.icon}
          hint={media.hint}
          pick={pick}
          hasExisting={Boolean(existingUpload)}
          error={form.errors[media.fileError]}
          onPick={onPick}
          disabled={disabled}
        />
      ) : (
        <TextInput
          label={media.urlLabel}
          type="url"
          placeholder={media.placeholder}
          description={media.description}
          disabled={disabled}
          {...form.getInputProps(media.urlField)}
          onBlur={checkUrl}
        />
      )}
      {preview && <MediaPreview kind={kind} src={preview.src} path={preview.path} />}
    </Stack>
  );
}
