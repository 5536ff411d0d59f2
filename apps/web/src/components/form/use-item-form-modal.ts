// A modal that creates an item (none given) or edits the one given: the form is filled afresh each
// time the modal opens, and the modal closes once the item is saved.
import { useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { useSaveForm } from './use-save-form.ts';

interface Saved {
  message?: string | null;
}

/** The modal's words for its item in the reader's language; without them, English built from `noun`. */
export interface ItemFormTexts {
  newTitle: string;
  editTitle: string;
  create: string;
  created: string;
  updated: string;
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
  texts,
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
  /** A translated page passes its own words (nouns inflect differently in each language). */
  texts?: ItemFormTexts;
}) {
  const { t } = usePortalI18n();
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const words: ItemFormTexts = texts ?? {
    newTitle: `New ${noun}`,
    editTitle: `Edit ${noun}`,
    create: `Create ${noun}`,
    created: `${Noun} created.`,
    updated: `${Noun} updated.`,
  };
  const result = useSaveForm<TValues, TOutput>({
    resolver: form.resolver,
    defaultValues: form.empty() as DefaultValues<TValues>,
    fields: form.fields,
    save: (values) => (item ? api.update(item.id, values) : api.create(values)),
    savedMessage: item ? words.updated : words.created,
    failedMessage: t('common.somethingWrong'),
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
    title: item ? words.editTitle : words.newTitle,
    submitLabel: item ? t('components.saveChanges') : words.create,
  };
  return { ...result, modal };
}
