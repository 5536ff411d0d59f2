// The mocks every checkout page's test needs: the widget captured (fakeMount records what the page
// mounts) and the toast silenced. A test file imports this before anything that loads a page, and
// starts each test with no widget mounted and no toast shown.
import { beforeEach, vi } from 'vitest';
import { showCheckoutToast } from '../../components/payment/checkout-toast.ts';
import { fakeMount, mounted } from './checkout-test-kit.tsx';

vi.mock('@kassa/widget', async (original) => ({
  ...(await original<typeof import('@kassa/widget')>()),
  mount: (options: never) => fakeMount(options),
}));
vi.mock('../../components/payment/checkout-toast.ts', () => ({ showCheckoutToast: vi.fn(() => Promise.resolve()) }));

beforeEach(() => {
  mounted.length = 0;
  vi.mocked(showCheckoutToast).mockClear();
});
