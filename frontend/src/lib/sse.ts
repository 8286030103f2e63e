// A streaming parser for text/event-stream (the WHATWG "server-sent events" format).
// Feed it decoded text in whatever pieces the network delivers; it returns whole messages.

export interface SSEMessage {
  /** The `id:` of the message, when it had one. */
  id?: string;
  /** The `event:` type; "message" when the frame named none. */
  event: string;
  /** The `data:` lines joined by "\n". */
  data: string;
}

export class SSEParser {
  private buffer = '';
  private pendingCR = false;
  private started = false;
  private data: string[] = [];
  private event = '';
  private id: string | undefined;

  /** Parses the next piece of the stream and returns the messages it completed. */
  feed(chunk: string): SSEMessage[] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR that ended the previous chunk already ended its line: skip a LF that follows it.
    if (this.pendingCR && text.startsWith('\n')) text = text.slice(1);
    this.pendingCR = false;

    const out: SSEMessage[] = [];
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(this.buffer.slice(start, i), out);
      if (c === '\r') {
        if (i + 1 === this.buffer.length) this.pendingCR = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: SSEMessage[]): void {
    if (line === '') {
      this.dispatch(out);
      return;
    }
    if (line.startsWith(':')) return; // comment, e.g. ": ping"
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      default:
        break; // "retry" and unknown fields are ignored
    }
  }

  private dispatch(out: SSEMessage[]): void {
    if (this.data.length > 0) {
      const msg: SSEMessage = { event: this.event || 'message', data: this.data.join('\n') };
      if (this.id !== undefined) msg.id = this.id;
      out.push(msg);
    }
    this.data = [];
    this.event = '';
  }
}
