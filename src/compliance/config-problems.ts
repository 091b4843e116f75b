import { ComplianceError } from './regime';

/** The lines a provider-config check refuses with (a `config` ComplianceError), or none. */
export function configProblems(check: () => unknown): string[] {
  try {
    check();
    return [];
  } catch (error) {
    if (error instanceof ComplianceError && error.errorClass === 'config') return [error.message];
    throw error;
  }
}
