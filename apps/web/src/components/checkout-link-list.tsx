// What the two pages of shareable checkout links (products and quick payments) keep alike: the paged
// list in the address, the add/edit modal, the link being shared, deleting with a confirmation, and a
// New button only for a user allowed to create. Each page keeps its own columns, copy and form.
import type { Page } from '@kassa/contract/common';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { SWRResponse } from 'swr';
import type { AppRights } from '../lib/app-access.ts';
import { confirmDelete, confirmedAction } from '../lib/confirmed-action.ts';
import { useListParams } from './data-list/use-list-params.ts';
import { useItemModalState } from './form/use-item-form-modal.ts';

export interface CheckoutLinkListCopy {
  deleteItem: (id: string) => Promise<{ message?: string | null }>;
  /** What the delete confirmation says happens to the link, and its confirm button. */
  deleteWarning: string;
  deleteButton: string;
  deleted: string;
  newLabel: string;
  newTestId: string;
  /** What an empty list says; its action is the New button. */
  empty: { title: string; text: string };
}

export function useCheckoutLinkList<T extends { id: string; name: string }>(
  /** The user's rights on the page's app (useAppRights): the New button needs `create`. */
  rights: AppRights,
  useItems: (query: string) => SWRResponse<Page<T>>,
  copy: CheckoutLinkListCopy,
) {
  const list = useListParams('-created_at');
  const query = useItems(list.apiQuery([]));
  const form = useItemModalState<T>();
  const [sharing, setSharing] = useState<T | null>(null);

  const remove = (item: T) =>
    confirmedAction({
      confirm: confirmDelete(item.name, copy.deleteWarning, copy.deleteButton),
      run: () => copy.deleteItem(item.id),
      done: copy.deleted,
      after: query.mutate,
    });

  const newButton = rights.create ? (
    <Button onClick={() => form.open(null)} data-testid={copy.newTestId}>
      {copy.newLabel}
    </Button>
  ) : null;

  const none = { ...copy.empty, action: newButton };

  return { list, query, form, sharing, setSharing, remove, newButton, none };
}
