/** The regime's reporting floor, reached from outside the regime through this face. */
export * from './reporting-ports';
export * from './reporting-job';
export * from './report-reissue';
export * from './reonboarding';
export * from './waiting-submissions';
