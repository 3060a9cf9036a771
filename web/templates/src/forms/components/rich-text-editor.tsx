import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import ToggleButton from '@mui/material/ToggleButton'
import Typography from '@mui/material/Typography'
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconList,
  IconListNumbers,
  IconStrikethrough,
  IconUnderline,
} from '@tabler/icons-react'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { cspNonce } from '@/lib/csp-nonce'

type Mark = 'bold' | 'italic' | 'underline' | 'strike'
interface Tool {
  key: string
  icon: ComponentType<{ size?: number }>
  active: (e: Editor) => boolean
  run: (e: Editor) => void
}

const TOOLS: Tool[] = [
  ...(['bold', 'italic', 'underline', 'strike'] as Mark[]).map((m) => ({
    key: m,
    icon: { bold: IconBold, italic: IconItalic, underline: IconUnderline, strike: IconStrikethrough }[m],
    active: (e: Editor) => e.isActive(m),
    run: (e: Editor) => void e.chain().focus().toggleMark(m).run(),
  })),
  { key: 'h2', icon: IconH2, active: (e) => e.isActive('heading', { level: 2 }), run: (e) => void e.chain().focus().toggleHeading({ level: 2 }).run() },
  { key: 'h3', icon: IconH3, active: (e) => e.isActive('heading', { level: 3 }), run: (e) => void e.chain().focus().toggleHeading({ level: 3 }).run() },
  { key: 'bulletList', icon: IconList, active: (e) => e.isActive('bulletList'), run: (e) => void e.chain().focus().toggleBulletList().run() },
  { key: 'orderedList', icon: IconListNumbers, active: (e) => e.isActive('orderedList'), run: (e) => void e.chain().focus().toggleOrderedList().run() },
  { key: 'blockquote', icon: IconBlockquote, active: (e) => e.isActive('blockquote'), run: (e) => void e.chain().focus().toggleBlockquote().run() },
]

const IDLE = { active: TOOLS.map(() => false), canUndo: false, canRedo: false, chars: 0 }

/** Tiptap editor with a formatting toolbar; reports its HTML to the caller. */
export function RichTextEditor({ initial, label, onChange, minimal = false }: { initial: string; label: string; onChange?: (html: string, text: string) => void; minimal?: boolean }) {
  const { t } = useTranslation('demo-ui')
  const editor = useEditor({
    injectNonce: cspNonce,
    extensions: [StarterKit],
    content: initial,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML(), e.getText()),
  })
  const state = useEditorState({
    editor,
    // React may unmount and remount the editor (a lazy page suspends once):
    // a destroyed instance has no schema left to read.
    selector: ({ editor: e }) =>
      !e || e.isDestroyed
        ? IDLE
        : {
            active: TOOLS.map((tool) => tool.active(e)),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
            chars: e.getText().length,
          },
  })
  const tools = minimal ? TOOLS.slice(0, 4) : TOOLS
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
      <Box role="toolbar" aria-label={t('forms.editors.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 1 }}>
        {tools.map((tool, i) => (
          <ToggleButton key={tool.key} value={tool.key} size="small" selected={state.active[i]} onChange={() => tool.run(editor)} aria-label={t(`forms.editors.tools.${tool.key}`)} sx={{ border: 0 }}>
            <tool.icon size={18} />
          </ToggleButton>
        ))}
        {!minimal && (
          <>
            <ToggleButton value="undo" size="small" disabled={!state.canUndo} onChange={() => editor.chain().focus().undo().run()} aria-label={t('forms.editors.tools.undo')} sx={{ border: 0 }}>
              <IconArrowBackUp size={18} />
            </ToggleButton>
            <ToggleButton value="redo" size="small" disabled={!state.canRedo} onChange={() => editor.chain().focus().redo().run()} aria-label={t('forms.editors.tools.redo')} sx={{ border: 0 }}>
              <IconArrowForwardUp size={18} />
            </ToggleButton>
          </>
        )}
      </Box>
      <Divider />
      <Box sx={{ px: 2, '& .tiptap': { minHeight: minimal ? 100 : 200, outline: 'none', py: 1 }, '& blockquote': { borderInlineStart: 3, borderColor: 'divider', m: 0, paddingInlineStart: 2, color: 'text.secondary' } }}>
        <EditorContent editor={editor} />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pb: 1, textAlign: 'end' }}>
        {t('forms.editors.chars', { count: state.chars })}
      </Typography>
    </Box>
  )
}
