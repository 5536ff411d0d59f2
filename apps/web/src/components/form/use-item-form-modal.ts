// A modal that creates an item (none given) or edits the one given: the form is filled afresh each
// time the modal opens, and the modal closes once the item is saved.
import { useEffect } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { useSaveForm } from './use-save-form.ts';

interface Saved {
  message?: string | null;
}

export function useItemFormModal<TItem extends { id: string }, TValues extends FieldValues, TOutput>({
  show,
  item,
  form,
  api,
  saved,
  onSaved,
  onClose,
}: {
  show: boolean;
  item: TItem | null;
  form: {
    resolver: Resolver<TValues, unknown, TOutput>;
    fields: readonly Path<TValues>[];
    empty: () => TValues;
    fromItem: (item: TItem) => TValues;
  };
  api: { create: (values: TOutput) => Promise<Saved>; update: (id: string, values: TOutput) => Promise<Saved> };
  /** Toasted when the server's answer carries no message. */
  saved: { created: string; updated: string };
  onSaved: () => void;
  onClose: () => void;
}) {
  const result = useSaveForm<TValues, TOutput>({
    resolver: form.resolver,
    defaultValues: form.empty() as DefaultValues<TValues>,
    fields: form.fields,
    save: (values) => (item ? api.update(item.id, values) : api.create(values)),
    savedMessage: item ? saved.updated : saved.created,
    failedMessage: 'Something went wrong.',
    onSaved: () => {
      onSaved();
      onClose();
    },
  });

  const { reset } = result;
  const { empty, fromItem } = form;
  useEffect(() => {
    if (show) reset(item ? fromItem(item) : empty());
  }, [show, item, reset, empty, fromItem]);

  return result;
}
