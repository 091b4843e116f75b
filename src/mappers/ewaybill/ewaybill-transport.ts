/**
 * Part-A/Part-B of an e-way bill from the transport details: the distance always (0 lets the portal
 * compute pin-to-pin), the vehicle (road) or transport document (rail, air, ship) when Part-B is known.
 * Without them the bill is Part-A only and Part-B follows later (vehicle update).
 */
import {
  type IsoDate,
  type TransportDetails,
  type TransportMode,
  isIsoDate,
  toNicDate,
  fieldError,
  type FieldError,
  normaliseVehicleNumber,
} from '../../domain';

export const MAX_DISTANCE_KM = 4000;
const MODE_CODE: Record<TransportMode, '1' | '2' | '3' | '4'> = { ROAD: '1', RAIL: '2', AIR: '3', SHIP: '4' };
const VEHICLE_NUMBER = /^[A-Z0-9]{7,15}$/;
const TRANSPORTER_ID = /^[0-9]{2}[0-9A-Z]{13}$/;

export interface EwaybillTransport {
  distanceKm: number;
  transporterId?: string;
  transporterName?: string;
  /** Present with Part-B only. */
  partB?: {
    mode: '1' | '2' | '3' | '4';
    vehicleNo?: string;
    vehicleType?: 'R' | 'O';
    transDocNo?: string;
    transDocDate?: string;
  };
}

export { normaliseVehicleNumber };

export function readTransport(
  transport: TransportDetails | undefined,
  documentDate: IsoDate,
  path = 'transport',
): { ok: true; value: EwaybillTransport } | { ok: false; errors: FieldError[] } {
  if (!transport) {
    return {
      ok: false,
      errors: [
        fieldError(
          path,
          'ewaybill.transportRequired',
          'goods over the e-way bill threshold need transport details: transport.distanceKm (0 lets the portal ' +
            'compute it) at least; transport.vehicleNumber (road) or transport.transportDocNumber (rail, air, ship) ' +
            'may follow later as Part-B',
        ),
      ],
    };
  }
  const errors: FieldError[] = [];
  const distance = transport.distanceKm;
  if (distance === undefined || distance === null) {
    errors.push(
      fieldError(
        `${path}.distanceKm`,
        'required',
        'the distance in km is required (0 lets the portal compute it)',
      ),
    );
  } else if (!Number.isInteger(distance) || distance < 0 || distance > MAX_DISTANCE_KM) {
    errors.push(
      fieldError(
        `${path}.distanceKm`,
        'ewaybill.distance',
        `must be a whole number of km from 0 to ${MAX_DISTANCE_KM}`,
        distance,
      ),
    );
  }
  if (transport.transporterId !== undefined && !TRANSPORTER_ID.test(transport.transporterId)) {
    errors.push(
      fieldError(
        `${path}.transporterId`,
        'ewaybill.transporterId',
        'must be a 15-character GSTIN or TRANSIN',
        transport.transporterId,
      ),
    );
  }
  if (transport.transporterName !== undefined && transport.transporterName.length > 100) {
    errors.push(
      fieldError(`${path}.transporterName`, 'maxLength', 'at most 100 characters', transport.transporterName),
    );
  }
  const vehicleNo = transport.vehicleNumber ? normaliseVehicleNumber(transport.vehicleNumber) : undefined;
  if (vehicleNo !== undefined && !VEHICLE_NUMBER.test(vehicleNo)) {
    errors.push(
      fieldError(
        `${path}.vehicleNumber`,
        'ewaybill.vehicleNumber',
        '7 to 15 letters and digits, e.g. KA01AB1234',
        transport.vehicleNumber,
      ),
    );
  }
  const docNo = transport.transportDocNumber;
  if (docNo !== undefined && (docNo.length === 0 || docNo.length > 15)) {
    errors.push(fieldError(`${path}.transportDocNumber`, 'maxLength', '1 to 15 characters', docNo));
  }
  const docDate = transport.transportDocDate;
  if (docDate !== undefined) {
    if (!isIsoDate(docDate)) {
      errors.push(fieldError(`${path}.transportDocDate`, 'date', 'must be a date (YYYY-MM-DD)', docDate));
    } else if (isIsoDate(documentDate) && docDate < documentDate) {
      errors.push(
        fieldError(
          `${path}.transportDocDate`,
          'ewaybill.transDocDate',
          'cannot be before the document date (NIC 362)',
          docDate,
        ),
      );
    }
  }
  const mode = transport.mode ?? (vehicleNo ? 'ROAD' : undefined);
  if (mode !== undefined && mode !== 'ROAD' && !docNo) {
    errors.push(
      fieldError(
        `${path}.transportDocNumber`,
        'required',
        `a ${mode.toLowerCase()} movement needs its transport document number (NIC 385)`,
      ),
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  const value: EwaybillTransport = { distanceKm: distance! };
  if (transport.transporterId) value.transporterId = transport.transporterId;
  if (transport.transporterName) value.transporterName = transport.transporterName;
  const hasPartB = mode === 'ROAD' ? vehicleNo !== undefined : mode !== undefined;
  if (hasPartB) {
    value.partB = { mode: MODE_CODE[mode!] };
    if (vehicleNo) {
      value.partB.vehicleNo = vehicleNo;
      value.partB.vehicleType = transport.vehicleType ?? 'R';
    }
    if (docNo) value.partB.transDocNo = docNo;
    if (docDate) value.partB.transDocDate = toNicDate(docDate);
  }
  return { ok: true, value };
}
