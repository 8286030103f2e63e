// The model block of LLM-family nodes ({provider, name, mode,
// completion_params}) and the checks the engine makes on it.
import { isRecord, numberOf, recordOf, textOf, type Config } from './config';

export interface ModelRef {
  provider: string;
  name: string;
}

export function modelOf(c: Config | undefined): ModelRef {
  const m = recordOf(c, 'model');
  return { provider: textOf(m, 'provider'), name: textOf(m, 'name') };
}

/** Checks completion parameters under `field` ("model.completion_params"). */
export function checkCompletionParams(check: (field: string, ok: boolean, message: string) => void, c: Config | undefined): void {
  const p = recordOf(recordOf(c, 'model'), 'completion_params');
  const f = 'model.completion_params';
  const t = p.temperature;
  if (t !== undefined) check(`${f}.temperature`, typeof t === 'number' && t >= 0 && t <= 2, 'Temperature is from 0 to 2.');
  const top = p.top_p;
  if (top !== undefined) check(`${f}.top_p`, typeof top === 'number' && top > 0 && top <= 1, 'Top P is above 0 and at most 1.');
  const max = p.max_tokens;
  if (max !== undefined) check(`${f}.max_tokens`, Number.isInteger(max) && (max as number) > 0, 'Max tokens is a whole number above 0.');
}

/** The memory window of a chat node: how many past turns it replays (0 when off). */
export function memoryWindowOf(c: Config | undefined): { enabled: boolean; size: number } {
  const mem = c?.memory;
  if (!isRecord(mem)) return { enabled: false, size: 10 };
  const w = recordOf(mem, 'window');
  return { enabled: w.enabled === true, size: numberOf(w, 'size') ?? 10 };
}

export function checkMemory(check: (field: string, ok: boolean, message: string) => void, c: Config | undefined): void {
  const w = recordOf(recordOf(c, 'memory'), 'window');
  if (w.enabled === true) {
    const size = w.size;
    check('memory.window.size', Number.isInteger(size) && (size as number) >= 1 && (size as number) <= 100, 'Keep 1 to 100 past messages.');
  }
}
