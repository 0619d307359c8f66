'use client';

import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { formatTimeText } from '@/lib/media/trim/time-text';
import { TimeField } from './time-field';
import { keyTarget, moveEnd, type TrimValue } from '@/lib/client/trim-range';
import { useDirection } from '@/lib/client/use-direction';

type End = 'start' | 'end';

/**
 * Two handles over the media's duration (role=slider, arrow keys, Page Up/Down, Home/End) and the same ends as typed
 * times. The timeline follows the page's direction: in a right-to-left language time runs from the right end of the
 * track to the left, the handles, the pointer and the arrow keys with it (ArrowRight moves toward the start there).
 */
export function TrimControl({ duration, value, onChange }: { duration: number; value: TrimValue; onChange: (next: TrimValue) => void }) {
  const t = useTranslations('MediaResult');
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef<End | null>(null);
  const dir = useDirection();
  const percent = (seconds: number) => `${(seconds / duration) * 100}%`;
  const move = (which: End, seconds: number) => onChange(moveEnd(value, which, seconds, duration));

  const secondsAt = (clientX: number) => {
    const box = track.current!.getBoundingClientRect();
    const fromStart = dir === 'rtl' ? box.right - clientX : clientX - box.left;
    return (Math.min(Math.max(fromStart, 0), box.width) / box.width) * duration;
  };
  const onTrackDown = (event: PointerEvent<HTMLDivElement>) => {
    const at = secondsAt(event.clientX);
    // The nearer handle follows the pointer; a press between them takes the start when it is nearer.
    const which: End = Math.abs(at - value.start) <= Math.abs(at - value.end) ? 'start' : 'end';
    dragging.current = which;
    event.currentTarget.setPointerCapture(event.pointerId);
    move(which, at);
  };
  const onTrackMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) move(dragging.current, secondsAt(event.clientX));
  };
  const onKey = (which: End) => (event: KeyboardEvent<HTMLDivElement>) => {
    const target = keyTarget(event.key, value[which], duration, dir);
    if (target === undefined) return;
    event.preventDefault();
    move(which, target);
  };

  const handle = (which: End) => (
    <div
      role="slider"
      tabIndex={0}
      data-testid={`trim-${which}-handle`}
      aria-label={which === 'start' ? t('trimStart') : t('trimEnd')}
      aria-valuemin={which === 'start' ? 0 : value.start}
      aria-valuemax={which === 'start' ? value.end : duration}
      aria-valuenow={value[which]}
      aria-valuetext={formatTimeText(value[which])}
      onKeyDown={onKey(which)}
      // Centred on its time: half its width back toward the track's start, whichever side that is.
      className={`absolute top-1/2 h-5 w-5 ${dir === 'rtl' ? 'translate-x-1/2' : '-translate-x-1/2'} -translate-y-1/2 cursor-grab rounded-full border-2 border-primary bg-background shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
      style={{ insetInlineStart: percent(value[which]) }}
    />
  );

  return (
    <div className="flex flex-col gap-3" data-testid="trim-control">
      <p id="trim-hint" className="text-xs text-muted-foreground">{t('trimHint')}</p>
      <div
        ref={track}
        dir={dir}
        role="group"
        aria-label={t('trimTimeline')}
        aria-describedby="trim-hint"
        data-testid="trim-track"
        className="relative mx-2.5 h-8 touch-none select-none"
        onPointerDown={onTrackDown}
        onPointerMove={onTrackMove}
        onPointerUp={() => (dragging.current = null)}
        onPointerCancel={() => (dragging.current = null)}
      >
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-muted" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary"
          style={{ insetInlineStart: percent(value.start), width: percent(value.end - value.start) }}
        />
        {handle('start')}
        {handle('end')}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TimeField id="trim-start" label={t('trimStart')} seconds={value.start} min={0} max={value.end} onCommit={(s) => move('start', s)} />
        <TimeField id="trim-end" label={t('trimEnd')} seconds={value.end} min={value.start} max={duration} onCommit={(s) => move('end', s)} />
        <p className="pb-2 text-sm tabular-nums text-muted-foreground" data-testid="trim-length">
          {t('trimLength', { length: formatTimeText(value.end - value.start) })}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="trim-exact"
          checked={value.exact}
          onChange={(event) => onChange({ ...value, exact: event.target.checked })}
          className="h-4 w-4 accent-primary"
        />
        {t('trimExact')}
      </label>
    </div>
  );
}
