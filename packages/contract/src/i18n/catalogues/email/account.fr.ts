// The account e-mails in French; every key of account.en.ts, checked by i18n-catalogues.test.ts.
import type { AccountEmailKey } from './account.en.ts';

export const accountEmailFr: Record<AccountEmailKey, string> = {
  'mail.hello': 'Bonjour {name},',
  'mail.helloNoName': 'Bonjour,',
  'signIn.subject': '{code} est votre code de connexion Kassa',
  'signIn.code': 'Votre code de connexion Kassa est {code}.',
  'signIn.valid': 'Il est valable {minutes} minutes et ne peut être utilisé qu’une fois.',
  'signIn.notYou': 'Si vous n’avez pas essayé de vous connecter, changez votre mot de passe : quelqu’un le connaît.',
  'reset.subject': 'Réinitialisez votre mot de passe Kassa',
  'reset.intro':
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Kassa. Pour en choisir un nouveau, ouvrez :',
  'reset.link': 'Choisir un nouveau mot de passe',
  'reset.expiry':
    'Le lien ne fonctionne qu’une fois et expire dans 1 heure. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  'invite.subject': 'Vous êtes invité sur Kassa',
  'invite.introStaffAdmin':
    'Vous avez été invité sur Kassa en tant qu’administrateur du personnel. Pour choisir votre mot de passe et vous connecter, ouvrez :',
  'invite.introOwner':
    'Vous avez été invité sur Kassa en tant que propriétaire de {merchant}. Pour choisir votre mot de passe et vous connecter, ouvrez :',
  'invite.link': 'Choisir votre mot de passe',
  'invite.expiry':
    'Le lien ne fonctionne qu’une fois et expire dans 7 jours. S’il a expiré, demandez-en un nouveau à l’administrateur de votre plateforme.',
  'merchantInvite.subject': 'Vous êtes invité chez {merchant} sur Kassa',
  'merchantInvite.intro': '{merchant} vous a invité sur son compte Kassa.',
  'merchantInvite.expiry': 'Définissez votre mot de passe sous {days} jours avec ce lien :',
  'merchantInvite.link': 'Définir votre mot de passe',
  'security.subject.totpAdded': 'Une application d’authentification a été ajoutée à votre compte Kassa',
  'security.subject.totpRemoved': 'L’application d’authentification a été retirée de votre compte Kassa',
  'security.subject.recoveryCodesRegenerated': 'Vos codes de récupération Kassa ont été régénérés',
  'security.subject.recoveryCodeUsed': 'Un code de récupération a servi à se connecter à votre compte Kassa',
  'security.subject.passkeyAdded': 'Une clé d’accès a été ajoutée à votre compte Kassa',
  'security.subject.passkeyRenamed': 'Une clé d’accès de votre compte Kassa a été renommée',
  'security.subject.passkeyRemoved': 'Une clé d’accès a été retirée de votre compte Kassa',
  'security.subject.sessionSignedOut': 'Un appareil a été déconnecté de votre compte Kassa',
  'security.subject.allSessionsSignedOut': 'Votre compte Kassa a été déconnecté sur d’autres appareils',
  'security.totpAdded':
    'Une application d’authentification a été ajoutée à votre compte. Désormais, la connexion demande un code de cette application.',
  'security.totpRemoved':
    'L’application d’authentification a été retirée de votre compte. La connexion demande de nouveau un code envoyé par e-mail.',
  'security.recoveryCodesRegenerated':
    'De nouveaux codes de récupération ont été créés pour votre compte. Les anciens ne fonctionnent plus.',
  'security.recoveryCodeUsed': 'Un code de récupération a servi à se connecter à votre compte.',
  'security.recoveryCodesLeft': '{left, plural, one {Il reste # code inutilisé.} other {Il reste # codes inutilisés.}}',
  'security.passkeyAdded':
    'Une clé d’accès nommée « {name} » a été ajoutée à votre compte. Elle peut désormais vous connecter.',
  'security.passkeyRenamed': 'Une clé d’accès de votre compte a été renommée en « {name} ».',
  'security.passkeyRemoved':
    'La clé d’accès nommée « {name} » a été retirée de votre compte. Elle ne vous connecte plus.',
  'security.sessionSignedOut': 'Votre compte a été déconnecté sur un appareil ({device}).',
  'security.allSessionsSignedOutByAdmin':
    'Un administrateur a déconnecté votre compte sur tous les appareils. Reconnectez-vous pour continuer.',
  'security.allSessionsSignedOut':
    '{count, plural, one {Votre compte a été déconnecté sur # autre appareil.} other {Votre compte a été déconnecté sur # autres appareils.}}',
  'security.notYou': 'Si ce n’était pas vous, changez votre mot de passe maintenant et contactez votre administrateur.',
};
