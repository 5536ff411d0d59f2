// A captured payment becomes a script whose pipelined statements replay as they were written: a
// statement joins the previous one's write only when it went out inside PipelineClient.sendTogether,
// before that one's answer.
import { describe, expect, it } from 'vitest';
import type { CapturedStatement } from './sql-capture.ts';
import { countScript, toScript } from './sql-replay.ts';

const statement = (text: string, sentAt: number, answeredAt: number, together?: true): CapturedStatement => ({
  text,
  params: [],
  rows: [],
  sentAt,
  answeredAt,
  ...(together ? { together } : {}),
});

describe('toScript', () => {
  it('marks BEGIN with the first statement and the last statement with COMMIT as one write each', () => {
    const script = toScript(
      [
        statement('select product', 0, 1),
        statement('begin', 10, 11, true),
        statement('claim the key', 10.1, 12, true),
        statement('insert into transactions', 13, 14, true),
        statement('commit', 13.1, 15, true),
        statement('update transactions set status', 16, 17),
      ],
      {},
      0,
      'test',
    );
    expect(script.statements.map((s) => !!s.withPrevious)).toEqual([false, false, true, false, true, false]);
    expect(countScript(script)).toEqual({ statements: 4, commits: 2, roundTrips: 4 });
  });

  it('keeps a statement in its own write when it was not sent together, even if sent before the previous answer', () => {
    const script = toScript(
      [statement('begin', 0, 2, true), statement('lazy read', 1, 3), statement('commit', 4, 5)],
      {},
      0,
      'test',
    );
    expect(script.statements.map((s) => !!s.withPrevious)).toEqual([false, false, false]);
    expect(countScript(script).roundTrips).toBe(3);
  });
});
