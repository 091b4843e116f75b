export * from './reporting-ports';
export * from './reporting-job';
export * from './report-reissue';
export * from './reonboarding';
export * from './waiting-submissions';
