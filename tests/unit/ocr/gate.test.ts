import { describe, expect, it } from 'vitest';
import { releaseIfHeld, sharedPageGate } from '../../../functions/ocr/gate.ts';

describe('one OCR page at a time across analysis threads', () => {
  it('makes the second reader wait for the first', async () => {
    const buffer = new SharedArrayBuffer(4);
    const a = sharedPageGate(buffer, 1);
    const b = sharedPageGate(buffer, 2);
    const order: string[] = [];
    const releaseA = await a();
    const second = b().then((release) => {
      order.push('b');
      release();
    });
    await new Promise((r) => setTimeout(r, 30));
    order.push('a done');
    releaseA();
    await second;
    expect(order).toEqual(['a done', 'b']);
  });

  it('is freed when the thread holding it is stopped', async () => {
    const buffer = new SharedArrayBuffer(4);
    await sharedPageGate(buffer, 7)();
    releaseIfHeld(buffer, 3); // not the holder: nothing happens
    expect(new Int32Array(buffer)[0]).toBe(8);
    releaseIfHeld(buffer, 7);
    const release = await sharedPageGate(buffer, 9)();
    release();
    expect(new Int32Array(buffer)[0]).toBe(0);
  });
});
