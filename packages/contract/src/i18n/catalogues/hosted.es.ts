// The hosted pages in Spanish; every key of hosted.en.ts, checked by i18n-catalogues.test.ts.
import type { HostedKey } from './hosted.en.ts';

export const hostedEs: Record<HostedKey, string> = {
  'page.fieldsTitle': 'Pago seguro',
  'page.fieldsLoading': 'Cargando el formulario de pago seguro…',
  'page.approvalTitle': 'Apruebe su pago',
  'page.approvalLoading': 'Cargando el pago…',
  'page.returnTitle': 'Autenticación del pago',
  'approval.badge': 'Confirmación de pago segura',
  'approval.title': 'Confirme su pago',
  'approval.merchant': 'Comercio',
  'approval.amount': 'Importe',
  'approval.description': 'Descripción',
  'approval.approve': 'Aprobar',
  'approval.decline': 'Rechazar',
  'approval.closesSoon': 'Esta ventana se cierra sola.',
  'approval.canClose': 'Puede cerrar esta ventana.',
  'outcome.approved': 'Pago aprobado.',
  'outcome.declined': 'Pago rechazado.',
  'outcome.alreadyApproved': 'Este pago ya se ha aprobado.',
  'outcome.alreadyDeclined': 'Este pago ya se ha rechazado.',
  'outcome.notWaiting': 'Este pago ya no espera aprobación.',
  'outcome.pending': 'Su banco todavía está confirmando este pago.',
  'outcome.notFound': 'Este pago no existe.',
  'error.generic': 'Algo ha fallado. Vuelva a intentarlo.',
  'error.unreachable':
    'No hemos podido conectar con el servidor de pagos. Compruebe su conexión y vuelva a intentarlo.',
};
