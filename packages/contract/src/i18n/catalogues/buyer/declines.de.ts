// Why a card was declined, as a buyer reads it in German; every key of declines.en.ts.
import type { DeclinesKey } from './declines.en.ts';

export const declinesDe: Record<DeclinesKey, string> = {
  'decline.card_declined': 'Ihre Karte wurde abgelehnt. Versuchen Sie es mit einer anderen Karte.',
  'decline.do_not_honor':
    'Ihre Bank hat die Zahlung abgelehnt. Wenden Sie sich an Ihre Bank oder verwenden Sie eine andere Karte.',
  'decline.insufficient_funds': 'Ihre Karte ist nicht ausreichend gedeckt. Versuchen Sie es mit einer anderen Karte.',
  'decline.authentication_required':
    'Ihre Bank bittet Sie, diese Zahlung zu bestätigen. Bitte versuchen Sie es erneut.',
  'decline.authentication_failed':
    'Die Zahlung konnte bei Ihrer Bank nicht bestätigt werden. Bitte versuchen Sie es erneut.',
  'decline.expired_card': 'Ihre Karte ist abgelaufen. Verwenden Sie eine andere Karte.',
  'decline.incorrect_number': 'Die Kartennummer ist nicht korrekt. Prüfen Sie sie und versuchen Sie es erneut.',
  'decline.incorrect_cvc': 'Der Sicherheitscode ist nicht korrekt. Prüfen Sie ihn und versuchen Sie es erneut.',
  'decline.card_velocity_exceeded':
    'Zu viele Zahlungen mit dieser Karte für den Moment. Versuchen Sie es später erneut oder verwenden Sie eine andere Karte.',
  'decline.fraudulent':
    'Die Zahlung wurde abgelehnt. Verwenden Sie eine andere Karte oder wenden Sie sich an Ihre Bank.',
  'decline.transaction_not_allowed':
    'Diese Karte kann für diese Zahlung nicht verwendet werden. Verwenden Sie eine andere Karte.',
  'decline.issuer_unavailable': 'Ihre Bank war nicht erreichbar. Bitte versuchen Sie es später erneut.',
  'decline.canceled': 'Die Zahlung wurde abgebrochen.',
  'decline.invalid_expiry': 'Das Ablaufdatum ist ungültig. Prüfen Sie es und versuchen Sie es erneut.',
  'decline.postal_code': 'Die Postleitzahl passt nicht zur Karte. Prüfen Sie sie und versuchen Sie es erneut.',
  'decline.details_not_accepted':
    'Die Kartendaten wurden nicht akzeptiert. Prüfen Sie Kartennummer, Ablaufdatum und Sicherheitscode.',
  'decline.test_card_live': 'Mit einer Testkarte kann hier nicht bezahlt werden. Verwenden Sie eine echte Karte.',
  'decline.unsupported_action':
    'Ihre Bank verlangt eine Bestätigung, die diese Seite nicht anzeigen kann. Verwenden Sie eine andere Karte.',
  'decline.save_needs_authentication':
    'Ihre Bank möchte, dass Sie diese Karte bestätigen, bevor sie gespeichert wird. Speichern Sie sie stattdessen beim Bezahlen.',
  'decline.interrupted':
    'Die Zahlung wurde unterbrochen, bevor Ihre Bank geantwortet hat. Es wurde nichts belastet. Bitte versuchen Sie es erneut.',
  'decline.other': 'Ihre Karte wurde abgelehnt. Der Zahlungsdienst meldete: „{reason}“',
};
