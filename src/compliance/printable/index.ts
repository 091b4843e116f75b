/** A registered invoice laid out for printing: what each regime's reader fills and the console draws. */
export { amountText, decimalText } from './amount-text';
export {
  fact,
  type PrintableInvoice,
  type PrintColumn,
  type PrintFact,
  type PrintLabel,
  type PrintParty,
} from './printable-invoice';
