// The mocks every checkout page's test needs: the widget captured (fakeMount records what the page
// mounts), the toast silenced and leavePage recorded (jsdom cannot navigate). A test file imports this
// before anything that loads a page, and starts each test with no widget mounted, no toast shown and
// no page left.
import { beforeEach, vi } from 'vitest';
import { showCheckoutToast } from '../../components/payment/checkout-toast.ts';
import { fakeMount, mounted } from './checkout-test-kit.tsx';
import { leavePage } from './navigate-away.ts';

vi.mock('@kassa/widget', async (original) => ({
  ...(await original<typeof import('@kassa/widget')>()),
  mount: (options: never) => fakeMount(options),
}));
vi.mock('../../components/payment/checkout-toast.ts', async (original) => ({
  ...(await original<typeof import('../../components/payment/checkout-toast.ts')>()),
  showCheckoutToast: vi.fn(() => Promise.resolve()),
}));
vi.mock('./navigate-away.ts', () => ({ leavePage: vi.fn() }));

beforeEach(() => {
  mounted.length = 0;
  vi.mocked(showCheckoutToast).mockClear();
  vi.mocked(leavePage).mockClear();
});
