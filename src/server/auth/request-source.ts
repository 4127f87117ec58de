import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../plugins/ip-request-limit';

/**
 * Who sent a request, as the auth tables store it: a keyed hash of the client address, so the
 * tables can tell sources apart without keeping anyone's IP address.
 */
export function requestSource(key: Buffer, request: FastifyRequest): string {
  return createHmac('sha256', key)
    .update(`request-source:${clientAddress(request)}`)
    .digest('base64url');
}
