// Reads a PDF's text back with Mozilla's PDF.js, the renderer browsers use: what a person opening the
// file would read, page by page, lines joined by spaces.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** How many images the first page paints (a letterhead's logo). */
export async function pdfImageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const operators = await (await pdf.getPage(1)).getOperatorList();
  await pdf.destroy();
  return operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
}
