import '@mantine/tiptap/styles.css';
import { Button, Group, Input, Popover, Stack, TextInput } from '@mantine/core';
import { Link, RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconIndentDecrease, IconIndentIncrease, IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type SyntheticEvent, useId, useState } from 'react';
import { richTextClassName } from '@/components/projects/RichTextContent';
import { Indent } from './indent';

/** Images in the editor come from a web address or inline data only (SPEC §5, editor rule). */
const IMAGE_SOURCE = /^(https?:\/\/\S+|data:image\/(png|jpe?g|gif|webp);base64,\S+)$/i;
export const IMAGE_SOURCE_MESSAGE = 'Images must use an http, https or data address';

function InsertImageControl() {
  const { editor } = useRichTextEditorContext();
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
      setError(IMAGE_SOURCE_MESSAGE);
      return;
    }
    editor?.chain().focus().setImage({ src }).run();
    close();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow trapFocus shadow="md">
      <Popover.Target>
        <RichTextEditor.Control
          aria-label="Insert image by URL"
          title="Insert image by URL"
          onClick={() => setOpened((value) => !value)}
        >
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <TextInput
            label="Image URL"
            placeholder="https://example.com/picture.jpg"
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
              Cancel
            </Button>
            <Button size="xs" onClick={insert}>
              Insert
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function IndentControls() {
  const { editor } = useRichTextEditorContext();
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
        aria-label="Increase indent"
        title="Increase indent"
        disabled={!state?.canIndent}
        onClick={() => editor?.chain().focus().indent().run()}
      >
        <IconIndentIncrease size={16} stroke={1.5} />
      </RichTextEditor.Control>
      <RichTextEditor.Control
        aria-label="Decrease indent"
        title="Decrease indent"
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
