/** The thresholds the rules use; configuration, with the defaults below. */
export interface MatchConfig {
  /** Largest difference (rupees, decimal text) between two amounts still taken as equal. Default "1". */
  amountTolerance: string;
  /** Largest date difference, in days, for a suggested match. Default 30. */
  dateWindowDays: number;
  /** Smallest similarity (0..1) of two normalised invoice numbers for a fuzzy suggestion. Default 0.8. */
  minNumberSimilarity: number;
  /** Numbers shorter than this after normalisation are never fuzzily matched. Default 3. */
  minFuzzyLength: number;
}

export const DEFAULT_MATCH_CONFIG: MatchConfig = {
  amountTolerance: '1',
  dateWindowDays: 30,
  minNumberSimilarity: 0.8,
  minFuzzyLength: 3,
};
