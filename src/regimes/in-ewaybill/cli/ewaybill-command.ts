/**
 * `ewaybill part-b|transporter|extend|cancel|consolidate|expiring`: operations on registered e-way bills
 * (submissions of regime in-ewaybill), each audited with the operator and reason, through the service's
 * generic routes (the regime's declared operations and the cancel every regime shares). The e-way bill
 * system's reason codes differ from the e-invoice's: cancel 1 duplicate, 2 order cancelled, 3 data entry
 * mistake, 4 others.
 */
import { Command, InvalidArgumentError } from 'commander';
import {
  addJsonOption,
  type CancelRequest,
  type CliContext,
  formatTable,
  type ManySubmissionsOperationBody,
  type OneSubmissionOperationBody,
  type Schema,
} from '../../../cli';

type ExpiringBill = Schema<'ExpiringBillResponse'>;
type PartB = OneSubmissionOperationBody<'part-b'>;
type Extend = OneSubmissionOperationBody<'extend'>;
type Consolidate = ManySubmissionsOperationBody<'consolidate'>;
type TransportMode = PartB['transMode'];

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** A parser admitting the codes the API's request declares (`allowed` is typed by it). */
function oneOf<Code extends string>(allowed: readonly Code[], meaning: string) {
  return (value: string): Code => {
    const code = allowed.find((known) => known === value.trim());
    if (code !== undefined) return code;
    throw new InvalidArgumentError(`must be ${meaning}`);
  };
}

const TRANSPORT_MODES: readonly TransportMode[] = ['1', '2', '3', '4'];

function integer(min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    }
    return number;
  };
}

function audited(command: Command): Command {
  return command
    .requiredOption('--operator <name>', 'who is acting (audited)')
    .requiredOption('--reason <text>', 'why (audited)');
}

interface Audited {
  operator: string;
  reason: string;
  json?: boolean;
}

