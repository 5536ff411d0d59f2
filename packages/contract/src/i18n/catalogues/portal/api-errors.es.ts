// The Spanish words of the API's error messages and decline reasons the portal shows; every key of api-errors.en.ts, checked by i18n-catalogues.test.ts.
import type { ApiErrorsKey } from './api-errors.en.ts';

export const apiErrorsEs: Record<ApiErrorsKey, string> = {
  'apiError.timeout': 'El servidor tardó demasiado en responder. Inténtalo de nuevo.',
  'apiError.network': 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
  'apiError.offline': 'No tienes conexión. Vuelve a conectarte a internet e inténtalo de nuevo.',
  'apiError.code.invalid_input': 'Algunos valores no son válidos. Revisa el formulario e inténtalo de nuevo.',
  'apiError.code.unauthorized': 'Vuelve a iniciar sesión.',
  'apiError.code.forbidden': 'No tienes permiso para hacer eso.',
  'apiError.code.second_factor_required':
    'Tu organización exige una aplicación de autenticación o una llave de acceso. Configura una para continuar.',
  'apiError.code.not_found': 'Este elemento no existe o se ha eliminado.',
  'apiError.code.payload_too_large': 'Lo que has enviado es demasiado grande.',
  'apiError.code.rate_limited': 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  'apiError.code.internal': 'Algo ha fallado por nuestra parte. Inténtalo de nuevo.',
  'apiError.sessionExpired': 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  'apiError.sessionEnded': 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  'apiError.signInToContinue': 'Inicia sesión para continuar.',
  'apiError.wrongCredentials': 'Correo electrónico o contraseña incorrectos.',
  'apiError.accountDeactivated': 'Esta cuenta está desactivada. Ponte en contacto con tu administrador.',
  'apiError.merchantBlocked':
    'Esta cuenta de comercio está bloqueada. Ponte en contacto con el administrador de la plataforma.',
  'apiError.wrongCode': 'Ese código no es correcto. Comprueba la hora de tu teléfono e inténtalo de nuevo.',
  'apiError.wrongCodeTries':
    'Ese código no es correcto. {tries, plural, one {Queda # intento} other {Quedan # intentos}}.',
  'apiError.codeReused': 'Este código ya se ha usado. Espera al siguiente código de tu aplicación.',
  'apiError.codeAlreadyUsed': 'Este código ya se ha usado. Vuelve a iniciar sesión.',
  'apiError.codeGone': 'Este código ya no es válido. Vuelve a iniciar sesión.',
  'apiError.codeExpired': 'Este código ha caducado. Pide un código nuevo o vuelve a iniciar sesión.',
  'apiError.tooManyWrongCodes': 'Demasiados códigos incorrectos. Vuelve a iniciar sesión.',
  'apiError.tooManyCodesSent': 'Se han enviado demasiados códigos. Vuelve a iniciar sesión.',
  'apiError.waitForCode': 'Espera {seconds} segundos antes de pedir un código nuevo.',
  'apiError.signInExpired': 'Este inicio de sesión ha caducado. Vuelve a iniciar sesión.',
  'apiError.useAppOrRecovery':
    'Esta cuenta inicia sesión con su aplicación de autenticación o un código de recuperación.',
  'apiError.noAuthenticatorApp':
    'Esta cuenta no tiene aplicación de autenticación. Usa el código enviado por correo electrónico.',
  'apiError.passwordWrong': 'La contraseña no es correcta.',
  'apiError.currentPasswordWrong': 'La contraseña actual no es correcta.',
  'apiError.passwordSame': 'Elige una contraseña distinta de la actual.',
  'apiError.linkGone': 'Este enlace no es válido o ha caducado. Pide uno nuevo.',
  'apiError.lastFactor':
    'Tu organización exige una aplicación de autenticación o una llave de acceso, y esta es la última. Añade otra antes de eliminarla.',
  'apiError.totpAlreadySetUp':
    'Ya hay una aplicación de autenticación configurada. Elimínala primero para configurar otra.',
  'apiError.totpNotPending': 'Esta configuración ya no está pendiente. Empieza de nuevo.',
  'apiError.totpStartFirst': 'Empieza primero a configurar la aplicación de autenticación.',
  'apiError.passkeyPromptGone': 'Esta solicitud de llave de acceso ha caducado o ya se ha usado. Inténtalo de nuevo.',
  'apiError.passkeyNotAccepted':
    'No se pudo verificar esta llave de acceso. Inténtalo de nuevo o inicia sesión con tu contraseña.',
  'apiError.passkeyUnknown': 'Esta llave de acceso no está registrada en Kassa. Inicia sesión con tu contraseña.',
  'apiError.passkeyAlreadyRegistered': 'Esta llave de acceso ya está registrada.',
  'apiError.passkeyNotAdded': 'No se pudo añadir la llave de acceso. Inténtalo de nuevo.',
  'apiError.decline.card_declined': 'La tarjeta ha sido rechazada.',
  'apiError.decline.do_not_honor': 'El emisor de la tarjeta rechazó el pago. El titular debe consultar a su banco.',
  'apiError.decline.insufficient_funds': 'La tarjeta no tiene fondos suficientes.',
  'apiError.decline.authentication_required': 'El emisor de la tarjeta pide al titular que autentique el pago.',
  'apiError.decline.authentication_failed': 'El titular de la tarjeta no completó la autenticación.',
  'apiError.decline.expired_card': 'La tarjeta ha caducado.',
  'apiError.decline.incorrect_number': 'El número de tarjeta no es correcto.',
  'apiError.decline.incorrect_cvc': 'El código de seguridad no es correcto.',
  'apiError.decline.card_velocity_exceeded': 'Demasiados pagos con esta tarjeta por ahora.',
  'apiError.decline.fraudulent': 'El pago se rechazó por posible fraude.',
  'apiError.decline.transaction_not_allowed': 'Esta tarjeta no se puede usar para este tipo de pago.',
  'apiError.decline.issuer_unavailable': 'No se pudo contactar con el emisor de la tarjeta. Inténtalo más tarde.',
  'apiError.decline.canceled': 'El pago se ha cancelado.',
};
