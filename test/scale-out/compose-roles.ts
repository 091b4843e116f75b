/**
 * The process layout of compose.yaml, for tests: each service's environment as the container would get
 * it, so a test starts the same roles with the same configuration file as separate processes. Values the
 * compose file takes from the operator (`${VAR...}`) must be given by the test; a new one it does not
 * give fails the test rather than being left out.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

export const ROOT = resolve(__dirname, '..', '..');

interface ComposeService {
  environment?: Record<string, string>;
  volumes?: string[];
  deploy?: { replicas?: string | number };
}

function composeServices(): Record<string, ComposeService> {
  const compose = parse(readFileSync(resolve(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return compose.services;
}

/** A compose service's environment with the operator's values filled in and container paths mapped. */
export function composeEnvironment(service: string, given: Record<string, string>): Record<string, string> {
  const definition = composeServices()[service];
  if (!definition) throw new Error(`compose.yaml has no service ${service}`);
  const mounts = new Map(
    (definition.volumes ?? []).map((volume) => {
      const [host, container] = volume.split(':');
      return [container, resolve(ROOT, host)] as const;
    }),
  );
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(definition.environment ?? {})) {
    if (String(value).includes('${')) {
      if (given[name] === undefined) throw new Error(`compose.yaml ${service}: the test must give ${name}`);
      env[name] = given[name];
    } else {
      env[name] = mounts.get(String(value)) ?? String(value);
    }
  }
  return env;
}

export function composeRoles(service: string): string[] {
  const roles = composeServices()[service]?.environment?.PROCESS_ROLES;
  if (!roles) throw new Error(`compose.yaml ${service}: no PROCESS_ROLES`);
  return roles.split(',').map((role) => role.trim());
}
