import { describe, expect, it } from 'vitest';
import { htmlToText, safeHtml, splitComment } from '../../../src/lib/safe-html.ts';

describe('safeHtml allow-list', () => {
  it('keeps b, strong, em and br, normalised and without attributes', () => {
    expect(safeHtml('<b>Starc</b> to <strong>Root</strong>, <em>FOUR</em><br/>next<BR >')).toBe(
      '<b>Starc</b> to <strong>Root</strong>, <em>FOUR</em><br>next<br>',
    );
    expect(safeHtml('<b class="x" onclick="alert(1)">bold</b>')).toBe('<b>bold</b>');
  });

  it('drops other tags, and script or style bodies entirely', () => {
    expect(safeHtml('a <a href="javascript:alert(1)">link</a> <img src=x onerror=alert(1)>b')).toBe('a link b');
    expect(safeHtml('x<script>alert("hi")</script>y<style>body{}</style>z')).toBe('xyz');
    expect(safeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(safeHtml('before<!-- <b>hidden</b> -->after')).toBe('beforeafter');
  });

  it('escapes text, keeps well-formed entities and escapes bare ampersands', () => {
    expect(safeHtml('1 < 2 & 3 > 2 "q" \'s')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot; &#39;s');
    expect(safeHtml('Kohli &amp; Faf &#8211; 50 &nbsp;')).toBe('Kohli &amp; Faf &#8211; 50 &nbsp;');
    expect(safeHtml('&lt;script&gt;')).toBe('&lt;script&gt;');
    expect(safeHtml('unterminated <script src=x')).toBe('unterminated &lt;script src=x');
  });

  it('closes tags left open and ignores stray closing tags', () => {
    expect(safeHtml('<b>bold <em>both')).toBe('<b>bold <em>both</em></b>');
    expect(safeHtml('plain</strong> text</b>')).toBe('plain text');
    expect(safeHtml('<b><em>x</b> y')).toBe('<b><em>x</em></b> y');
  });
});

describe('comment text', () => {
  it('plain text of rich text, entities decoded', () => {
    expect(htmlToText('<b>Bumrah</b> to Head,&nbsp;<em>OUT</em> &amp; gone<br>next')).toBe('Bumrah to Head, OUT & gone next');
    expect(htmlToText('&#x1F3CF; &#0; &bogus;')).toBe('🏏 \ufffd &bogus;');
  });

  it('splits the title off at the first colon', () => {
    expect(splitComment('<b>Starc to Crawley, FOUR</b>: driven: past cover')).toEqual({
      title: 'Starc to Crawley, FOUR',
      body: 'driven: past cover',
    });
    expect(splitComment('No colon <em>here</em>')).toEqual({ title: '', body: 'No colon <em>here</em>' });
  });
});
