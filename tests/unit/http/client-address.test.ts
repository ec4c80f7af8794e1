import { describe, expect, it } from 'vitest';
import { clientAddress, normalizeAddress } from '../../../functions/http/client-address.ts';
import { delayAfter, FREE_ATTEMPTS } from '../../../functions/storage/repositories/login-attempts.ts';
import { tooManyAttemptsMessage } from '../../../functions/services/sessions.ts';

const event = (sourceIp: string | undefined, headers: Record<string, string> = {}) => ({
  headers,
  requestContext: { requestId: 'r', http: { method: 'POST', path: '/api/auth/login', sourceIp } },
});

describe('client address', () => {
  it('uses the source address when the request does not come through CloudFront', () => {
    expect(clientAddress(event('203.0.113.9'), false)).toBe('203.0.113.9');
    // A client cannot choose its address by sending the header to the local server.
    expect(clientAddress(event('203.0.113.9', { 'cloudfront-viewer-address': '198.51.100.1:443' }), false)).toBe('203.0.113.9');
  });

  it("reads the viewer's address from CloudFront's header in the cloud, IPv4 and IPv6", () => {
    expect(clientAddress(event('130.176.1.1', { 'cloudfront-viewer-address': '198.51.100.10:46532' }), true)).toBe('198.51.100.10');
    expect(clientAddress(event('130.176.1.1', { 'CloudFront-Viewer-Address': '2001:db8:1:2:3:4:5:6:46532' }), true)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(event('130.176.1.1', { 'cloudfront-viewer-address': '[2001:db8::7]:443' }), true)).toBe('2001:db8:0:0::/64');
  });

  it('prefers the address our edge function sets, which no client can choose', () => {
    const both = { 'x-computa-viewer-ip': '203.0.113.9', 'cloudfront-viewer-address': '198.51.100.10:46532' };
    expect(clientAddress(event('130.176.1.1', both), true)).toBe('203.0.113.9');
    expect(clientAddress(event('130.176.1.1', { 'x-computa-viewer-ip': '2001:db8:1:2:3:4:5:6' }), true)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(event('127.0.0.1', both), false)).toBe('127.0.0.1');
  });

  it('falls back to the source address when the header is missing or malformed', () => {
    expect(clientAddress(event('130.176.1.1'), true)).toBe('130.176.1.1');
    expect(clientAddress(event('130.176.1.1', { 'cloudfront-viewer-address': 'not-an-address' }), true)).toBe('130.176.1.1');
    expect(clientAddress(event(undefined), false)).toBe('unknown');
  });

  it('folds IPv4-mapped addresses and keeps one IPv6 /64 as one client', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalizeAddress('2001:DB8:aaaa:bbbb::1')).toBe(normalizeAddress('2001:db8:aaaa:bbbb:ffff::2'));
    expect(normalizeAddress('2001:db8:aaaa:bbbb::1')).not.toBe(normalizeAddress('2001:db8:aaaa:bbbc::1'));
    expect(normalizeAddress('999.1.1.1')).toBeNull();
  });
});

describe('login delays', () => {
  it('gives free attempts, then doubles the wait up to a quarter of an hour', () => {
    expect(FREE_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4].map(delayAfter)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map(delayAfter)).toEqual([1, 2, 4, 8, 16]);
    expect(delayAfter(14)).toBe(512);
    expect(delayAfter(15)).toBe(900); // fifteen minutes at most
    expect(delayAfter(1000)).toBe(900);
  });

  it('says in Italian how long to wait', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Troppi tentativi di accesso non riusciti. Riprova tra 1 secondo.');
    expect(tooManyAttemptsMessage(8)).toBe('Troppi tentativi di accesso non riusciti. Riprova tra 8 secondi.');
    expect(tooManyAttemptsMessage(60)).toBe('Troppi tentativi di accesso non riusciti. Riprova tra 1 minuto.');
    expect(tooManyAttemptsMessage(512)).toBe('Troppi tentativi di accesso non riusciti. Riprova tra 9 minuti.');
  });
});
