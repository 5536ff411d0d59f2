/** Saves a blob the API sent as a file (a CSV export, a PDF) through a temporary link. */
export function downloadFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the URL to the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
