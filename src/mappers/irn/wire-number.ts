/** NIC's scales: 2 places for amounts, 3 for quantities, unit prices and rates. */
export const AMOUNT_PLACES = 2;
export const QUANTITY_PLACES = 3;
export const RATE_PLACES = 3;
