// A modal that creates an item (none given) or edits the one given: the form is filled afresh each
// time the modal opens, and the modal closes once the item is saved.
import { useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { useSaveForm } from './use-save-form.ts';

interface Saved {
  message?: string | null;
}

/** What a list page hands its create / edit modal. */
export interface ItemFormModalProps<TItem> {
  show: boolean;
  /** The item to edit; null creates one. */
  item: TItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The list page's side: which item the modal edits (null: a new one). The item stays while the modal
 * closes, so its title does not change during the fade.
 */
export function useItemModalState<TItem>() {
  const [item, setItem] = useState<TItem | null>(null);
  const [show, setShow] = useState(false);
  const open = (picked: TItem | null) => {
    setItem(picked);
    setShow(true);
  };
  return { open, modal: { show, item, onClose: () => setShow(false) } };
}

export function useItemFormModal<TItem extends { id: string }, TValues extends FieldValues, TOutput>({
  show,
  item,
  form,
  api,
  noun,
  onSaved,
  onClose,
}: ItemFormModalProps<TItem> & {
  form: {
    resolver: Resolver<TValues, unknown, TOutput>;
    fields: readonly Path<TValues>[];
    empty: () => TValues;
    fromItem: (item: TItem) => TValues;
  };
  api: { create: (values: TOutput) => Promise<Saved>; update: (id: string, values: TOutput) => Promise<Saved> };
  /** "quick payment": the modal reads "New quick payment", "Create quick payment", "Quick payment created."… */
  noun: string;
}) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const result = useSaveForm<TValues, TOutput>({
    resolver: form.resolver,
    defaultValues: form.empty() as DefaultValues<TValues>,
    fields: form.fields,
    save: (values) => (item ? api.update(item.id, values) : api.create(values)),
    savedMessage: item ? `${Noun} updated.` : `${Noun} created.`,
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

  /** The FormModal's props that follow the form and the noun. */
  const modal = {
    show,
    onHide: onClose,
    onSubmit: result.onSubmit,
    pending: result.formState.isSubmitting,
    title: item ? `Edit ${noun}` : `New ${noun}`,
    submitLabel: item ? 'Save changes' : `Create ${noun}`,
  };
  return { ...result, modal };
}
