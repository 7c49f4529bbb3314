import { describe, expect, it } from 'vitest';
import { htmlToText, htmlToTextWithCut } from './html-to-text';

describe('htmlToText', () => {
  it('turns paragraphs and headings into blank-line separated blocks', () => {
    expect(
      htmlToText('<h2>Task</h2><p>Write an <strong>essay</strong>\n   about  rivers.</p><div>Due Friday.</div>'),
    ).toBe('Task\n\nWrite an essay about rivers.\n\nDue Friday.');
  });

  it('turns lists into lines, numbering ordered lists and indenting nested ones', () => {
    const html =
      '<p>Steps:</p><ol><li>Read</li><li>Write<ul><li>draft</li><li>final</li></ul></li></ol><ul><li>Bonus</li></ul>';
    expect(htmlToText(html)).toBe('Steps:\n\n1. Read\n2. Write\n  - draft\n  - final\n\n- Bonus');
    expect(htmlToText('<ol start="3"><li>c</li><li>d</li></ol>')).toBe('3. c\n4. d');
  });

  it('decodes entities and keeps line breaks', () => {
    expect(htmlToText('Tom &amp; Jerry&nbsp;&mdash; &quot;hi&quot; &#39;x&#39; &#x263A; &copy;<br>next<br/>line')).toBe(
      'Tom & Jerry — "hi" \'x\' ☺ ©\nnext\nline',
    );
    expect(htmlToText('&unknown; &lt;b&gt; &#0; &#xD800;')).toBe('&unknown; <b> \uFFFD \uFFFD');
  });

  it('drops scripts, styles, comments and the head, with their content', () => {
    const html =
      '<head><title>T</title><style>p{color:red}</style></head><!-- secret --><p>Visible</p><script>alert("x > y")</script><noscript>no</noscript>';
    expect(htmlToText(html)).toBe('Visible');
  });

  it('copes with attributes containing ">" and with broken markup', () => {
    expect(htmlToText('<p title="a > b">Text</p>')).toBe('Text');
    expect(htmlToText('5 < 6 and <p>unclosed')).toBe('5 < 6 and\n\nunclosed');
    expect(htmlToText('<script>never closed')).toBe('');
  });

  it('separates table cells and rows, and keeps image alt text', () => {
    expect(
      htmlToText(
        '<table><tr><th>Name</th><th>Score</th></tr><tr><td>A</td><td>9</td></tr></table><img src="x.png" alt="A chart">',
      ),
    ).toBe('Name | Score\nA | 9\n\n[image: A chart]');
  });

  it('returns an empty string for empty input', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p> </p><p>&nbsp;</p>')).toBe('');
  });

  it('reads pathological markup in one pass: unclosed tags, and runs of spaces that end no line', () => {
    // Each of these takes a backtracking regex tokenizer, or a tree builder that searches its stack, from seconds to hours.
    expect(htmlToText("<a '".repeat(48_000))).toBe('');
    expect(htmlToText(`<p>start</p>${"<a '".repeat(1_250_000)}`)).toBe('start');
    expect(htmlToText(`<pre>a${' '.repeat(150_000)}b</pre>`, { maxCharacters: 200_000 })).toBe(
      `a${' '.repeat(150_000)}b`,
    );
    expect(htmlToText(`<p>x</p>${'<div>'.repeat(200_000)}y`, { maxCharacters: 1_000_000 })).toBe('x\n\ny');
  });

  it('stops reading at the text limit and says so', () => {
    const html = `<p>${'word '.repeat(5_000)}</p><p>${'more '.repeat(5_000)}</p>`;
    const { text, isCut } = htmlToTextWithCut(html, { maxCharacters: 1_000 });
    expect(isCut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text.startsWith('word word')).toBe(true);
    expect(htmlToTextWithCut('<p>short</p>', { maxCharacters: 1_000 })).toEqual({ text: 'short', isCut: false });
  });
});
