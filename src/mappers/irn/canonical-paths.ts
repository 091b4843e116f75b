/**
 * Where each NIC field comes from in the CanonicalInvoice, so a rule that fails on the NIC payload can
 * point at the ERP field to fix. Item and array indices carry over one to one (ItemList[i] is lines[i]).
 */
const ADDRESS_FIELDS: Readonly<Record<string, string>> = {
  Addr1: 'address.line1',
  Addr2: 'address.line2',
  Loc: 'address.city',
  Pin: 'address.postalCode',
  Stcd: 'address.stateCode',
};

const PARTY_FIELDS: Readonly<Record<string, string>> = {
  ...ADDRESS_FIELDS,
  Gstin: 'gstin',
  LglNm: 'legalName',
  TrdNm: 'tradeName',
  Ph: 'phone',
  Em: 'email',
};

const SECTIONS: Readonly<Record<string, { root: string; fields: Readonly<Record<string, string>> }>> = {
  TranDtls: {
    root: '',
    fields: {
      SupTyp: 'supplyType',
      RegRev: 'reverseCharge',
      EcmGstin: 'ecommerceGstin',
      IgstOnIntra: 'igstOnIntra',
    },
  },
  DocDtls: { root: '', fields: { Typ: 'documentType', No: 'documentNumber', Dt: 'documentDate' } },
  SellerDtls: { root: 'seller.', fields: PARTY_FIELDS },
  BuyerDtls: { root: 'buyer.', fields: { ...PARTY_FIELDS, Pos: 'placeOfSupply' } },
  DispDtls: { root: 'dispatchFrom.', fields: { ...ADDRESS_FIELDS, Nm: 'name' } },
  ShipDtls: { root: 'shipTo.', fields: PARTY_FIELDS },
  ValDtls: {
    root: '',
    fields: {
      AssVal: 'totals.taxableValue',
      CgstVal: 'totals.cgst',
      SgstVal: 'totals.sgst',
      IgstVal: 'totals.igst',
      CesVal: 'totals.cess',
      StCesVal: 'totals.stateCess',
      Discount: 'documentDiscount',
      OthChrg: 'charges',
      RndOffAmt: 'totals.roundOff',
      TotInvVal: 'totals.invoiceTotal',
      TotInvValFc: 'totals.invoiceTotalForeignCurrency',
    },
  },
  PayDtls: {
    root: 'payment.',
    fields: {
      Nm: 'payeeName',
      AccDet: 'accountNumber',
      Mode: 'mode',
      FinInsBr: 'ifsc',
      PayTerm: 'terms',
      PayInstr: 'instructions',
      CrDay: 'creditDays',
      PaidAmt: 'paidAmount',
      PaymtDue: 'dueAmount',
    },
  },
  RefDtls: { root: '', fields: { InvRm: 'notes' } },
  ExpDtls: {
    root: 'export.',
    fields: {
      ShipBNo: 'shippingBillNumber',
      ShipBDt: 'shippingBillDate',
      Port: 'portCode',
      RefClm: 'refundClaim',
      ForCur: 'foreignCurrency',
      CntCode: 'countryCode',
      ExpDuty: 'exportDuty',
    },
  },
  EwbDtls: {
    root: 'transport.',
    fields: {
      TransId: 'transporterId',
      TransName: 'transporterName',
      TransMode: 'mode',
      Distance: 'distanceKm',
      TransDocNo: 'transportDocNumber',
      TransDocDt: 'transportDocDate',
      VehNo: 'vehicleNumber',
      VehType: 'vehicleType',
    },
  },
};

