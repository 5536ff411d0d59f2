// The last column of a list whose rows carry buttons. Lists with titled columns show an "Actions"
// header over them; the back-office lists leave the header empty and only read it out.
import type { ReactNode } from 'react';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import type { Column } from './data-table.tsx';
import { ShareEditDeleteActions } from './row-actions.tsx';

function ActionsHeader() {
  const { t } = usePortalI18n();
  return t('components.actions');
}

/** Row buttons under a shown "Actions" header, at the row's end. */
export function titledActionsColumn<Row>(cell: (row: Row) => ReactNode): Column<Row> {
  return { key: 'actions', header: <ActionsHeader />, align: 'end', cell };
}

/**
 * Row buttons at the row's end under an empty header read out as "Actions" (DataTableHead says it in
 * the reader's language); kept on one line unless `wrap`.
 */
export function buttonsColumn<Row>(cell: (row: Row) => ReactNode, { wrap = false } = {}): Column<Row> {
  return { key: 'actions', label: 'Actions', cellClassName: wrap ? 'text-end' : 'text-end text-nowrap', cell };
}

/**
 * The Share / Edit / Delete column of a list of shareable checkout items (products, quick payments);
 * Edit and Delete only with a handler (row-actions.tsx).
 */
export function shareEditDeleteColumn<Row>(
  testIdPrefix: string,
  {
    onShare,
    onEdit,
    onDelete,
  }: { onShare: (row: Row) => void; onEdit?: (row: Row) => void; onDelete?: (row: Row) => void },
): Column<Row> {
  return titledActionsColumn((row) => (
    <ShareEditDeleteActions
      testIdPrefix={testIdPrefix}
      onShare={() => onShare(row)}
      onEdit={onEdit && (() => onEdit(row))}
      onDelete={onDelete && (() => onDelete(row))}
    />
  ));
}
