// The API's sentences a buyer may meet that name a value or a mode, in French; every key of api-sentences.en.ts.
import type { BuyerApiSentencesKey } from './api-sentences.en.ts';

export const buyerApiSentencesFr: Record<BuyerApiSentencesKey, string> = {
  'error.invoiceAlreadyPaid': 'Cette facture a déjà été payée.',
  'error.invoice.notPositive': 'Saisissez un montant supérieur à zéro.',
  'error.invoice.aboveBalance': 'Le montant dépasse le solde dû de {balance}.',
  'error.invoice.balanceOnly': 'Cette facture se paie en une fois : payez le solde de {balance}.',
  'error.invoice.belowDeposit': 'Payez au moins l’acompte de {deposit}.',
  'error.invoice.depositOrBalance': 'Payez l’acompte de {deposit} ou la totalité du solde de {balance}.',
  'error.invoice.belowMinimum': 'Le plus petit montant que vous pouvez payer est de {minimum}.',
  'error.invoice.reload': 'Rechargez la facture pour voir ce qu’il reste à payer.',
  'error.cardMode.testCustomerLiveMerchant':
    'Ce client est en mode test, mais les paiements par carte du marchand sont actuellement en mode réel. La carte ne peut pas être enregistrée.',
  'error.cardMode.liveCustomerTestMerchant':
    'Ce client est en mode réel, mais les paiements par carte du marchand sont actuellement en mode test. La carte ne peut pas être enregistrée.',
  'error.noCardKeeping': 'Le service de paiement du marchand n’enregistre pas les cartes.',
};
