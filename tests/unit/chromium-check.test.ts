import { afterEach, describe, expect, it, vi } from 'vitest';

// tests/support/chromium.ts reads CHROMIUM_PATH when it is imported: import it afresh per case.
async function ensureChromiumWith(chromiumPath: string | undefined) {
  vi.resetModules();
  if (chromiumPath === undefined) vi.stubEnv('CHROMIUM_PATH', undefined as unknown as string);
  else vi.stubEnv('CHROMIUM_PATH', chromiumPath);
  return (await import('../support/chromium.ts')).ensureChromium;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the test command checks for Chromium before any test', () => {
  it('fails at once, naming the missing path and the one command to run, and installs nothing for a CHROMIUM_PATH that points nowhere', async () => {
    // Prepare
    const ensureChromium = await ensureChromiumWith('/nonexistent/chromium-for-test');
    // Act
    const act = () => ensureChromium();
    // Assess
    expect(act).toThrow(/Chromium in \/nonexistent\/chromium-for-test/);
    expect(act).toThrow(/apt-get install -y chromium/);
  });

  it('passes without a word when Chromium is where the browser helper looks', async () => {
    // Prepare: any existing file stands for the browser (the check looks for the file only)
    const ensureChromium = await ensureChromiumWith(process.execPath);
    // Act + Assess
    expect(() => ensureChromium()).not.toThrow();
  });
});
