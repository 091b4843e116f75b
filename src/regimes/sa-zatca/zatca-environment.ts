/**
 * The three ZATCA (Fatoora) environments. Each has its own base URL and its own certificate template
 * name, which the CSR must carry (extension 1.3.6.1.4.1.311.20.2, as the SDK writes it): a CSR made for
 * the wrong environment is refused by onboarding.
 */
import { isZatcaEnvironment, ZATCA_ENVIRONMENTS, type ZatcaEnvironment } from '../../ports';

export { isZatcaEnvironment, ZATCA_ENVIRONMENTS, type ZatcaEnvironment };

export const CERTIFICATE_TEMPLATE_NAMES: Readonly<Record<ZatcaEnvironment, string>> = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  core: 'ZATCA-Code-Signing',
};

/** Public base URLs of the Fatoora API; override per connector instance (sandbox, proxy). */
export const FATOORA_BASE_URLS: Readonly<Record<ZatcaEnvironment, string>> = {
  'developer-portal': 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  core: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
};
