import { describe, expect, it } from 'vitest';
import { labelTableCells, watchTableCellLabels } from './table-cell-labels.ts';

const table = () => {
  document.body.innerHTML = `
    <main><table>
      <thead><tr><th>Date</th><th><button>Amount ↕</button></th><th><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>
        <tr><td>Nov 2</td><td>$5.00</td><td><a>Edit</a></td></tr>
        <tr><td colspan="3">No more</td></tr>
      </tbody>
      <tfoot><tr><td>Total</td><td>$5.00</td><td></td></tr></tfoot>
    </table></main>`;
  return document.querySelector('main')!;
};
const labels = () => Array.from(document.querySelectorAll('td')).map((td) => td.getAttribute('data-label'));

describe('table cell labels for the phone card layout', () => {
  it("names every cell after its column's header, without sort marks; a spanning cell gets none", () => {
    labelTableCells(table());
    expect(labels()).toEqual(['Date', 'Amount', 'Actions', '', 'Date', 'Amount', 'Actions']);
  });

  it('labels rows that render later', async () => {
    const root = table();
    const stop = watchTableCellLabels(root);
    const row = document.createElement('tr');
    row.innerHTML = '<td>Nov 3</td><td>$7.00</td><td></td>';
    root.querySelector('tbody')!.append(row);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(row.cells[1]!.getAttribute('data-label')).toBe('Amount');
    stop();
  });
});
