import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

export type WriteBackMode = 'native' | 'udf';

/**
 * Where write-back puts each identifier. 'native': TallyPrime's own e-invoice storages (IRN, IRNACKNO,
 * IRNACKDATE, IRNQRCODE) and EWAYBILLDETAILS.LIST. 'udf': user-defined fields named below, for companies
 * whose invoice formats print UDFs. TallyPrime documents IRNQRCODE as not importable, so in native mode the
 * QR can also go to a UDF (`qrCode`) so the user can still print it.
 */
export class TallyWriteBackFields {
  @IsIn(['native', 'udf'])
  mode: WriteBackMode = 'native';

  @IsString()
  @IsNotEmpty()
  irn = 'IRN';

  @IsString()
  @IsNotEmpty()
  ackNo = 'IRNACKNO';

  @IsString()
  @IsNotEmpty()
  ackDate = 'IRNACKDATE';

  /** UDF for the signed QR; in native mode optional (IRNQRCODE is sent but Tally may drop it). */
  @IsOptional()
  @IsString()
  qrCode?: string;

  @IsString()
  @IsNotEmpty()
  ewbNo = 'EWAYBILLNO';

  @IsString()
  @IsNotEmpty()
  ewbDate = 'EWAYBILLDATE';

  @IsString()
  @IsNotEmpty()
  ewbValidUpto = 'EWAYBILLVALIDUPTO';
}

export class TallyConfig {
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  url = 'http://127.0.0.1:9000';

  /** Company name exactly as shown in Tally (Gateway of Tally > company list). */
  @IsString()
  @IsNotEmpty()
  companyName!: string;

  @IsInt()
  @Min(100)
  timeoutMs = 120_000;

  /**
   * The largest answer read from Tally, in bytes (default 1 GiB). A pull asks for `batchSize` vouchers a
   * request, so a real answer stays far below; anything larger is stopped and named, not read to the end.
   */
  @IsInt()
  @Min(1024 * 1024)
  maxResponseBytes = 1024 * 1024 * 1024;

  /** Most vouchers asked for in one request (Tally can hang on very large exports; 10,000 is the safe ceiling). */
  @IsInt()
  @Min(1)
  @Max(10_000)
  batchSize = 2_000;

  /** First day of the first catch-up (YYYY-MM-DD); defaults to the company's books-from date. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  startDate?: string;

  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  salesVoucherTypes: string[] = ['Sales'];

  @IsArray()
  @IsString({ each: true })
  creditNoteVoucherTypes: string[] = ['Credit Note'];

  @IsArray()
  @IsString({ each: true })
  debitNoteVoucherTypes: string[] = ['Debit Note'];

  @IsArray()
  @IsString({ each: true })
  purchaseVoucherTypes: string[] = ['Purchase'];

  /** Send requests as UTF-16LE and ask for UTF-16 answers (needed by some Tally builds for non-ASCII names). */
  @IsBoolean()
  utf16 = false;

  /**
   * Threads that fetch, parse, normalise and hash vouchers during a pull: 1 is the connector's own thread
   * only; each one more is a worker thread taking whole sync windows ahead. Unset: min(2, available CPUs).
   * Tally serves one request at a time and queues the others, so this spreads the connector's CPU work,
   * not Tally's.
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(8)
  parallelism?: number;

  @ValidateNested()
  @Type(() => TallyWriteBackFields)
  writeBackFields: TallyWriteBackFields = new TallyWriteBackFields();
}
