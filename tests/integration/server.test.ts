// The server process and its HTTP contract: health check, API errors, shutdown.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';

describe('HTTP contract', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    app = await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('health check answers 200 while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('an unknown API path is a JSON 404 in the spec error style', async () => {
    const response = await app.inject({ method: 'GET', url: '/user/v1/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      status: false,
      message: 'No API resource at GET /user/v1/no/such/thing',
      errMsg: 'No API resource at GET /user/v1/no/such/thing',
      data: null,
    });
  });

  it('a bad query is a 400 with a message naming the field, never a stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/user/v1/get/all/matches?lang=fr' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ status: boolean; message: string }>();
    expect(body.status).toBe(false);
    expect(body.message).toBe('lang must be en or hi');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('the match list is empty, not an error, on an empty database', async () => {
    const response = await app.inject({ method: 'GET', url: '/user/v1/get/all/matches' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, data: [] });
  });

  it('health check answers 503 once the database is gone', async () => {
    await db.close();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
  });
});

describe('server process', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');

  function startServer(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', LIVE_REPLAYS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  it('refuses to start on an invalid setting and names the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('migrates, serves, and on SIGTERM finishes and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'server-test-'));
    try {
      const server = startServer({ DATA_DIR: dataDir, IMPORT_ON_START: 'false' });
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
          if (match?.[1]) {
            clearInterval(timer);
            resolve(match[1]);
          }
        }, 50);
        void server.exited.then(() => reject(new Error(`server exited early:\n${server.output()}`)));
      });
      const health = await fetch(`${address}/healthz`);
      expect(health.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
