// Buyers and customers for the demo: plain names at example domains (RFC 2606), so no demo e-mail can
// ever reach a real inbox.
import type { Random } from './random.ts';

const FIRST = [
  'Ava',
  'Ben',
  'Carmen',
  'Diego',
  'Elena',
  'Farah',
  'Gus',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lena',
  'Mateo',
  'Nia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Uma',
  'Victor',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adams',
  'Baker',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Johnson',
  'Kim',
  'Lopez',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Silva',
  'Tanaka',
  'Novak',
  'Walsh',
  'Young',
];
const BUSINESSES = [
  'Northwind Traders',
  'Blue Harbor Events',
  'Pinecrest School',
  'Granite Peak Tours',
  'Riverside Clinic',
  'Summit Coworking',
];

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export function randomPerson(random: Random): Person {
  const firstName = random.pick(FIRST);
  const lastName = random.pick(LAST);
  const domain = random.pick(['example.com', 'example.org', 'example.net']);
  return { firstName, lastName, email: `${firstName}.${lastName}@${domain}`.toLowerCase() };
}

export const randomBusiness = (random: Random) => random.pick(BUSINESSES);
