// A small rich-text field for merchant comments: bold, italic, lists and links on a
// contenteditable, whose HTML goes through DOMPurify on every change, so what is saved is what the
// checkout may show.
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { isBlankHtml, sanitizeHtml } from '../lib/sanitize-html.ts';
import { usePortalI18n } from '../lib/use-portal-i18n.ts';
import './rich-text-editor.css';

const TOOLS = [
  { command: 'bold', label: 'components.editor.boldMark', title: 'components.editor.bold', className: 'fw-bold' },
  {
    command: 'italic',
    label: 'components.editor.italicMark',
    title: 'components.editor.italic',
    className: 'fst-italic',
  },
  {
    command: 'underline',
    label: 'components.editor.underlineMark',
    title: 'components.editor.underline',
    className: 'text-decoration-underline',
  },
  {
    command: 'insertUnorderedList',
    label: 'components.editor.bulletsMark',
    title: 'components.editor.bullets',
    className: '',
  },
  // The spoken name contains the visible text ("1. List"), as speech control users say what they see.
  {
    command: 'insertOrderedList',
    label: 'components.editor.numbersMark',
    title: 'components.editor.numbers',
    className: '',
  },
] as const;

export function RichTextEditor({
  id,
  value,
  onChange,
  label,
  invalid,
  testId,
}: {
  id: string;
  value: string | null;
  /** null when the editor shows no text. */
  onChange: (html: string | null) => void;
  label: string;
  invalid?: boolean;
  testId?: string;
}) {
  const { t } = usePortalI18n();
  const ref = useRef<HTMLDivElement>(null);

  // Only write the DOM when the value comes from outside (a reset), never while the user types:
  // rewriting innerHTML would move the caret to the start.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const next = value ?? '';
    if (sanitizeHtml(el.innerHTML) !== next) el.innerHTML = sanitizeHtml(next);
  }, [value]);

  const emit = () => {
    const html = sanitizeHtml(ref.current?.innerHTML ?? '');
    onChange(isBlankHtml(html) ? null : html);
  };

  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };

  const addLink = () => {
    const href = window.prompt(t('components.editor.linkPrompt'));
    if (href && /^https:\/\//i.test(href.trim())) run('createLink', href.trim());
  };

  return (
    <div className={`rich-text ${invalid ? 'is-invalid' : ''}`}>
      <ButtonGroup size="sm" className="rich-text-toolbar" aria-label={t('components.editor.toolbar', { label })}>
        {TOOLS.map((tool) => (
          <Button
            key={tool.command}
            variant="light"
            title={t(tool.title)}
            aria-label={t(tool.title)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(tool.command)}
          >
            <span className={tool.className}>{t(tool.label)}</span>
          </Button>
        ))}
        <Button
          variant="light"
          title={t('components.editor.link')}
          aria-label={t('components.editor.link')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={addLink}
        >
          {t('components.editor.link')}
        </Button>
      </ButtonGroup>
      {/* biome-ignore lint/a11y/useSemanticElements: a contenteditable region is the rich-text field */}
      <div
        id={id}
        ref={ref}
        className="rich-text-area form-control"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        onInput={emit}
        onBlur={emit}
        data-testid={testId}
      />
    </div>
  );
}
