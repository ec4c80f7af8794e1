import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'admin-test-password';

export interface TestRuntime extends LocalRuntime {
  dataDir: string;
  /** Moves the clock the handlers see (access windows, session expiry). */
  setNow: (d: Date | null) => void;
  close: () => Promise<void>;
}

/** The real embedded runtime (dynalite, s3rver, HTTP server) in a fresh temporary DATA_DIR. */
export async function startTestRuntime(options: { webDir?: string; warmAnalysis?: boolean } = {}): Promise<TestRuntime> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-test-'));
  let fixed: Date | null = null;
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    webDir: options.webDir ?? path.join(REPO_ROOT, 'web/dist'),
    now: () => fixed ?? new Date(),
    warmAnalysis: options.warmAnalysis,
  });
  return {
    ...runtime,
    dataDir,
    setNow: (d) => (fixed = d),
    close: async () => {
      await runtime.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny JSON client for the API under test. */
export function apiClient(baseUrl: string) {
  return async function call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {}) {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  };
}

export async function loginAs(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await apiClient(baseUrl)('POST', '/api/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
  return res.json.data.token as string;
}
