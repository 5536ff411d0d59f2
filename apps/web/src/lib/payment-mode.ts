// Which money the portal shows: test (the sandbox, a processor's test keys) or live. One choice per
// browser, kept in localStorage and shared by every page through useSyncExternalStore, so flipping
// the header switch refreshes the dashboard and the transactions list at once.
import type { PaymentModeName } from '@kassa/contract/transactions';
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'kassa.paymentMode';
const listeners = new Set<() => void>();

function read(): PaymentModeName {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'live' ? 'live' : 'test';
  } catch {
    return 'test';
  }
}

export function setPaymentMode(mode: PaymentModeName) {
  try {
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Storage blocked (private mode, embedded without storage): the choice lasts for this page only.
  }
  current = mode;
  for (const listener of listeners) listener();
}

let current: PaymentModeName | null = null;
const snapshot = () => {
  current ??= read();
  return current;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePaymentMode = (): PaymentModeName => useSyncExternalStore(subscribe, snapshot, () => 'test');
