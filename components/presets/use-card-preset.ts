'use client';

import { useState } from 'react';
import type { Preset } from '@/lib/presets/schemas';
import { usePresets } from './use-presets';

/** The result card's preset: the one the visitor picked, else their default preset, else none. */
export function useCardPreset() {
  const presets = usePresets();
  const [pickedId, setPickedId] = useState<string | null>(null);
  const active: Preset | null = presets.find((preset) => preset.id === pickedId) ?? presets.find((preset) => preset.isDefault) ?? null;
  return { presets, active, pick: (preset: Preset) => setPickedId(preset.id) };
}
