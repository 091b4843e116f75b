/** The `zatca_status` of a submission, as the regime sets it and the reporting store selects by it. */
export const ZATCA_STATUS = {
  cleared: 'CLEARED',
  reported: 'REPORTED',
  pendingReporting: 'SIGNED_PENDING_REPORTING',
} as const;
