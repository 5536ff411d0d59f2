// One list of the portal: loaded once, reloaded after a change, with loading and error states.
import { useCallback, useEffect, useState } from 'react';

export interface PortalList<T> {
  data: T[] | undefined;
  error: unknown;
  reload: () => void;
  replace: (data: T[]) => void;
}

export function usePortalList<T>(load: () => Promise<T[]>): PortalList<T> {
  const [data, setData] = useState<T[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setError(undefined);
    void round; // a new round loads again
    load().then(
      (rows) => current && setData(rows),
      (e: unknown) => current && setError(e),
    );
    return () => {
      current = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, reload, replace: setData };
}
