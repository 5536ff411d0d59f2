import { describe, expect, it } from 'vitest';
import { mailBody } from './mail-body.ts';

describe('an e-mail body', () => {
  it('says the same in the text and the HTML part, with every value escaped in the HTML', () => {
    const { text, html } = mailBody({
      paragraphs: ['Hi <b>Ada</b>,'],
      rows: [['For', 'Mug "big" & <script>alert(1)</script>']],
      link: { href: 'https://kassa.test/x?a=1&b=2', label: 'View it' },
    });
    expect(text).toBe(
      'Hi <b>Ada</b>,\n\nFor: Mug "big" & <script>alert(1)</script>\n\nView it: https://kassa.test/x?a=1&b=2\n',
    );
    expect(html).toContain('<p>Hi &lt;b&gt;Ada&lt;/b&gt;,</p>');
    expect(html).toContain('Mug &quot;big&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://kassa.test/x?a=1&amp;b=2"');
    expect(html).not.toContain('<script>');
  });
});
