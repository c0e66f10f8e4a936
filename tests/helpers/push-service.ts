// A local Web Push service for tests: an HTTPS server (a self-signed certificate made with openssl)
// that records each push request, checks its VAPID Authorization (RFC 8292: an ES256 JWT signed by
// the key it names) and decrypts its body as a browser would (RFC 8291, aes128gcm, RFC 8188), with
// the subscription's private key made in the test. The decryption is written here from the RFCs,
// not taken from web-push: it is what checks web-push's encryption.
import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  json: { p256dh: string; auth: string };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record decrypted with the browser's keys. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: 'vapid t=<jwt>, k=<key>' whose JWT is signed by k, for this audience, not expired. */
export function checkVapid(header: string | undefined, audience: string, publicKey: string): { sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('signed by another key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('bad vapid signature');
  if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }).alg !== 'ES256') throw new Error('not ES256');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`audience ${body.aud}, not ${audience}`);
  if (body.exp * 1000 < Date.now()) throw new Error('expired');
  return { sub: body.sub };
}

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface LocalPushService {
  origin: string;
  received: PushRequest[];
  /** Trusts the service's certificate (the sender's `agent`). */
  agent: Agent;
  /** Paths answered with this status instead of 201. */
  answer: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(folder, 'key.pem'), '-out', path.join(folder, 'cert.pem'),
  ], { stdio: 'ignore' });
  const key = readFileSync(path.join(folder, 'key.pem'));
  const cert = readFileSync(path.join(folder, 'cert.pem'));
  rmSync(folder, { recursive: true, force: true });
  const received: PushRequest[] = [];
  const answer = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestPath = request.url ?? '/';
      received.push({ path: requestPath, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answer.get(requestPath) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    received,
    agent,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
