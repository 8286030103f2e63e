import { describe, expect, it } from 'vitest';
import { SSEParser } from './sse';

const stream = 'id: 1\nevent: tick\ndata: {"a":1}\n\n: ping\n\nid: 2\nevent: done\ndata: line one\ndata: line two\n\n';

describe('SSEParser', () => {
  it('parses whole frames, skipping comments', () => {
    const msgs = new SSEParser().feed(stream);
    expect(msgs).toEqual([
      { id: '1', event: 'tick', data: '{"a":1}' },
      { id: '2', event: 'done', data: 'line one\nline two' },
    ]);
  });

  it('gives the same messages whatever the chunk boundaries', () => {
    const whole = new SSEParser().feed(stream);
    for (let size = 1; size <= 7; size++) {
      const p = new SSEParser();
      const got = [];
      for (let i = 0; i < stream.length; i += size) got.push(...p.feed(stream.slice(i, i + size)));
      expect(got).toEqual(whole);
    }
  });

  it('accepts CRLF and CR line ends, even a CRLF split across chunks', () => {
    const p = new SSEParser();
    const got = [...p.feed('data: a\r'), ...p.feed('\n\r'), ...p.feed('\ndata: b\r\r')];
    expect(got).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('strips one leading space only, ignores a leading BOM and unknown fields', () => {
    const got = new SSEParser().feed('\ufeffretry: 10\nfoo: bar\ndata:  two spaces\ndata\n\n');
    expect(got).toEqual([{ event: 'message', data: ' two spaces\n' }]);
  });

  it('keeps an unfinished frame until its blank line arrives', () => {
    const p = new SSEParser();
    expect(p.feed('data: x\n')).toEqual([]);
    expect(p.feed('\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