export function ewaybillCommand(ctx: CliContext): Command {
  const partB = audited(
    addJsonOption(
      new Command('part-b')
        .description('enter or change the vehicle (Part-B) of an e-way bill')
        .argument('<submissionId>', 'submission id of the e-way bill')
        .requiredOption('--vehicle <number>', 'vehicle number, e.g. KA01AB1234')
        .requiredOption('--from-place <place>', 'where the vehicle starts from')
        .requiredOption('--from-state <code>', 'GST state code of that place', integer(1, 99))
        .requiredOption(
          '--reason-code <1-4>',
          '1 break down, 2 transhipment, 3 others, 4 first time',
          oneOf<PartB['reasonCode']>(['1', '2', '3', '4'], '1, 2, 3 or 4'),
        )
        .requiredOption('--remark <text>', 'remark sent with the reason')
        .option('--mode <1-4>', '1 road, 2 rail, 3 air, 4 ship', oneOf(TRANSPORT_MODES, '1, 2, 3 or 4'), '1')
        .option('--trans-doc <number>', 'transport document number (rail, air, ship)')
        .option('--trans-doc-date <dd/mm/yyyy>', 'transport document date'),
    ),
  ).action(
    async (
      submissionId: string,
      options: Audited & {
        vehicle: string;
        fromPlace: string;
        fromState: number;
        reasonCode: PartB['reasonCode'];
        remark: string;
        mode: TransportMode;
        transDoc?: string;
        transDocDate?: string;
      },
      command: Command,
    ) => {
      const answer = await ctx.client(command).operation(submissionId, 'part-b', {
        vehicleNo: options.vehicle,
        fromPlace: options.fromPlace,
        fromState: options.fromState,
        reasonCode: options.reasonCode,
        reasonRemark: options.remark,
        transMode: options.mode,
        transDocNo: options.transDoc,
        transDocDate: options.transDocDate,
        operator: options.operator,
        reason: options.reason,
      });
      if (options.json) return ctx.printJson(answer);
      ctx.print(
        `Part-B of e-way bill ${text(answer?.ewbNo)} updated: valid up to ${text(answer?.validUpto) || '(unchanged)'}`,
      );
    },
  );

  const transporter = audited(
    addJsonOption(
      new Command('transporter')
        .description('assign the transporter of an e-way bill (catalog A providers)')
        .argument('<submissionId>', 'submission id of the e-way bill')
        .requiredOption('--transporter-id <gstin>', 'GSTIN or TRANSIN of the transporter'),
    ),
  ).action(async (submissionId: string, options: Audited & { transporterId: string }, command: Command) => {
    const answer = await ctx.client(command).operation(submissionId, 'transporter', {
      transporterId: options.transporterId,
      operator: options.operator,
      reason: options.reason,
    });
    if (options.json) return ctx.printJson(answer);
    ctx.print(`transporter of e-way bill ${text(answer?.ewbNo)} set to ${options.transporterId}`);
  });

  const extend = audited(
    addJsonOption(
      new Command('extend')
        .description('extend validity: only from 8 h before to 8 h after it ends')
        .argument('<submissionId>', 'submission id of the e-way bill')
        .requiredOption('--remaining-km <km>', 'distance still to go', integer(1, 4000))
        .requiredOption(
          '--reason-code <code>',
          '1 natural calamity, 2 law and order, 4 transhipment, 5 accident, 99 others',
          oneOf<Extend['reasonCode']>(['1', '2', '4', '5', '99'], '1, 2, 4, 5 or 99'),
        )
        .requiredOption('--remark <text>', 'remark sent with the reason')
        .requiredOption('--from-place <place>', 'where the goods are now')
        .requiredOption('--from-state <code>', 'GST state code of that place', integer(1, 99))
        .requiredOption('--from-pincode <pin>', 'PIN code of that place', integer(100000, 999999))
        .option('--vehicle <number>', 'vehicle number (in movement by road)')
        .option('--mode <1-4>', '1 road, 2 rail, 3 air, 4 ship', oneOf(TRANSPORT_MODES, '1, 2, 3 or 4'), '1')
        .option(
          '--in-transit <R|W|O>',
          'goods in transit (road, warehouse, others) instead of in movement',
          oneOf<NonNullable<Extend['transitType']>>(['R', 'W', 'O'], 'R, W or O'),
        )
        .option('--address <line>', 'transit address line (three times when in transit)', collect, []),
    ),
  ).action(
    async (
      submissionId: string,
      options: Audited & {
        remainingKm: number;
        reasonCode: Extend['reasonCode'];
        remark: string;
        fromPlace: string;
        fromState: number;
        fromPincode: number;
        vehicle?: string;
        mode: TransportMode;
        inTransit?: Extend['transitType'];
        address: string[];
      },
      command: Command,
    ) => {
      const transit: Pick<
        Extend,
        'consignmentStatus' | 'transitType' | 'addressLine1' | 'addressLine2' | 'addressLine3' | 'vehicleNo'
      > = options.inTransit
        ? {
            consignmentStatus: 'T',
            transitType: options.inTransit,
            addressLine1: options.address[0],
            addressLine2: options.address[1],
            addressLine3: options.address[2],
          }
        : { consignmentStatus: 'M', vehicleNo: options.vehicle };
      const answer = await ctx.client(command).operation(submissionId, 'extend', {
        remainingDistanceKm: options.remainingKm,
        reasonCode: options.reasonCode,
        remark: options.remark,
        fromPlace: options.fromPlace,
        fromState: options.fromState,
        fromPincode: options.fromPincode,
        transMode: options.mode,
        ...transit,
        operator: options.operator,
        reason: options.reason,
      });
      if (options.json) return ctx.printJson(answer);
      ctx.print(`e-way bill ${text(answer?.ewbNo)} extended: valid up to ${text(answer?.validUpto)}`);
    },
  );

  const cancel = audited(
    addJsonOption(
      new Command('cancel')
        .description('cancel an e-way bill within 24 hours of its generation')
        .argument('<submissionId>', 'submission id of the e-way bill')
        .requiredOption(
          '--reason-code <1-4>',
          '1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others',
          oneOf<CancelRequest['reasonCode']>(['1', '2', '3', '4'], '1, 2, 3 or 4'),
        )
        .requiredOption('--remark <text>', 'remark sent to the e-way bill system (up to 50 characters)'),
    ),
  ).action(
    async (
      submissionId: string,
      options: Audited & { reasonCode: CancelRequest['reasonCode']; remark: string },
      command: Command,
    ) => {
      const answer = await ctx.client(command).cancel(submissionId, {
        reasonCode: options.reasonCode,
        remark: options.remark,
        operator: options.operator,
        reason: options.reason,
      });
      if (options.json) return ctx.printJson(answer);
      ctx.print(`e-way bill ${text(answer.ewbNo)} cancelled: submission now ${text(answer.state)}`);
    },
  );

  const consolidate = audited(
    addJsonOption(
      new Command('consolidate')
        .description('one consolidated e-way bill for several bills moving on one vehicle')
        .argument('<submissionIds...>', 'submission ids of the e-way bills')
        .requiredOption('--vehicle <number>', 'vehicle number')
        .requiredOption('--from-place <place>', 'where the trip starts')
        .requiredOption('--from-state <code>', 'GST state code of that place', integer(1, 99))
        .option('--mode <1-4>', '1 road, 2 rail, 3 air, 4 ship', oneOf(TRANSPORT_MODES, '1, 2, 3 or 4'), '1')
        .option('--trans-doc <number>', 'transport document number')
        .option('--trans-doc-date <dd/mm/yyyy>', 'transport document date'),
    ),
  ).action(
    async (
      submissionIds: string[],
      options: Audited & {
        vehicle: string;
        fromPlace: string;
        fromState: number;
        mode: Consolidate['transMode'];
        transDoc?: string;
        transDocDate?: string;
      },
      command: Command,
    ) => {
      const run = await ctx.client(command).operationOnMany('consolidate', {
        submissionIds,
        vehicleNo: options.vehicle,
        fromPlace: options.fromPlace,
        fromState: options.fromState,
        transMode: options.mode,
        transDocNo: options.transDoc,
        transDocDate: options.transDocDate,
        operator: options.operator,
        reason: options.reason,
      });
      if (options.json) return ctx.printJson(run);
      ctx.print(
        `consolidated e-way bill ${text(run.result.consolidatedEwbNo)} for ${submissionIds.length} bills on ${options.vehicle}`,
      );
    },
  );

  const expiring = addJsonOption(
    new Command('expiring')
      .description(
        'active e-way bills whose validity ends soon; --extend runs the scheduled auto-extension now',
      )
      .option('--within-hours <hours>', 'how far ahead to look', integer(1, 720), 8)
      .option('--connector <name>', 'one connector instance')
      .option('--extend', 'extend the bills in their window where the instance configures autoExtend'),
  ).action(
    async (
      options: { withinHours: number; connector?: string; extend?: boolean; json?: boolean },
      command: Command,
    ) => {
      const client = ctx.client(command);
      if (options.extend) {
        const run = await client.call('post', '/ewaybills/expiring/extend');
        if (options.json) return ctx.printJson(run);
        const failed = run.extensions.filter((e) => e.outcome === 'failed');
        ctx.print(
          `${run.expiring.length} expiring, ${run.extensions.length - failed.length} extended, ${failed.length} failed`,
        );
        for (const e of failed) ctx.print(`  ${text(e.ewbNo)}: ${text(e.code)} ${text(e.message)}`);
        return;
      }
      const bills = await client.call('get', '/ewaybills/expiring', {
        query: { withinHours: options.withinHours, connector: options.connector },
      });
      if (options.json) return ctx.printJson(bills);
      if (bills.length === 0) return ctx.print(`no e-way bills expiring within ${options.withinHours} h`);
      ctx.print(
        formatTable(
          [
            { header: 'EWB NO', value: (b: ExpiringBill) => b.ewbNo },
            { header: 'VALID UP TO', value: (b: ExpiringBill) => b.validUpto },
            { header: 'HOURS LEFT', value: (b: ExpiringBill) => b.hoursLeft },
            { header: 'EXTENDABLE NOW', value: (b: ExpiringBill) => (b.extendable ? 'yes' : 'no') },
            { header: 'SUBMISSION', value: (b: ExpiringBill) => b.submissionId },
          ],
          bills,
        ),
      );
    },
  );

  return new Command('ewaybill')
    .description('e-way bills: part-b, transporter, extend, cancel, consolidate, expiring')
    .addCommand(partB)
    .addCommand(transporter)
    .addCommand(extend)
    .addCommand(cancel)
    .addCommand(consolidate)
    .addCommand(expiring);
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
