import { describe, expect, it } from 'vitest';
import { shutDownWithin } from './shutdown.ts';

describe('shutDownWithin', () => {
  it('runs the steps in order, each after the one before, and reports that they finished', async () => {
    const ran: string[] = [];
    const step = (name: string) => ({
      name,
      run: async () => {
        await new Promise((r) => setTimeout(r, 5));
        ran.push(name);
      },
    });
    expect(await shutDownWithin(1_000, [step('workers'), step('http'), step('pool')], () => {})).toBe(true);
    expect(ran).toEqual(['workers', 'http', 'pool']);
  });

  it('gives up at the bound when a step never ends, and says so', async () => {
    const said: string[] = [];
    const started = Date.now();
    const finished = await shutDownWithin(50, [{ name: 'pool', run: () => new Promise(() => {}) }], (msg) =>
      said.push(msg),
    );
    expect(finished).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(said).toEqual(['Shutdown: not finished within 50 ms; the process ends anyway']);
  });

  it('goes on past a step that fails, and reports the failure', async () => {
    const ran: string[] = [];
    const finished = await shutDownWithin(
      1_000,
      [
        { name: 'http', run: () => Promise.reject(new Error('busy')) },
        { name: 'pool', run: async () => void ran.push('pool') },
      ],
      () => {},
    );
    expect(finished).toBe(false);
    expect(ran).toEqual(['pool']);
  });
});
