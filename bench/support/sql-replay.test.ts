// A captured payment becomes a script whose pipelined statements replay as they were written: a
// statement joins the previous one's write only when it went out inside PipelineClient.sendTogether,
// before that one's answer.
import { describe, expect, it } from 'vitest';
import type { CapturedStatement } from './sql-capture.ts';
import { countScript, replayer, toScript } from './sql-replay.ts';

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

describe('fixtures', () => {
  it('names the ids and the other values of rows that exist before the payment, so a replay may use another row', async () => {
    const card = 'ab2c4f6e-0000-4000-8000-000000000001';
    const captured: CapturedStatement = {
      text: 'select charge',
      params: [card, 'sbx_pm_11aa', 'fp 0c1d and sbx_pm_11aa', 'd00dfeed-0000-4000-8000-00000000000f'],
      rows: [],
      sentAt: 0,
      answeredAt: 1,
    };
    const script = toScript([captured], { card, token: 'sbx_pm_11aa', fingerprint: '0c1d' }, 0, 'test');
    expect(script.statements[0]!.params).toEqual([
      '{{fix:card}}',
      '{{fix:token}}',
      'fp {{fix:fingerprint}} and {{fix:token}}',
      '{{new:0}}',
    ]);
    const sent: unknown[][] = [];
    const client = {
      query: async (_text: string, params: unknown[]) => {
        sent.push(params);
        return { rows: [] };
      },
    };
    const other = { card: 'ab2c4f6e-0000-4000-8000-000000000002', token: 'sbx_pm_22bb', fingerprint: '9e8f' };
    await replayer({ kind: 'pglite', client: client as never }, script, other)();
    expect(sent[0]!.slice(0, 3)).toEqual([other.card, other.token, 'fp 9e8f and sbx_pm_22bb']);
    expect(sent[0]![3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]![3]).not.toBe(captured.params[3]);
  });
});
