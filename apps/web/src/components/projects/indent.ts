import { type CommandProps, Extension } from '@tiptap/react';

export const MAX_INDENT = 8;
const INDENT_CLASS = /(?:^|\s)ql-indent-(\d)(?:\s|$)/;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** Indents the selected blocks one level (a list item sinks into a sub-list). */
      indent: () => ReturnType;
      /** Takes the selected blocks back one level (a list item lifts out). */
      outdent: () => ReturnType;
    };
  }
}

/**
 * Indentation of paragraphs and headings, levels 1 to 8 (SPEC §5). It is written as the `ql-indent-N` class,
 * which the server's sanitiser keeps and the project page styles.
 */
export const Indent = Extension.create<{ types: string[] }>({
  name: 'indent',

  addOptions() {
    return { types: ['paragraph', 'heading'] };
  },

  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => {
              const level = Number(INDENT_CLASS.exec(element.className)?.[1] ?? 0);
              return Math.min(MAX_INDENT, Math.max(0, level));
            },
            renderHTML: (attributes) => {
              const level = Number(attributes.indent ?? 0);
              return level > 0 ? { class: `ql-indent-${level}` } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    const shift =
      (delta: 1 | -1) =>
      () =>
      ({ editor, tr, state, dispatch, commands }: CommandProps) => {
        if (editor.isActive('listItem')) {
          return delta > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
        }
        let changed = false;
        state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
          if (!this.options.types.includes(node.type.name)) return true;
          const current = Number(node.attrs.indent ?? 0);
          const next = Math.min(MAX_INDENT, Math.max(0, current + delta));
          if (next !== current) {
            if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
            changed = true;
          }
          return false;
        });
        return changed;
      };
    return { indent: shift(1), outdent: shift(-1) };
  },
});
