import '@mantine/tiptap/styles.css';
import { Input, Popover, TextInput } from '@mantine/core';
import { Group, Stack } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { Link, RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import { IconIndentDecrease, IconIndentIncrease, IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type SyntheticEvent, useId, useMemo, useState } from 'react';
import type { Translator } from '@fundry/shared';
import { richTextClassName } from '@/components/projects/RichTextContent';
import { useI18n } from '@/lib/i18n';
import { Indent } from './indent';

/** Images in the editor come from a web address or inline data only (SPEC §5, editor rule). */
const IMAGE_SOURCE = /^(https?:\/\/\S+|data:image\/(png|jpe?g|gif|webp);base64,\S+)$/i;

/** The names of the toolbar's built-in controls and of its link editor, in the page's language. */
function editorLabels(i18n: Translator): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: i18n.t('common.editor.bold'),
    italicControlLabel: i18n.t('common.editor.italic'),
    underlineControlLabel: i18n.t('common.editor.underline'),
    strikeControlLabel: i18n.t('common.editor.strikethrough'),
    clearFormattingControlLabel: i18n.t('common.editor.clearFormatting'),
    h2ControlLabel: i18n.t('common.editor.heading2'),
    h3ControlLabel: i18n.t('common.editor.heading3'),
    blockquoteControlLabel: i18n.t('common.editor.blockquote'),
    bulletListControlLabel: i18n.t('common.editor.bulletList'),
    orderedListControlLabel: i18n.t('common.editor.orderedList'),
    linkControlLabel: i18n.t('common.editor.link'),
    unlinkControlLabel: i18n.t('common.editor.unlink'),
    undoControlLabel: i18n.t('common.editor.undo'),
    redoControlLabel: i18n.t('common.editor.redo'),
    linkEditorInputLabel: i18n.t('common.editor.linkAddress'),
    linkEditorInputPlaceholder: i18n.t('common.editor.linkPlaceholder'),
    linkEditorExternalLink: i18n.t('common.editor.linkNewTab'),
    linkEditorInternalLink: i18n.t('common.editor.linkSameTab'),
    linkEditorSave: i18n.t('common.actions.save'),
  };
}

function InsertImageControl() {
  const { editor } = useRichTextEditorContext();
  const i18n = useI18n();
  const [opened, setOpened] = useState(false);
  const [source, setSource] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setSource('');
    setError(null);
  };
  const insert = (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const src = source.trim();
    if (!IMAGE_SOURCE.test(src)) {
      setError(i18n.t('common.editor.imageSourceInvalid'));
      return;
    }
    editor?.chain().focus().setImage({ src }).run();
    close();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow trapFocus shadow="md">
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={i18n.t('common.editor.insertImage')}
          title={i18n.t('common.editor.insertImage')}
          onClick={() => setOpened((value) => !value)}
        >
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <TextInput
            label={i18n.t('common.editor.imageUrl')}
            placeholder={i18n.t('common.editor.imageUrlPlaceholder')}
            value={source}
            error={error}
            onChange={(event) => {
              setSource(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') insert(event);
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {i18n.t('common.actions.cancel')}
            </Button>
            <Button size="xs" onClick={insert}>
              {i18n.t('common.editor.insert')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function IndentControls() {
  const { editor } = useRichTextEditorContext();
  const i18n = useI18n();
  const state = useEditorState({
    editor: editor ?? null,
    selector: ({ editor: current }) => ({
      canIndent: Boolean(current?.can().indent()),
      canOutdent: Boolean(current?.can().outdent()),
    }),
  });
  return (
    <>
      <RichTextEditor.Control
        aria-label={i18n.t('common.editor.increaseIndent')}
        title={i18n.t('common.editor.increaseIndent')}
        disabled={!state?.canIndent}
        onClick={() => editor?.chain().focus().indent().run()}
      >
        <IconIndentIncrease size={16} stroke={1.5} />
      </RichTextEditor.Control>
      <RichTextEditor.Control
        aria-label={i18n.t('common.editor.decreaseIndent')}
        title={i18n.t('common.editor.decreaseIndent')}
        disabled={!state?.canOutdent}
        onClick={() => editor?.chain().focus().outdent().run()}
      >
        <IconIndentDecrease size={16} stroke={1.5} />
      </RichTextEditor.Control>
    </>
  );
}

/**
 * A rich-text field (Mantine's tiptap editor): bold, italic, underline, headings, lists, links, indents and
 * images by address. It reports HTML, or '' when the text is empty. `initialValue` is read once.
 */
export function RichTextField({
  label,
  required,
  initialValue,
  onChange,
  error,
  placeholder,
  disabled,
}: {
  label: string;
  required: boolean;
  initialValue: string;
  onChange: (html: string) => void;
  error?: string | null;
  placeholder: string;
  disabled?: boolean;
}) {
  const i18n = useI18n();
  const labels = useMemo(() => editorLabels(i18n), [i18n]);
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, codeBlock: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      Image.configure({ allowBase64: true }),
      Placeholder.configure({ placeholder }),
      Indent,
    ],
    content: initialValue,
    editable: !disabled,
    editorProps: {
      attributes: {
        class: richTextClassName ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-invalid': error ? 'true' : 'false',
        'aria-describedby': error ? errorId : '',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      labelElement="div"
      labelProps={{ id: labelId }}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={70}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <IndentControls />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <InsertImageControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
