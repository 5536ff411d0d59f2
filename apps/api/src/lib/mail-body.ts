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
