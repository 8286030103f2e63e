// A push-to-pull bridge: producers push values, one consumer iterates them with for-await.
// `onClose` runs once, when the queue ends (end/fail) or the consumer stops (return).

type Waiter<T> = { resolve: (r: IteratorResult<T>) => void; reject: (e: unknown) => void };

export class AsyncQueue<T> implements AsyncIterableIterator<T> {
  private values: T[] = [];
  private waiter: Waiter<T> | null = null;
  private ended = false;
  private closed = false;
  private failure: { error: unknown } | null = null;

  constructor(private readonly onClose: () => void = () => {}) {}

  get isEnded(): boolean {
    return this.ended;
  }

  push(value: T): void {
    if (this.ended) return;
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.resolve({ value, done: false });
    } else {
      this.values.push(value);
    }
  }

  /** Ends the iteration after the values already pushed. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.close();
    this.settleWaiter();
  }

  /** Ends the iteration with an error, thrown after the values already pushed. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = { error };
    this.end();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.values.length > 0) return Promise.resolve({ value: this.values.shift() as T, done: false });
    if (this.ended) return this.finish();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.values = [];
    this.failure = null;
    this.ended = true;
    this.close();
    this.settleWaiter();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }

  private finish(): Promise<IteratorResult<T>> {
    const f = this.failure;
    if (f) {
      this.failure = null;
      return Promise.reject(f.error);
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  private settleWaiter(): void {
    const w = this.waiter;
    if (!w || this.values.length > 0) return;
    this.waiter = null;
    this.finish().then(w.resolve, w.reject);
  }
}
