// The account e-mails in Spanish; every key of account.en.ts, checked by i18n-catalogues.test.ts.
import type { AccountEmailKey } from './account.en.ts';

export const accountEmailEs: Record<AccountEmailKey, string> = {
  'mail.hello': 'Hola, {name}:',
  'mail.helloNoName': 'Hola:',
  'signIn.subject': '{code} es su código de inicio de sesión de Kassa',
  'signIn.code': 'Su código de inicio de sesión de Kassa es {code}.',
  'signIn.valid': 'Es válido durante {minutes} minutos y se puede usar una sola vez.',
  'signIn.notYou': 'Si no intentó iniciar sesión, cambie su contraseña: alguien la conoce.',
  'reset.subject': 'Restablezca su contraseña de Kassa',
  'reset.intro': 'Alguien ha pedido restablecer la contraseña de su cuenta de Kassa. Para elegir una nueva, abra:',
  'reset.link': 'Elegir una contraseña nueva',
  'reset.expiry': 'El enlace funciona una vez y caduca en 1 hora. Si no lo ha pedido, ignore este correo electrónico.',
  'invite.subject': 'Está invitado a Kassa',
  'invite.introStaffAdmin':
    'Ha sido invitado a Kassa como administrador del personal. Para elegir su contraseña e iniciar sesión, abra:',
  'invite.introOwner':
    'Ha sido invitado a Kassa como propietario de {merchant}. Para elegir su contraseña e iniciar sesión, abra:',
  'invite.link': 'Elegir su contraseña',
  'invite.expiry':
    'El enlace funciona una vez y caduca en 7 días. Si ha caducado, pida uno nuevo al administrador de su plataforma.',
  'merchantInvite.subject': 'Está invitado a {merchant} en Kassa',
  'merchantInvite.intro': '{merchant} le ha invitado a su cuenta de Kassa.',
  'merchantInvite.expiry': 'Establezca su contraseña en un plazo de {days} días con este enlace:',
  'merchantInvite.link': 'Establecer su contraseña',
  'security.subject.totpAdded': 'Se ha añadido una aplicación de autenticación a su cuenta de Kassa',
  'security.subject.totpRemoved': 'Se ha quitado la aplicación de autenticación de su cuenta de Kassa',
  'security.subject.recoveryCodesRegenerated': 'Se han regenerado sus códigos de recuperación de Kassa',
  'security.subject.recoveryCodeUsed':
    'Se ha usado un código de recuperación para iniciar sesión en su cuenta de Kassa',
  'security.subject.passkeyAdded': 'Se ha añadido una llave de acceso a su cuenta de Kassa',
  'security.subject.passkeyRenamed': 'Se ha cambiado el nombre de una llave de acceso de su cuenta de Kassa',
  'security.subject.passkeyRemoved': 'Se ha quitado una llave de acceso de su cuenta de Kassa',
  'security.subject.sessionSignedOut': 'Se ha cerrado la sesión de un dispositivo en su cuenta de Kassa',
  'security.subject.allSessionsSignedOut': 'Se ha cerrado la sesión de su cuenta de Kassa en otros dispositivos',
  'security.totpAdded':
    'Se ha añadido una aplicación de autenticación a su cuenta. A partir de ahora, el inicio de sesión pide un código de ella.',
  'security.totpRemoved':
    'Se ha quitado la aplicación de autenticación de su cuenta. El inicio de sesión vuelve a pedir un código enviado por correo electrónico.',
  'security.recoveryCodesRegenerated':
    'Se han creado nuevos códigos de recuperación para su cuenta. Los anteriores ya no funcionan.',
  'security.recoveryCodeUsed': 'Se ha usado un código de recuperación para iniciar sesión en su cuenta.',
  'security.recoveryCodesLeft': '{left, plural, one {Queda # código sin usar.} other {Quedan # códigos sin usar.}}',
  'security.passkeyAdded':
    'Se ha añadido a su cuenta una llave de acceso llamada «{name}». Ahora puede iniciar sesión con ella.',
  'security.passkeyRenamed': 'Una llave de acceso de su cuenta ahora se llama «{name}».',
  'security.passkeyRemoved':
    'Se ha quitado de su cuenta la llave de acceso llamada «{name}». Ya no inicia sesión con ella.',
  'security.sessionSignedOut': 'Se ha cerrado la sesión de su cuenta en un dispositivo ({device}).',
  'security.allSessionsSignedOutByAdmin':
    'Un administrador ha cerrado la sesión de su cuenta en todos los dispositivos. Vuelva a iniciar sesión para continuar.',
  'security.allSessionsSignedOut':
    '{count, plural, one {Se ha cerrado la sesión de su cuenta en # dispositivo más.} other {Se ha cerrado la sesión de su cuenta en # dispositivos más.}}',
  'security.notYou': 'Si no ha sido usted, cambie su contraseña ahora y póngase en contacto con su administrador.',
};
