/**
 * The EGS unit onboarded automatically in development (sandbox only): a fictitious Riyadh seller whose
 * VAT number is the one the sample KSA invoices carry.
 */
import type { EgsUnitProfile } from '../compliance/ksa';

export const DEMO_KSA_VAT_NUMBER = '310987654300003';

export function demoEgsUnit(egsUnitId: string): EgsUnitProfile {
  return {
    egsUnitId,
    csr: {
      environment: 'simulation',
      commonName: `EGS-${egsUnitId}`,
      solutionName: 'ComplianceConnector',
      model: 'Server',
      serialNumber: `demo-${egsUnitId}`,
      vatNumber: DEMO_KSA_VAT_NUMBER,
      organizationUnitName: 'Riyadh Branch',
      organizationName: 'Najd Electronics Trading Co.',
      invoiceType: '1100',
      locationAddress: 'Al Olaya, Riyadh',
      industryBusinessCategory: 'Wholesale trade',
    },
    seller: {
      vatNumber: DEMO_KSA_VAT_NUMBER,
      legalName: 'Najd Electronics Trading Co.',
      legalNameArabic: 'شركة نجد للتجارة الإلكترونية',
      address: {
        line1: 'King Fahd Road',
        street: 'King Fahd Road',
        buildingNumber: '2431',
        additionalNumber: '8812',
        district: 'Al Olaya',
        city: 'Riyadh',
        postalCode: '12214',
        countryCode: 'SA',
      },
      otherIds: [{ scheme: 'CRN', value: '1010456789' }],
    },
  };
}