const ITEM_FIELDS: Readonly<Record<string, string>> = {
  SlNo: 'lineNo',
  PrdDesc: 'description',
  IsServc: 'isService',
  HsnCd: 'hsnCode',
  Barcde: 'barcode',
  Qty: 'quantity',
  FreeQty: 'freeQuantity',
  Unit: 'unit',
  UnitPrice: 'unitPrice',
  TotAmt: 'grossAmount',
  Discount: 'discount',
  PreTaxVal: 'preTaxValue',
  AssAmt: 'taxableValue',
  GstRt: 'taxRate',
  IgstAmt: 'igstAmount',
  CgstAmt: 'cgstAmount',
  SgstAmt: 'sgstAmount',
  CesRt: 'cessRate',
  CesAmt: 'cessAmount',
  CesNonAdvlAmt: 'cessNonAdvolAmount',
  StateCesRt: 'stateCessRate',
  StateCesAmt: 'stateCessAmount',
  StateCesNonAdvlAmt: 'stateCessNonAdvolAmount',
  OthChrg: 'otherCharges',
  TotItemVal: 'totalAmount',
  'BchDtls.Nm': 'batch.name',
  'BchDtls.ExpDt': 'batch.expiryDate',
  'BchDtls.WrDt': 'batch.warrantyDate',
};

const ITEM_PATH = /^ItemList\[(\d+)\](?:\.(.+))?$/;
const ATTRIBUTE_PATH = /^AttribDtls\[(\d+)\]\.(Nm|Val)$/;
const ADDITIONAL_DOCUMENT_PATH = /^AddlDocDtls\[(\d+)\](?:\.(Url|Docs|Info))?$/;
const ADDITIONAL_DOCUMENT_FIELDS: Readonly<Record<string, string>> = {
  Url: 'url',
  Docs: 'document',
  Info: 'information',
};

/** The CanonicalInvoice path a NIC field is mapped from, or undefined when it has no single source. */
export function canonicalPathFor(nicPath: string): string | undefined {
  const item = ITEM_PATH.exec(nicPath);
  if (item) return canonicalItemPath(item[1], item[2]);
  if (nicPath === 'ItemList') return 'lines';
  // EwbDtls as a whole (4009: no bill for services) comes from the canonical transport details.
  if (nicPath === 'EwbDtls') return 'transport';
  const document = ADDITIONAL_DOCUMENT_PATH.exec(nicPath);
  if (document) {
    const entry = `additionalDocuments[${document[1]}]`;
    return document[2] === undefined ? entry : `${entry}.${ADDITIONAL_DOCUMENT_FIELDS[document[2]]}`;
  }
  if (nicPath === 'RefDtls.PrecDocDtls') return 'originalInvoice';
  if (nicPath.startsWith('RefDtls.PrecDocDtls[0].')) {
    const field = nicPath.slice('RefDtls.PrecDocDtls[0].'.length);
    return field === 'InvNo'
      ? 'originalInvoice.number'
      : field === 'InvDt'
        ? 'originalInvoice.date'
        : undefined;
  }
  const dot = nicPath.indexOf('.');
  if (dot < 0) return undefined;
  // Own properties only: a path such as `__proto__.x` must not reach Object.prototype.
  const sectionName = nicPath.slice(0, dot);
  const section = Object.hasOwn(SECTIONS, sectionName) ? SECTIONS[sectionName] : undefined;
  const fieldName = nicPath.slice(dot + 1);
  const field = section && Object.hasOwn(section.fields, fieldName) ? section.fields[fieldName] : undefined;
  return section === undefined || field === undefined ? undefined : `${section.root}${field}`;
}

function canonicalItemPath(index: string, field: string | undefined): string {
  if (field === undefined) return `lines[${index}]`;
  const attribute = ATTRIBUTE_PATH.exec(field);
  if (attribute)
    return `lines[${index}].attributes[${attribute[1]}].${attribute[2] === 'Nm' ? 'name' : 'value'}`;
  const canonicalField = Object.hasOwn(ITEM_FIELDS, field) ? ITEM_FIELDS[field] : undefined;
  return canonicalField === undefined ? `lines[${index}]` : `lines[${index}].${canonicalField}`;
}
