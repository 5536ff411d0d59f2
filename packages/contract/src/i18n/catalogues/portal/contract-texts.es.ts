// The Spanish words of texts the contract and the API supply; every key of contract-texts.en.ts, checked by i18n-catalogues.test.ts.
import type { ContractTextsKey } from './contract-texts.en.ts';

export const contractTextsEs: Record<ContractTextsKey, string> = {
  'developers.scope.products.read': 'Listar y leer productos',
  'developers.scope.products.write': 'Crear, cambiar y eliminar productos',
  'developers.scope.payment_links.read': 'Listar y leer pagos rápidos (enlaces de pago)',
  'developers.scope.payment_links.write': 'Crear, cambiar y eliminar pagos rápidos (enlaces de pago)',
  'developers.scope.invoices.read': 'Listar y leer facturas',
  'developers.scope.invoices.write': 'Crear, enviar, cambiar y eliminar facturas',
  'developers.scope.customers.read': 'Listar y leer los clientes del modo de la clave',
  'developers.scope.customers.write': 'Crear, cambiar y eliminar los clientes del modo de la clave',
  'developers.scope.prices.read': 'Listar y leer los precios del modo de la clave',
  'developers.scope.prices.write': 'Crear y archivar los precios del modo de la clave',
  'developers.scope.subscriptions.read': 'Listar y leer las suscripciones y relojes de prueba del modo de la clave',
  'developers.scope.subscriptions.write':
    'Crear, cambiar, pausar, reanudar y cancelar suscripciones, y hacer avanzar relojes de prueba (claves de prueba)',
  'developers.scope.transactions.read': 'Listar, exportar y leer las transacciones del modo de la clave',
  'developers.scope.payments.write':
    'Cobrar las tarjetas guardadas de los clientes del modo de la clave (pagos iniciados por el comercio)',
  'developers.scope.refunds.write': 'Reembolsar, capturar y anular las transacciones del modo de la clave',
  'developers.scope.webhooks.write': 'Gestionar los endpoints de webhooks y sus entregas',
  'developers.scope.embed.write': 'Crear sesiones de un solo uso para el portal integrado',
  'developers.localReceiverHint':
    'Para probar los webhooks en este equipo, inicia Kassa con {setting} y usa un receptor en {url}; después pulsa «Enviar evento de prueba».',
  'developers.event.payment.succeeded': 'Un pago se capturó en el momento de realizarse.',
  'developers.event.payment.failed': 'Un pago fue rechazado o falló.',
  'developers.event.payment.refunded':
    'Se hizo un reembolso (un evento por reembolso), con su importe y los nuevos totales.',
  'developers.event.payment.captured': 'Se capturó un pago autorizado (total o parcialmente).',
  'developers.event.payment.voided': 'Se anuló un pago autorizado; no se cobró al comprador.',
  'developers.event.invoice.created':
    'Una factura recurrente (en cada ocasión) o una suscripción (en cada periodo) generó una factura, antes de enviarla o cobrarla.',
  'developers.event.invoice.sent': 'Se envió una factura a su cliente.',
  'developers.event.invoice.partially_paid':
    'Se pagó una parte de una factura (un depósito o un pago parcial); queda un saldo pendiente.',
  'developers.event.invoice.paid': 'Se pagó una factura: su saldo pendiente llegó a cero.',
  'developers.event.invoice.voided': 'Se anuló una factura enviada; su enlace ya no funciona.',
  'developers.event.customer.created': 'Se creó un cliente.',
  'developers.event.customer.updated': 'Se cambiaron los datos de un cliente.',
  'developers.event.customer.deleted': 'Se eliminó un cliente.',
  'developers.event.payment_method.attached': 'Se guardó una tarjeta para un cliente.',
  'developers.event.payment_method.detached': 'Se quitó una tarjeta guardada de un cliente.',
  'developers.event.subscription.created': 'Se creó una suscripción.',
  'developers.event.subscription.updated': 'Cambió una suscripción: estado, precio, cantidad, periodo o tarjeta.',
  'developers.event.subscription.canceled': 'Terminó una suscripción.',
  'developers.event.subscription.past_due':
    'Falló la renovación de una suscripción; los reintentos siguen el calendario del comercio.',
  'developers.event.customer.subscription.trial_will_end': 'La prueba de una suscripción termina en tres días.',
  'developers.event.invoice.payment_failed':
    'Falló el cobro de la factura de una suscripción (cada intento envía uno).',
  'developers.event.test.ping': 'Enviado por «Enviar prueba»; solo al endpoint probado.',
  'paymentConnections.providerText.sandbox':
    'Procesador de tarjetas en modo de prueba con las tarjetas de prueba documentadas. No se mueve dinero real.',
  'paymentConnections.providerText.sandbox_gift_card': 'Tarjetas regalo con código, PIN y saldo; canje parcial.',
  'paymentConnections.providerText.sandbox_wallet':
    'Un método de monedero o redirección bancaria: el comprador aprueba cada pago en una página de aprobación.',
  'paymentConnections.providerText.sandbox_anti_fraud':
    'Frecuencia por tarjeta y correo electrónico, importe máximo y comprobación del país: aprobar, revisar o rechazar.',
  'paymentConnections.providerText.stripe':
    'Tarjetas mediante PaymentIntents de Stripe: autorizar y capturar, reembolsos, 3-D Secure, disputas por webhook. Prueba o real según la clave.',
  'paymentConnections.providerText.adyen':
    'Pagos con tarjeta mediante Adyen Checkout: autorizar y capturar después, reembolsos, 3-D Secure, webhooks firmados.',
  'paymentConnections.credentialLabel.account_id': 'ID de cuenta',
  'paymentConnections.credentialLabel.secret_key': 'Clave secreta',
  'paymentConnections.credentialLabel.merchant_id': 'ID de comercio del monedero',
  'paymentConnections.credentialLabel.webhook_secret': 'Secreto de firma de webhooks (opcional)',
  'paymentConnections.credentialLabel.api_key': 'Clave de API',
  'paymentConnections.credentialLabel.merchant_account': 'Cuenta de comercio',
  'paymentConnections.credentialLabel.environment': 'Entorno',
  'paymentConnections.credentialLabel.hmac_key': 'Clave HMAC de webhooks',
  'paymentConnections.credentialLabel.live_endpoint_prefix': 'Prefijo del endpoint real (solo LIVE)',
  'audit.action.admin_user.created': 'Administrador creado',
  'audit.action.admin_user.updated': 'Administrador cambiado',
  'audit.action.product.activated': 'Producto activado',
  'audit.action.product.deactivated': 'Producto desactivado',
  'audit.action.industry_type.created': 'Sector creado',
  'audit.action.industry_type.updated': 'Sector cambiado',
  'audit.action.industry_type.deleted': 'Sector eliminado',
  'audit.action.transaction.refund': 'Reembolso',
  'audit.action.user.invited': 'Usuario invitado',
  'audit.action.user.updated': 'Usuario cambiado',
  'audit.action.user.disabled': 'Usuario desactivado',
  'audit.action.user.access_updated': 'Acceso del usuario cambiado',
  'audit.action.password.invite_accepted': 'Invitación aceptada',
  'audit.action.password.reset': 'Contraseña restablecida',
  'audit.action.password.changed': 'Contraseña cambiada',
  'audit.action.api_key.created': 'Clave de API creada',
  'audit.action.api_key.rolled': 'Clave de API renovada',
  'audit.action.api_key.deleted': 'Clave de API eliminada',
  'audit.action.api_key.request': 'Cambio hecho con una clave de API',
  'audit.action.embed.session_minted': 'Sesión integrada creada',
  'audit.action.embed.session_started': 'Portal integrado abierto',
};
