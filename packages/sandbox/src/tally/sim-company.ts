/**
 * The generated company behind the Tally simulator: parties (some with TallyPrime 3 dated GST/mailing
 * details, some with Unicode names), GST duty ledgers, sales/service/freight/round-off ledgers and stock
 * items with dated GST details. Everything derives from the seed, so a run is reproducible.
 */

export interface SimParty {
  name: string;
  /** Dated registrations; the voucher date picks one. One entry: an ordinary (flat) party. */
  registrations: { from: string; gstin: string; state: string; pincode: string; address: string[] }[];
  /** TallyPrime 3 style: details only in LEDGSTREGDETAILS/LEDMAILINGDETAILS, not on the voucher. */
  datedOnly: boolean;
  supplier: boolean;
}

export interface SimItem {
  name: string;
  unit: string;
  hsn: string;
  rate: number;
  cessRate: number;
  kind: 'count' | 'weight';
  /** Alternate unit: `per` main units make one (TallyPrime "1 MG = 1000 UG"), as on pharma and packed goods. */
  alternate?: { unit: string; per: number };
}

export interface SimService {
  name: string;
  sac: string;
  rate: number;
}

export interface SimCompany {
  name: string;
  guid: string;
  gstin: string;
  state: string;
  stateCode: string;
  pincode: string;
  address: string[];
  booksFrom: string;
  parties: SimParty[];
  suppliers: SimParty[];
  items: SimItem[];
  services: SimService[];
  /**
   * TallyPrime 3 style: the GSTIN lives in a GST registration master (TaxUnit), not in the company's own
   * field, and vouchers carry no CMPGSTIN.
   */
  gstRegistrationMasters?: boolean;
}

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A GSTIN with a correct check digit for a state code and a running number. */
export function makeGstin(stateCode: string, n: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = (k: number): string => letters[k % 26] ?? 'A';
  const pan = `${pick(n)}${pick(n >> 3)}${pick(n >> 6)}C${pick(n >> 9)}${String(1000 + (n % 9000)).padStart(4, '0')}${pick(n * 7)}`;
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckDigit(first14);
}

const STATES: [string, string, string][] = [
  ['Karnataka', '29', '560001'],
  ['Tamil Nadu', '33', '600001'],
  ['Maharashtra', '27', '400001'],
  ['Gujarat', '24', '380001'],
  ['Delhi', '07', '110001'],
];

const PARTY_NAMES = [
  'Kaveri Traders & Co',
  'Śrī Gaṇeśa Enterprises',
  'கணேஷ் ஸ்டோர்ஸ்',
  'Müller Engineering India Pvt Ltd',
  'Deccan Steel "Works"',
  'Sahyadri Agro <Foods>',
  'Narmada Textiles',
  'Himalaya Pharma Distributors',
  'Konkan Marine Supplies',
  'Ravi & Sons',
];

export function generateCompany(seed: number, companyName: string, booksFrom = '20240401'): SimCompany {
  const parties: SimParty[] = [];
  for (let i = 0; i < 40; i += 1) {
    const [state, code, pin] = STATES[i % STATES.length];
    const base = `${PARTY_NAMES[i % PARTY_NAMES.length]}${i >= PARTY_NAMES.length ? ` ${Math.floor(i / PARTY_NAMES.length) + 1}` : ''}`;
    const datedOnly = i % 10 === 3;
    const registrations = [
      {
        from: '20170701',
        gstin: makeGstin(code, 100 + i),
        state,
        pincode: pin,
        address: [`${i + 1}, Market Road`, `${state} City`],
      },
    ];
    if (datedOnly) {
      // Moved to another state mid-year: a new registration and address from 1 Oct 2024.
      const [newState, newCode, newPin] = STATES[(i + 1) % STATES.length];
      registrations.push({
        from: '20241001',
        gstin: makeGstin(newCode, 500 + i),
        state: newState,
        pincode: newPin,
        address: [`${i + 1}, New Industrial Estate`, `${newState} City`],
      });
    }
    parties.push({ name: base, registrations, datedOnly, supplier: false });
  }
  const suppliers: SimParty[] = STATES.map(([state, code, pin], i) => ({
    name: `Supplier ${i + 1} ${state}`,
    registrations: [
      { from: '20170701', gstin: makeGstin(code, 900 + i), state, pincode: pin, address: ['Plot 9', state] },
    ],
    datedOnly: false,
    supplier: true,
  }));
  const units: [string, SimItem['kind']][] = [
    ['nos', 'count'],
    ['Kgs', 'weight'],
    ['Pcs', 'count'],
    ['Mtr', 'weight'],
    ['Box', 'count'],
    ['Nos.', 'count'],
  ];
  const rates = [5, 12, 18, 28, 18, 0];
  const items: SimItem[] = [];
  for (let i = 0; i < 30; i += 1) {
    const [unit, kind] = units[i % units.length];
    const alternate = alternateUnitOf(i);
    items.push({
      name:
        alternate?.unit === 'UG'
          ? 'Paracetamol API'
          : i % 7 === 2
            ? `Ürün ${i} – Spécial`
            : `Item ${i + 1} ${unit}`,
      unit: alternate?.unit ?? unit,
      hsn: String(73000000 + i * 101),
      rate: rates[i % rates.length],
      cessRate: i === 9 ? 12 : 0,
      kind,
      alternate: alternate?.alternate,
    });
  }
  items.push({ name: 'Unclassified Widget', unit: 'nos', hsn: '', rate: 18, cessRate: 0, kind: 'count' });
  return {
    name: companyName,
    guid: `5a1e${(seed >>> 0).toString(16).padStart(4, '0').slice(0, 4)}-0c0d-4e1f-9a2b-3c4d5e6f7a8b`,
    gstin: makeGstin('29', 1),
    state: 'Karnataka',
    stateCode: '29',
    pincode: '560001',
    address: ['No. 1, MG Road', 'Bengaluru'],
    booksFrom,
    parties,
    suppliers,
    items,
    services: [
      { name: 'Consulting Services', sac: '998311', rate: 18 },
      { name: 'Installation Charges', sac: '995461', rate: 18 },
    ],
  };
}

/** Item 4 is kept in micrograms and sold per milligram; the other "Box" items also count in Nos (10 a box). */
function alternateUnitOf(i: number): { unit: string; alternate: { unit: string; per: number } } | undefined {
  if (i === 4) return { unit: 'UG', alternate: { unit: 'MG', per: 1000 } };
  if (i % 6 === 4) return { unit: 'Box', alternate: { unit: 'Nos', per: 10 } };
  return undefined;
}

export function registrationOn(party: SimParty, date: string): SimParty['registrations'][number] {
  let chosen = party.registrations[0];
  for (const registration of party.registrations) if (registration.from <= date) chosen = registration;
  return chosen;
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 15th character of a GSTIN, by GSTN's published scheme (Luhn mod 36 over the first 14): the
 * simulated company's own copy, so the sandbox shares no code with the product it tests.
 */
function gstinCheckDigit(first14: string): string {
  let sum = 0;
  [...first14].forEach((character, position) => {
    const weighted = GSTIN_ALPHABET.indexOf(character) * (position % 2 === 0 ? 1 : 2);
    sum += Math.trunc(weighted / 36) + (weighted % 36);
  });
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36];
}
