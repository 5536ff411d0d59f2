// The letterhead and table primitives both documents (invoice, receipt) are drawn with, on pdfkit
// (docs/dependencies.md). pdfkit's built-in Helvetica ships inside the npm package as AFM metrics, so
// nothing is downloaded and no font file is embedded; its WinAnsi encoding covers the Latin scripts
// merchants and buyers write in, and the few characters Intl emits outside it are mapped first.

export interface Letterhead {
  name: string;
  addressLines: string[];
  email: string | null;
  phone: string | null;
  taxId: string | null;
  /** PNG or JPEG bytes; pdfkit draws no WebP, so such a logo is left out rather than failing. */
  logo: Buffer | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const; // A4 in points
const CONTENT = PAGE.width - 2 * PAGE.margin;
const MUTED = '#6b7280';
const INK = '#111827';
const RULE = '#d1d5db';

/**
 * Intl writes a narrow no-break space (U+202F) in times and some locales' groupings, and a few
 * currency signs Helvetica lacks; each becomes its nearest WinAnsi character so no glyph drops out.
 */
export const pdfSafe = (s: string) => s.replace(/[\u202f\u2009]/g, ' ').replace(/\u2212/g, '-');

/**
 * `createdAt` is the document's own date (the invoice's last change, the payment's or refund's), not
 * the moment it is drawn: the same document then comes out byte for byte the same.
 */
export async function newPdf(title: string, author: string, createdAt: Date) {
  // Loaded at the first document, not at start: pdfkit and its font code are among the slowest
  // packages to load, and a restart answers sooner without them (docs/operations.md#start-time).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: pdfSafe(title), Author: pdfSafe(author), Creator: 'Kassa', CreationDate: createdAt },
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    /** Ends the document and answers its bytes. */
    finish: () => {
      doc.end();
      return done;
    },
  };
}

const isDrawableImage = (bytes: Buffer) =>
  (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) ||
  (bytes[0] === 0xff && bytes[1] === 0xd8);

/** Logo and merchant block on the left, the document's title and facts on the right. */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  merchant: Letterhead,
  title: string,
  facts: [label: string, value: string][],
) {
  const top = PAGE.margin;
  let y = top;
  if (merchant.logo && isDrawableImage(merchant.logo)) {
    try {
      doc.image(merchant.logo, PAGE.margin, y, { fit: [140, 50] });
      y += 58;
    } catch {
      // A corrupt upload must not cost the merchant the document: it goes out without the logo.
    }
  }
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(pdfSafe(merchant.name), PAGE.margin, y, { width: 260 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  const lines = [
    ...merchant.addressLines,
    ...(merchant.email ? [merchant.email] : []),
    ...(merchant.phone ? [merchant.phone] : []),
    ...(merchant.taxId ? [`Tax ID: ${merchant.taxId}`] : []),
  ];
  for (const line of lines) doc.text(pdfSafe(line), { width: 260 });
  const leftBottom = doc.y;

  const right = PAGE.margin + CONTENT - 220;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(pdfSafe(title), right, top, { width: 220, align: 'right' });
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    const rowY = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(pdfSafe(label), right, rowY, { width: 100 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(pdfSafe(value), right + 100, rowY, { width: 120, align: 'right' });
  }
  doc.y = Math.max(leftBottom, doc.y) + 18;
  rule(doc);
}

export function rule(doc: PDFKit.PDFDocument) {
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.margin + CONTENT, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += 10;
}

/** A small heading and lines under it, such as "Bill to". */
export function drawBlock(doc: PDFKit.PDFDocument, heading: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(pdfSafe(heading.toUpperCase()), PAGE.margin, doc.y);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines.filter(Boolean)) doc.text(pdfSafe(line), { width: CONTENT });
  doc.moveDown(1);
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table with a header row; rows break onto a new page with the header repeated. */
export function drawTable(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const header = () => {
    drawRow(
      doc,
      columns,
      columns.map((c) => c.header),
      'Helvetica-Bold',
      MUTED,
    );
    rule(doc);
  };
  header();
  for (const row of rows) {
    if (doc.y > PAGE.height - PAGE.margin - 120) {
      doc.addPage();
      header();
    }
    drawRow(doc, columns, row, 'Helvetica', INK);
    doc.y += 4;
  }
  rule(doc);
}

function drawRow(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], font: string, color: string) {
  const y = doc.y;
  let x = PAGE.margin;
  let bottom = y;
  doc.font(font).fontSize(9).fillColor(color);
  columns.forEach((column, i) => {
    doc.text(pdfSafe(cells[i] ?? ''), x, y, { width: column.width - 6, align: column.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.y = bottom + 2;
}

/** Label/amount rows at the right, the last one (the total) in bold. */
export function drawTotals(doc: PDFKit.PDFDocument, rows: [label: string, value: string][]) {
  const x = PAGE.margin + CONTENT - 240;
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    const y = doc.y;
    doc
      .font(last ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(last ? 11 : 9)
      .fillColor(last ? INK : MUTED);
    doc.text(pdfSafe(label), x, y, { width: 140 });
    // A label that wraps pushes the next row down, as its value would.
    const labelBottom = doc.y;
    doc.fillColor(INK).text(pdfSafe(value), x + 140, y, { width: 100, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  });
  doc.moveDown(1);
}

/** A paragraph across the page, with an optional link under it. */
export function drawNote(doc: PDFKit.PDFDocument, heading: string, text: string, link?: string) {
  if (doc.y > PAGE.height - PAGE.margin - 80) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(pdfSafe(heading.toUpperCase()), PAGE.margin, doc.y);
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(pdfSafe(text), { width: CONTENT });
  if (link) doc.fillColor('#4f46e5').text(pdfSafe(link), { width: CONTENT, link, underline: true });
  doc.moveDown(1);
}

export const CONTENT_WIDTH = CONTENT;
