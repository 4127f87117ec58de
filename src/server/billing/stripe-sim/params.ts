import { invalidParam, missingParam } from './errors';
import type { ParamObject, ParamValue } from './form';
import type { Metadata } from './types';

/** Stripe's published metadata limits. */
const METADATA_KEYS = 50;
const METADATA_KEY_LENGTH = 40;
const METADATA_VALUE_LENGTH = 500;

export function optionalString(params: ParamObject, name: string, param = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${param} must be a string`);
  return value;
}

export function requiredString(params: ParamObject, name: string, param = name): string {
  const value = optionalString(params, name, param);
  if (value === undefined || value === '') throw missingParam(param);
  return value;
}

export function optionalBoolean(params: ParamObject, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(name, `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
}

export function optionalObject(params: ParamObject, name: string, param = name): ParamObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParam(param, `Invalid object: ${param} must be a hash`);
  }
  return value;
}

/** Stripe reads `a[0]`, `a[1]` (a hash with index keys) and `a[]` alike as a list. */
export function asList(value: ParamValue | undefined, param: string): ParamValue[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.every((key) => /^\d+$/.test(key))) {
      return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key] as ParamValue);
    }
  }
  throw invalidParam(param, `Invalid array: ${param} must be an array`, 'parameter_invalid_array');
}

/** `expand[]=subscription` / `expand[0]=subscription`. */
export function expandParam(params: ParamObject): string[] {
  return asList(params.expand, 'expand').map((value, index) => {
    if (typeof value !== 'string') throw invalidParam(`expand[${index}]`, 'Invalid string');
    return value;
  });
}

/**
 * Metadata to merge into an object's: a value of '' removes its key, as with Stripe, and
 * `metadata=` (empty) asks to clear it all (returned as null).
 */
export function metadataParam(value: ParamValue | undefined, param: string): Metadata | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParam(param, `Invalid object: ${param} must be a hash`);
  }
  const entries = Object.entries(value);
  if (entries.length > METADATA_KEYS) {
    throw invalidParam(param, `Invalid ${param}: metadata can have at most ${METADATA_KEYS} keys`);
  }
  const metadata: Metadata = {};
  for (const [key, entry] of entries) {
    if (typeof entry !== 'string') throw invalidParam(`${param}[${key}]`, 'Invalid string: metadata values');
    if (key.length > METADATA_KEY_LENGTH) {
      throw invalidParam(
        `${param}[${key}]`,
        `Metadata keys can be at most ${METADATA_KEY_LENGTH} characters`,
      );
    }
    if (entry.length > METADATA_VALUE_LENGTH) {
      throw invalidParam(
        `${param}[${key}]`,
        `Metadata values can be at most ${METADATA_VALUE_LENGTH} characters`,
      );
    }
    metadata[key] = entry;
  }
  return metadata;
}

/** Applies a `metadataParam` result to existing metadata. */
export function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Stripe insists on absolute http(s) URLs for redirects; it also keeps `javascript:` off our page. */
export function urlParam(params: ParamObject, name: string): string {
  const value = requiredString(params, name);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidParam(name, 'Not a valid URL', 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidParam(name, 'Not a valid URL', 'url_invalid');
  }
  return value;
}
