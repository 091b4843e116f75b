import { NotFoundException } from '@nestjs/common';
import type { ConnectorRuntimeService } from '../sync';

/** Resolves a connector name from a query filter to its instance id (404 for an unknown name). */
export function connectorIdOf(
  connectors: ConnectorRuntimeService,
  name: string | undefined,
): string | undefined {
  if (!name) return undefined;
  const live = connectors.get(name);
  if (!live) throw new NotFoundException(`no connector instance named ${name}`);
  return live.id;
}
