import { useEffect, useState, type ReactNode } from 'react';
import { Button, Divider, Flex, Input, Popover, Tooltip, theme } from 'antd';
import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import './rich-text.css';

/** Links the server keeps (it drops any other href): http(s) and mailto. */
const LINK = /^(https?:\/\/|mailto:)\S+$/i;

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** The form item's id, so its label names the editable area. */
  id?: string;
  'aria-invalid'?: boolean;
}

/**
 * The article content editor (TipTap): paragraphs, headings 2–4, bold, italic, underline, strike,
 * lists, quotes and links — what the server's allow-list keeps. Loaded only by the article edit
 * screen. Emits HTML; the server cleans it again before storing.
 */
export default function RichTextEditor({ value, onChange, id, ...rest }: RichTextEditorProps) {
  const { t } = useTranslation('articles');
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'], validate: (href) => LINK.test(href) },
      }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('fields.content'),
        ...(rest['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
        class: 'harbour-rich-text',
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the loaded article, a reset) replaces the content; typing does not loop back.
  // An editor without its view (unmounted or destroyed while React hid or re-suspended this part
  // of the page) has no schema to write HTML with: nothing to compare until it is mounted again.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="harbour-rich-text-box" style={{ borderColor: rest['aria-invalid'] ? token.colorError : token.colorBorder, borderRadius: token.borderRadius }}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('articles');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (key: keyof typeof state, icon: ReactNode, run: () => void, disabled = false) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button
        size="small"
        type={state[key] && key !== 'undo' && key !== 'redo' ? 'primary' : 'text'}
        aria-label={t(`editor.${key}`)}
        aria-pressed={key === 'undo' || key === 'redo' ? undefined : state[key]}
        icon={icon}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const heading = (level: 2 | 3 | 4) =>
    button(`h${level}`, <span className="harbour-rich-text-glyph">{`H${level}`}</span>, () => chain().toggleHeading({ level }).run());
  return (
    <Flex wrap gap={2} align="center" role="toolbar" aria-label={t('editor.label')} className="harbour-rich-text-toolbar">
      {button('bold', <BoldOutlined />, () => chain().toggleBold().run())}
      {button('italic', <ItalicOutlined />, () => chain().toggleItalic().run())}
      {button('underline', <UnderlineOutlined />, () => chain().toggleUnderline().run())}
      {button('strike', <StrikethroughOutlined />, () => chain().toggleStrike().run())}
      <Divider orientation="vertical" />
      {heading(2)}
      {heading(3)}
      {heading(4)}
      <Divider orientation="vertical" />
      {button('bulletList', <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
      {button('orderedList', <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      {button('blockquote', <span className="harbour-rich-text-glyph">{'\u201C'}</span>, () => chain().toggleBlockquote().run())}
      <Divider orientation="vertical" />
      <LinkButton editor={editor} active={state.link} />
      {state.link && (
        <Tooltip title={t('editor.unlink')}>
          <Button size="small" type="text" aria-label={t('editor.unlink')} icon={<DisconnectOutlined />} onMouseDown={(e) => e.preventDefault()} onClick={() => chain().unsetLink().run()} />
        </Tooltip>
      )}
      <Divider orientation="vertical" />
      {button('undo', <UndoOutlined />, () => chain().undo().run(), !state.undo)}
      {button('redo', <RedoOutlined />, () => chain().redo().run(), !state.redo)}
    </Flex>
  );
}

/** Asks for the address of a link on the selected text (http(s) or mailto only). */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('articles');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const valid = LINK.test(href.trim());
  const apply = () => {
    if (!valid) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
      }}
      trigger="click"
      content={
        <Flex gap={8} style={{ width: 320, maxWidth: '80vw' }}>
          <Input
            size="small"
            autoFocus
            value={href}
            aria-label={t('editor.linkPrompt')}
            placeholder={t('editor.linkPrompt')}
            status={href && !valid ? 'error' : undefined}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
          />
          <Button size="small" type="primary" disabled={!valid} onClick={apply}>
            {t('editor.link')}
          </Button>
        </Flex>
      }
    >
      <Tooltip title={t('editor.link')}>
        <Button size="small" type={active ? 'primary' : 'text'} aria-label={t('editor.link')} aria-pressed={active} icon={<LinkOutlined />} onMouseDown={(e) => e.preventDefault()} />
      </Tooltip>
    </Popover>
  );
}
