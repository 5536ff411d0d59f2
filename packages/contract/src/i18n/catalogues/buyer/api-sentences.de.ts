// The API's sentences a buyer may meet that name a value or a mode, in German; every key of api-sentences.en.ts.
import type { BuyerApiSentencesKey } from './api-sentences.en.ts';

export const buyerApiSentencesDe: Record<BuyerApiSentencesKey, string> = {
  'error.invoiceAlreadyPaid': 'Diese Rechnung wurde bereits bezahlt.',
  'error.invoice.notPositive': 'Geben Sie einen Betrag über null ein.',
  'error.invoice.aboveBalance': 'Der Betrag ist höher als der offene Betrag von {balance}.',
  'error.invoice.balanceOnly': 'Diese Rechnung wird vollständig bezahlt: Zahlen Sie den offenen Betrag von {balance}.',
  'error.invoice.belowDeposit': 'Zahlen Sie mindestens die Anzahlung von {deposit}.',
  'error.invoice.depositOrBalance':
    'Zahlen Sie die Anzahlung von {deposit} oder den gesamten offenen Betrag von {balance}.',
  'error.invoice.belowMinimum': 'Der kleinste Teilbetrag, den Sie zahlen können, ist {minimum}.',
  'error.invoice.reload': 'Laden Sie die Rechnung neu, um zu sehen, was noch zu zahlen ist.',
  'error.cardMode.testCustomerLiveMerchant':
    'Dieses Kundenkonto ist im Testmodus, die Kartenzahlungen des Händlers laufen aber gerade im Live-Modus. Die Karte kann nicht gespeichert werden.',
  'error.cardMode.liveCustomerTestMerchant':
    'Dieses Kundenkonto ist im Live-Modus, die Kartenzahlungen des Händlers laufen aber gerade im Testmodus. Die Karte kann nicht gespeichert werden.',
  'error.noCardKeeping': 'Der Zahlungsdienst des Händlers speichert keine Karten.',
};
