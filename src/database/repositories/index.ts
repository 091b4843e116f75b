export * from './audit.repository';
export * from './connector-instance.repository';
export * from './document.repository';
export * from './submission.repository';
export * from './webhook-receipt.repository';
export * from './egs-credential.repository';
export * from './gsp-session.repository';
export * from './zatca-chain.repository';
