/**
 * The Fatoora environments the simulator can stand for, by the certificate template name their
 * onboarding demands in a CSR (extension 1.3.6.1.4.1.311.20.2, as ZATCA's SDK and portal write it).
 */
export const TEMPLATE_NAME_BY_ENVIRONMENT = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  core: 'ZATCA-Code-Signing',
} as const;

export type ZatcaEnvironment = keyof typeof TEMPLATE_NAME_BY_ENVIRONMENT;
