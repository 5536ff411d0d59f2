// An e-mail's two parts from one description, so the HTML part never says something the text part
// does not: paragraphs, then label/value rows, then an optional link. Every value is escaped, so a
// buyer's name or a product description cannot inject markup into a merchant's inbox.

export interface MailContent {
  paragraphs: string[];
  rows?: [label: string, value: string][];
  link?: { href: string; label: string };
  closing?: string[];
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const FONT = 'font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#111827';

export function mailBody(content: MailContent): { text: string; html: string } {
  const rows = content.rows ?? [];
  const closing = content.closing ?? [];
  const text = [
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(content.link ? ['', `${content.link.label}: ${content.link.href}`] : []),
    ...(closing.length ? ['', ...closing] : []),
  ]
    .join('\n')
    .trimEnd();
  const table = rows.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const link = content.link
    ? `<p><a href="${escapeHtml(content.link.href)}" style="color:#4f46e5">${escapeHtml(content.link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="${FONT}">${content.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${table}${link}${closing.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`;
  return { text: `${text}\n`, html };
}

/** A line of a plain e-mail: text, or a sentence holding a link (the address in the text part, an anchor in HTML). */
export type MailLine = string | { text: (link: string) => string; href: string; label: string };

const LINK_MARK = '\u0001';

/**
 * An e-mail written as lines (`''` a blank line): the text part is the lines as they are, the HTML part
 * one paragraph per block of lines, so the short account e-mails keep their plain layout and gain an
 * HTML part that says the same.
 */
export function mailLines(lines: MailLine[]): { text: string; html: string } {
  const text = lines.map((line) => (typeof line === 'string' ? line : line.text(line.href))).join('\n');
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (line === '') blocks.push([]);
    else if (typeof line === 'string') blocks.at(-1)!.push(escapeHtml(line));
    else {
      const anchor = `<a href="${escapeHtml(line.href)}" style="color:#4f46e5">${escapeHtml(line.label)}</a>`;
      blocks.at(-1)!.push(escapeHtml(line.text(LINK_MARK)).replace(LINK_MARK, anchor));
    }
  }
  const html = `<!doctype html><html><body style="${FONT}">${blocks
    .filter((block) => block.length > 0)
    .map((block) => `<p>${block.join('<br>')}</p>`)
    .join('')}</body></html>`;
  return { text, html };
}
