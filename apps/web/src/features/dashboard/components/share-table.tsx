import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

function Share({ part, whole }: { part: number; whole: number }) {
  const percent = whole > 0 ? Math.round((part / whole) * 100) : 0;
  return (
    <div className="share-bar" title={`${percent} %`}>
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}

/** A figure column; a quiet one is grey in the rows and plain in the total. */
export interface FigureColumn {
  /** Unique in the table (the header is in the reader's language). */
  key: string;
  header: string;
  nowrap?: boolean;
  quiet?: boolean;
}

export interface ShareRow {
  key: string;
  label: ReactNode;
  /** This row's part of `whole`, drawn as a bar. */
  part: number;
  figures: [ReactNode, ReactNode];
}

const figureClass = ({ nowrap, quiet }: FigureColumn, inTotal: boolean) =>
  ['text-end', nowrap && 'text-nowrap', quiet && !inTotal && 'text-body-secondary'].filter(Boolean).join(' ');

/** A breakdown's table: each row's label, its share of the whole as a bar, two figures, and a total row. */
export function ShareTable({
  testId,
  labelHeader,
  labelClassName,
  columns,
  rows,
  whole,
  total,
  empty,
}: {
  testId: string;
  labelHeader: string;
  labelClassName?: string;
  columns: [FigureColumn, FigureColumn];
  rows: ShareRow[];
  whole: number;
  total: { label: string; figures: [ReactNode, ReactNode] };
  /** Said in a row when there are none; nothing is shown otherwise. */
  empty?: string;
}) {
  const { t } = usePortalI18n();
  return (
    <Table size="sm" className="mb-0" data-testid={testId}>
      <thead>
        <tr>
          <th>{labelHeader}</th>
          <th className="share-cell d-none d-sm-table-cell">{t('dashboard.share')}</th>
          {columns.map((column) => (
            <th key={column.key} className="text-end">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className={labelClassName}>{row.label}</td>
            <td className="share-cell d-none d-sm-table-cell">
              <Share part={row.part} whole={whole} />
            </td>
            {columns.map((column, index) => (
              <td key={column.key} className={figureClass(column, false)}>
                {row.figures[index]}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && empty && (
          <tr>
            <td className="text-body-secondary">{empty}</td>
          </tr>
        )}
      </tbody>
      {rows.length > 0 && (
        <tfoot>
          <tr className="fw-semibold" data-testid={`${testId}-total`}>
            <td>{total.label}</td>
            <td className="share-cell d-none d-sm-table-cell" />
            {columns.map((column, index) => (
              <td key={column.key} className={figureClass(column, true)}>
                {total.figures[index]}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </Table>
  );
}
