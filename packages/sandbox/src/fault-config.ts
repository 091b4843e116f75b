/**
 * Fault rules given to `npm run sandbox` up front, from SANDBOX_FAULTS_FILE (a YAML or JSON file) and
 * SANDBOX_FAULTS (the same text inline), both shaped as service name -> rules, a rule being what the
 * control API's POST /__sandbox/faults takes:
 *
 *   einvoiceGsp:
 *     - { path: GENERATE, fault: 503, count: 2 }          # the next 2 matching requests
 *     - { path: GENERATE, fault: drop-after-commit }      # count defaults to 1
 *     - { path: GETIRN, fault: timeout, count: every, method: GET }
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { FAULT_KINDS, isFaultKind, type FaultRule } from './framework/faults';

export type FaultConfig = Record<string, FaultRule[]>;

export function faultsFromEnvironment(env: NodeJS.ProcessEnv): FaultConfig | undefined {
  const sources: { name: string; text: string }[] = [];
  const file = env.SANDBOX_FAULTS_FILE;
  if (file) sources.push({ name: file, text: readFileSync(file, 'utf8') });
  if (env.SANDBOX_FAULTS) sources.push({ name: 'SANDBOX_FAULTS', text: env.SANDBOX_FAULTS });
  if (sources.length === 0) return undefined;
  const merged: FaultConfig = {};
  for (const source of sources) {
    for (const [service, rules] of Object.entries(parseFaultConfig(readText(source), source.name))) {
      (merged[service] ??= []).push(...rules);
    }
  }
  return merged;
}

export function parseFaultConfig(value: unknown, source: string): FaultConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${source}: expected service name -> list of fault rules`);
  }
  const config: FaultConfig = {};
  for (const [service, rules] of Object.entries(value)) {
    if (!Array.isArray(rules)) throw new Error(`${source}: ${service} must be a list of fault rules`);
    config[service] = rules.map((rule: unknown, index) => faultRule(rule, `${source}: ${service}[${index}]`));
  }
  return config;
}

function readText(source: { name: string; text: string }): unknown {
  try {
    return parse(source.text);
  } catch (error) {
    throw new Error(`${source.name}: not YAML or JSON (${(error as Error).message})`);
  }
}

function faultRule(rule: unknown, at: string): FaultRule {
  if (typeof rule !== 'object' || rule === null)
    throw new Error(`${at}: expected {path, fault, count?, method?}`);
  const { path, fault, count, method } = rule as Record<string, unknown>;
  if (typeof path !== 'string' || !compiles(path))
    throw new Error(`${at}: path must be a regular expression`);
  const kind = typeof fault === 'number' ? String(fault) : fault;
  if (!isFaultKind(kind)) throw new Error(`${at}: fault must be one of ${FAULT_KINDS.join(', ')}`);
  if (method !== undefined && typeof method !== 'string') throw new Error(`${at}: method must be text`);
  return { path, fault: kind, count: ruleCount(count, at), method };
}

function ruleCount(count: unknown, at: string): number {
  if (count === undefined) return 1;
  if (count === 'every') return Infinity;
  if (typeof count === 'number' && Number.isInteger(count) && count > 0) return count;
  throw new Error(`${at}: count must be a positive whole number or "every"`);
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
