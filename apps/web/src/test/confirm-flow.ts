// The confirm-first actions (delete, disable, roll a secret) all ask through lib/toast.ts's
// confirmDialog; their tests decline once to see nothing is sent, then confirm.
import { fireEvent, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { confirmDialog } from '../lib/toast.ts';

/**
 * Clicks `target`, declines the dialog and checks `isSent` stays false; then clicks again and
 * confirms. The test file mocks lib/toast.ts, so `confirmDialog` here is its mock.
 */
export async function declineThenConfirm(target: () => HTMLElement | Promise<HTMLElement>, isSent: () => boolean) {
  const confirm = vi.mocked(confirmDialog);
  const asked = confirm.mock.calls.length;
  confirm.mockResolvedValueOnce(false);
  fireEvent.click(await target());
  await waitFor(() => expect(confirm).toHaveBeenCalledTimes(asked + 1));
  expect(isSent()).toBe(false);
  confirm.mockResolvedValueOnce(true);
  fireEvent.click(await target());
}
