/**
 * Marks a config property as secret: it is never logged, never returned by the API, and shown as
 * "[redacted]" wherever configuration is displayed.
 */
import 'reflect-metadata';

const SECRET_KEYS = Symbol('secretKeys');

export function Secret(): PropertyDecorator {
  return (target, propertyKey) => {
    const existing = (Reflect.getMetadata(SECRET_KEYS, target) as (string | symbol)[] | undefined) ?? [];
    Reflect.defineMetadata(SECRET_KEYS, [...existing, propertyKey], target);
  };
}

export function secretKeysOf(instance: object): string[] {
  const keys = (Reflect.getMetadata(SECRET_KEYS, instance) as (string | symbol)[] | undefined) ?? [];
  return keys.map(String);
}
