// Draws a PDF's first page to a PNG with PDF.js (the renderer browsers use) on a canvas, so a test can
// keep a picture of the document a person would open.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ROOT } from './server.ts';

export async function pdfFirstPageToPng(bytes: Uint8Array, path: string): Promise<void> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${join(ROOT, 'node_modules/pdfjs-dist/standard_fonts')}/`,
    verbosity: 0,
  }).promise;
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = createCanvas(viewport.width, viewport.height);
  // PDF.js draws on any canvas with the 2D context API; @napi-rs/canvas is the one it supports in Node.
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, canvas.toBuffer('image/png'));
  await pdf.destroy();
}
