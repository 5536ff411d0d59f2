import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ListParams, useListParams } from './use-list-params.ts';

describe('useListParams', () => {
  it('keeps both of two changes made before the address updates (a debounced search, then a filter)', () => {
    let list: ListParams | undefined;
    let search = '';
    function Probe() {
      list = useListParams('-created_at');
      search = useLocation().search;
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/catalog?page=3']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => {
      list!.update({ search: 'jacket' });
      list!.update({ merchant_id: 'm-1' });
    });
    const params = new URLSearchParams(search);
    expect(params.get('search')).toBe('jacket');
    expect(params.get('merchant_id')).toBe('m-1');
    expect(params.get('page')).toBeNull();
    act(() => list!.update({ page: 2 }));
    expect(new URLSearchParams(search).get('search')).toBe('jacket');
    expect(new URLSearchParams(search).get('page')).toBe('2');
  });
});
