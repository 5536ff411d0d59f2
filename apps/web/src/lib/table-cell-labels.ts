// On a phone every table of the back office reads as a list of cards (styles/app.css): each cell
// shows its column's name before its value. The names come from the table's own header row, so no
// page has to repeat them; cells spanning several columns (empty states) get none.

const SORT_MARKS = /[↕↑↓▲▼]/g;

function headerNames(table: HTMLTableElement): string[] {
  const row = table.tHead?.rows[table.tHead.rows.length - 1];
  if (!row) return [];
  const names: string[] = [];
  for (const cell of Array.from(row.cells)) {
    const name = (cell.textContent ?? '').replace(SORT_MARKS, '').replace(/\s+/g, ' ').trim();
    for (let i = 0; i < (cell.colSpan || 1); i++) names.push(i === 0 ? name : '');
  }
  return names;
}

/** Writes each body and footer cell's column name into its data-label attribute. */
export function labelTableCells(root: ParentNode) {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    const names = headerNames(table);
    if (names.length === 0) continue;
    const rows = [...Array.from(table.tBodies).flatMap((body) => Array.from(body.rows)), ...(table.tFoot?.rows ?? [])];
    for (const row of rows) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const span = cell.colSpan || 1;
        const label = span > 1 ? '' : (names[column] ?? '');
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        column += span;
      }
    }
  }
}

/** Keeps the labels right as the pages under `root` render and change; returns the stop function. */
export function watchTableCellLabels(root: HTMLElement): () => void {
  let frame = 0;
  const run = () => {
    frame = 0;
    labelTableCells(root);
  };
  labelTableCells(root);
  // Only structure and text changes: the labels this writes are attributes, so they never retrigger it.
  const observer = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(run);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}
