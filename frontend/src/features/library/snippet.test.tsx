import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSnippet, snippetText, unescapeHtml } from './snippet';
import { Snippet } from './Snippet';

describe('unescapeHtml', () => {
  it('unescapes the five entities and numeric references', () => {
    expect(unescapeHtml('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;')).toBe(`a & b <c> "d" 'e'`);
    expect(unescapeHtml('&#x27;&#X41;&#1575;&#128512;')).toBe("'Aا😀");
  });

  it('unescapes once only and leaves unknown or invalid references alone', () => {
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
    expect(unescapeHtml('&bogus; & &#xD800; &#99999999;')).toBe('&bogus; & &#xD800; &#99999999;');
  });
});

describe('parseSnippet', () => {
  it('splits plain and marked parts', () => {
    expect(parseSnippet('The <mark>notice</mark> period for <mark>termination</mark>.')).toEqual([
      { text: 'The ', mark: false },
      { text: 'notice', mark: true },
      { text: ' period for ', mark: false },
      { text: 'termination', mark: true },
      { text: '.', mark: false },
    ]);
  });

  it('unescapes inside and outside marks', () => {
    expect(parseSnippet('A &amp; B <mark>&lt;b&gt;</mark> &#39;x&#39;')).toEqual([
      { text: 'A & B ', mark: false },
      { text: '<b>', mark: true },
      { text: " 'x'", mark: false },
    ]);
  });

  it('treats only <mark> as a tag: escaped markup stays text', () => {
    const parts = parseSnippet('&lt;script&gt;alert(1)&lt;/script&gt; <mark>x</mark>');
    expect(parts[0]).toEqual({ text: '<script>alert(1)</script> ', mark: false });
  });

  it('copes with an unclosed mark, a stray close and adjacent marks', () => {
    expect(parseSnippet('a <mark>b')).toEqual([
      { text: 'a ', mark: false },
      { text: 'b', mark: true },
    ]);
    expect(parseSnippet('a</mark> b')).toEqual([{ text: 'a b', mark: false }]);
    expect(parseSnippet('<mark>a</mark><mark>b</mark>')).toEqual([{ text: 'ab', mark: true }]);
    expect(parseSnippet('')).toEqual([]);
  });

  it('keeps Arabic text and marks', () => {
    expect(snippetText('يجب <mark>إخطار</mark> الطرف')).toBe('يجب إخطار الطرف');
  });
});

describe('<Snippet>', () => {
  it('renders marks as <mark> elements and everything else as text — never as HTML', () => {
    const { container } = render(
      <Snippet snippet={'&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; the <mark>notice</mark> &lt;img src=x onerror=alert(1)&gt;'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>alert("x")</script> the notice <img src=x onerror=alert(1)>');
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('notice');
    expect(container.querySelector('p')).toHaveAttribute('dir', 'auto');
  });

  it('does not turn a raw tag in the snippet into an element', () => {
    const { container } = render(<Snippet snippet={'<b>bold</b> <mark>hit</mark>'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<b>bold</b> hit');
  });
});
