/** A fixed UTC window a counter lives in: its row key and the moment it resets. */
export interface RateWindow {
  name: 'minute' | 'hour' | 'day' | 'month';
  period: string;
  resetsAt: number;
}

export function minuteWindow(at: number): RateWindow {
  const d = new Date(at);
  return {
    name: 'minute',
    period: `minute:${d.toISOString().slice(0, 16)}`,
    resetsAt: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes() + 1),
  };
}

export function hourWindow(at: number): RateWindow {
  const d = new Date(at);
  return {
    name: 'hour',
    period: `hour:${d.toISOString().slice(0, 13)}`,
    resetsAt: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1),
  };
}

export function dayWindow(at: number): RateWindow {
  const d = new Date(at);
  return {
    name: 'day',
    period: `day:${d.toISOString().slice(0, 10)}`,
    resetsAt: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1),
  };
}

export function monthWindow(at: number): RateWindow {
  const d = new Date(at);
  return {
    name: 'month',
    period: `month:${d.toISOString().slice(0, 7)}`,
    resetsAt: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}
