import { FileButton, Input, Radio, TextInput } from '@mantine/core';
import { Group, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mediaUrl, PROJECT_MESSAGES } from '@fundry/shared';
import { useI18n } from '@/lib/i18n';
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
  const i18n = useI18n();
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
          {pick ? pick.file.name : hasExisting ? i18n.t('projects.mediaField.keepCurrent') : hint}
        </Text>
      </Group>
      {error && <Input.Error role="alert">{error}</Input.Error>}
    </Stack>
  );
}

type MediaKind = 'image' | 'video';

/**
 * Everything that differs between the image and the video fields (its texts as catalog keys); the fields
 * themselves are one component.
 */
const MEDIA_KINDS = {
  image: {
    typeField: 'imageType',
    urlField: 'image_url',
    fileError: 'image',
    label: 'projects.mediaField.imageLabel',
    fileLabel: 'projects.mediaField.imageUpload',
    urlLabel: 'projects.mediaField.imageUrl',
    accept: IMAGE_TYPES,
    inputLabel: 'projects.mediaField.imageInput',
    buttonLabel: 'projects.mediaField.imageChoose',
    icon: <IconPhoto size={16} />,
    hint: 'projects.mediaField.imageHint',
    placeholder: 'https://images.unsplash.com/photo.jpg',
    description: 'projects.mediaField.imageUrlHint',
    urlProblem: imageUrlProblem,
    /** Every problem with an image address is also said in a toast, in SPEC's words. */
    toastFor: (): string | null => PROJECT_MESSAGES.imageUrl,
  },
  video: {
    typeField: 'videoType',
    urlField: 'video_url',
    fileError: 'video',
    label: 'projects.mediaField.videoLabel',
    fileLabel: 'projects.mediaField.videoUpload',
    urlLabel: 'projects.mediaField.videoUrl',
    accept: VIDEO_TYPES,
    inputLabel: 'projects.mediaField.videoInput',
    buttonLabel: 'projects.mediaField.videoChoose',
    icon: <IconVideo size={16} />,
    hint: 'projects.mediaField.videoHint',
    placeholder: 'https://www.youtube.com/watch?v=…',
    description: 'projects.mediaField.videoUrlHint',
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
  const i18n = useI18n();
  const media = MEDIA_KINDS[kind];
  const values = form.getValues();
  const checkUrl = () => {
    const problem = media.urlProblem(form.getValues()[media.urlField]);
    if (!problem) return;
    form.setFieldError(media.urlField, i18n.t(problem));
    const toast = media.toastFor(problem);
    if (toast) notify.error(i18n.t(toast));
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
        label={i18n.t(media.label)}
        fileLabel={i18n.t(media.fileLabel)}
        urlLabel={i18n.t(media.urlLabel)}
        disabled={disabled}
      />
      {values[media.typeField] === 'file' ? (
        <FileChooser
          accept={media.accept}
          inputLabel={i18n.t(media.inputLabel)}
          buttonLabel={i18n.t(media.buttonLabel)}
          icon={media.icon}
          hint={i18n.t(media.hint)}
          pick={pick}
          hasExisting={Boolean(existingUpload)}
          error={form.errors[media.fileError]}
          onPick={onPick}
          disabled={disabled}
        />
      ) : (
        <TextInput
          label={i18n.t(media.urlLabel)}
          type="url"
          placeholder={media.placeholder}
          description={i18n.t(media.description)}
          disabled={disabled}
          {...form.getInputProps(media.urlField)}
          onBlur={checkUrl}
        />
      )}
      {preview && <MediaPreview kind={kind} src={preview.src} path={preview.path} />}
    </Stack>
  );
}
