// The games a round can be: board size, dice, scoring and time. The dice
// named here are English sets; another language rolls its pack's own dice
// (or dice made from its letter frequencies), as `boggle roll` does.

export interface Preset {
  id: string;
  name: string;
  size: string;
  /** The dice for an English pack (other packs: their own). */
  englishDice?: string;
  scoring: string;
  seconds: number;
}

export const PRESETS: Preset[] = [
  { id: "boggle", name: "Boggle (4×4, 3 min)", size: "4x4", englishDice: "1987", scoring: "boggle", seconds: 180 },
  { id: "big", name: "Big Boggle (5×5, 3 min)", size: "5x5", englishDice: "big", scoring: "big-boggle", seconds: 180 },
  { id: "hunt", name: "Word Hunt (4×4, 80 s)", size: "4x4", englishDice: "1987", scoring: "word-hunt", seconds: 80 },
  { id: "quick", name: "Quick (4×4, 1 min)", size: "4x4", englishDice: "1987", scoring: "boggle", seconds: 60 },
];

export function preset(id: string | null | undefined): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
