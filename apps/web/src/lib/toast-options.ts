// The one look of every toast (docs/product-rules.md#constants): SweetAlert2, 3000 ms, top-end, with a
// timer bar that pauses under the pointer. Its own module, with only a type import of SweetAlert2, so
// the buyer checkout (components/payment/checkout-toast.ts) can load SweetAlert2 late and still use it.
import type Swal from 'sweetalert2';

const TOAST_TIMER_MS = 3000;

export const toastOptions = (swal: typeof Swal) =>
  ({
    toast: true,
    position: 'top-end',
    showConfirmButton: false,
    timer: TOAST_TIMER_MS,
    timerProgressBar: true,
    didOpen: (toast: HTMLElement) => {
      toast.addEventListener('mouseenter', swal.stopTimer);
      toast.addEventListener('mouseleave', swal.resumeTimer);
    },
  }) as const;
