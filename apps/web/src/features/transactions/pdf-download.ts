// Downloads a PDF the API makes (an invoice, a receipt) with the signed-in user's credentials, which
// a plain link would not carry, and names the file as the server does.
import { apiClient } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { toastApiError } from '../../lib/toast.ts';

/** A payment's receipt, or one refund's. */
export const receiptPdfPath = (transactionId: string, refundId?: string) =>
  `/transaction/${transactionId}/receipt/pdf/${refundId ? `?refund_id=${refundId}` : ''}`;

/** A failed blob request carries the error envelope as a Blob: its message when it is JSON. */
export async function errorEnvelopeOf(error: unknown): Promise<unknown> {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const body = error instanceof Blob ? error : data instanceof Blob ? data : null;
  if (!body) return error;
  try {
    return JSON.parse(await body.text());
  } catch {
    return null;
  }
}

/**
 * GETs `path` (under /apiv1) and saves it; a refusal shows the server's message in a toast, else
 * `failedText` (a translated page passes its own).
 */
export async function downloadPdf(
  path: string,
  fallbackName: string,
  failedText = 'The PDF could not be made. Try again in a moment.',
): Promise<void> {
  try {
    const response = await apiClient.get<Blob>(path, { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    downloadFile(response.data, /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName);
  } catch (error) {
    toastApiError(await errorEnvelopeOf(error), failedText);
  }
}
