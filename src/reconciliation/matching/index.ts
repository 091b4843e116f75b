export { DEFAULT_MATCH_CONFIG } from './match-config';
export type { MatchConfig } from './match-config';
export { MATCH_CATEGORIES } from './match-result';
export type { FieldDifference, MatchCategory, MatchResult, MatchRule } from './match-result';
export { comparePair, reconcile } from './reconcile';
export { assertEveryRowReported, RowAccountingError } from './row-accounting';
export { looseNumber, numberSimilarity, strictNumber } from './invoice-number';
export { fromPaise, toPaise } from './paise';
export type { RecoDocument, RecoDocumentKind, RecoSide } from './reco-document';
