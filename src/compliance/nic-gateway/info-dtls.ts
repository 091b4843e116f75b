/** NIC's InfoDtls, read the ways providers send it. */

/** One entry of NIC's InfoDtls: an information code (DUPIRN, EWBERR, ...) and what it says. */
export interface IrpInfoEntry {
  InfCd: string;
  Desc: unknown;
}

/**
 * NIC's InfoDtls as sent: under `info` or `InfoDtls` (of the envelope or of its data), an array or a JSON
 * string of one; each Desc may itself be a JSON string (DUPIRN's {AckNo, AckDt, Irn}).
 */
export function readInfoDtls(envelope: {
  info?: unknown;
  InfoDtls?: unknown;
  data?: unknown;
}): IrpInfoEntry[] {
  const data = envelope.data as { InfoDtls?: unknown } | null | undefined;
  const value = envelope.info ?? envelope.InfoDtls ?? data?.InfoDtls;
  const list = typeof value === 'string' ? parseJson(value) : value;
  if (!Array.isArray(list)) return [];
  return (list as { InfCd?: unknown; Desc?: unknown }[])
    .filter((item) => typeof item?.InfCd === 'string')
    .map((item) => ({
      InfCd: item.InfCd as string,
      Desc:
        typeof item.Desc === 'string' && /^\s*[[{]/.test(item.Desc)
          ? (parseJson(item.Desc) ?? item.Desc)
          : item.Desc,
    }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
