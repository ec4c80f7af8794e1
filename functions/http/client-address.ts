import { isIP } from 'node:net';
import type { HttpEvent } from './types.ts';

/** Header CloudFront adds with the viewer's address and port: "198.51.100.10:46532", "2001:db8::1:46532". */
const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
/**
 * Header our CloudFront viewer-request function sets to the viewer's IP (no port) on every API
 * request, overwriting whatever the client sent: it does not depend on which CloudFront headers
 * the origin request policy forwards (infra/cloud/web.ts).
 */
const EDGE_VIEWER_IP_HEADER = 'x-computa-viewer-ip';

/**
 * The caller's address, as a key for per-address limits.
 *
 * Behind CloudFront, API Gateway sees an edge server as `sourceIp`; the viewer's own address
 * arrives in `cloudfront-viewer-address`. Anyone can send that header, so it is read only when
 * `trustViewerHeader` says the request came through CloudFront (the cloud configuration); the
 * local server passes the socket address as `sourceIp` and never trusts the header.
 *
 * IPv4-mapped IPv6 addresses become plain IPv4; IPv6 addresses are cut to their /64 network, the
 * block one subscriber usually holds, so rotating addresses inside it does not buy new attempts.
 */
export function clientAddress(event: Pick<HttpEvent, 'headers' | 'requestContext'>, trustViewerHeader: boolean): string {
  if (trustViewerHeader) {
    const edge = headerValue(event.headers, EDGE_VIEWER_IP_HEADER);
    const fromEdge = edge === undefined ? null : normalizeAddress(edge);
    if (fromEdge) return fromEdge;
    const header = headerValue(event.headers, VIEWER_ADDRESS_HEADER);
    const viewer = header === undefined ? null : normalizeAddress(stripPort(header));
    if (viewer) return viewer;
  }
  const source = event.requestContext?.http?.sourceIp;
  return (source && normalizeAddress(source)) || 'unknown';
}

function headerValue(headers: HttpEvent['headers'] | undefined, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() === name && v !== undefined) return v;
  return undefined;
}

/** "ip:port", "[ipv6]:port" or an IPv6 address followed by ":port" -> the address part. */
function stripPort(value: string): string {
  const v = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed) return bracketed[1];
  if (isIP(v) === 4) return v; // no port at all
  // CloudFront always appends the port, also to an unbracketed IPv6 address.
  const cut = v.lastIndexOf(':');
  return cut > 0 && /^\d+$/.test(v.slice(cut + 1)) ? v.slice(0, cut) : v;
}

/** A canonical form of an IP address, or null when it is not one. */
export function normalizeAddress(raw: string): string | null {
  const value = raw.trim().replace(/%.*$/, ''); // drop an IPv6 zone id
  const kind = isIP(value);
  if (kind === 4) return value;
  if (kind !== 6) return null;
  const groups = expandIpv6(value);
  // ::ffff:a.b.c.d (IPv4-mapped), as Node reports IPv4 clients on a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** Eight 16-bit groups of a valid IPv6 address (possibly with "::" and a dotted IPv4 tail). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}
